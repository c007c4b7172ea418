/* The plain picolibc program of docs/sdk.md: built with Debian's picolibc (its crt0 and
 * semihosting) and the SDK's installed link script, without the SDK's runtime. It checks what
 * picolibc's start-up code relies on the link script for: .data in place, .bss and .tbss zero,
 * the TLS block (errno) usable and its template (_init_tls, for a further thread), the heap
 * between __heap_start and __heap_end, a constructor run. With HELLO_COUNTERS (the pkg-config
 * way, whose flags include the SDK's headers) it also reads minstret with pmusim_rt.h's macros.
 * Prints one line and exits 0 when all of it holds, 1 and the failed check otherwise. */
#include <errno.h>
#include <limits.h>
#include <picotls.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HELLO_COUNTERS
#include <pmusim_rt.h>
#endif

extern char __heap_start[], __heap_end[], __tls_base[];

static volatile int initialised = 42;
static volatile int zeroed;
static _Thread_local volatile int tls_zeroed;
static _Thread_local volatile int tls_initialised = 7;
static volatile int constructed;
static unsigned char tls_block[256] __attribute__((aligned(16)));

__attribute__((constructor)) static void construct(void)
{
    constructed = 1;
}

static int check(int ok, const char *what)
{
    if (!ok)
        printf("FAIL: %s\n", what);
    return ok ? 0 : 1;
}

int main(void)
{
    int failed = 0;
    failed |= check(initialised == 42, ".data initialised");
    failed |= check(zeroed == 0, ".bss zeroed");
    failed |= check(tls_initialised == 7, ".tdata initialised");
    failed |= check(tls_zeroed == 0, ".tbss zeroed");
    failed |= check(constructed == 1, "constructor run");
    errno = 0;
    failed |= check(strtol("99999999999999999999999", NULL, 10) == LONG_MAX && errno == ERANGE, "errno");
    /* a further thread's TLS block, from the template (tp is __tls_base, set by crt0) */
    size_t tls_size = _tls_size();
    failed |= check(tls_size >= 2 * sizeof(int) && tls_size <= sizeof tls_block, "__tls_size");
    if (!failed) {
        memset(tls_block, 0xa5, sizeof tls_block);
        _init_tls(tls_block);
        int copy_initialised, copy_zeroed;
        memcpy(&copy_initialised, tls_block + ((uintptr_t)&tls_initialised - (uintptr_t)__tls_base), sizeof(int));
        memcpy(&copy_zeroed, tls_block + ((uintptr_t)&tls_zeroed - (uintptr_t)__tls_base), sizeof(int));
        failed |= check(copy_initialised == 7 && copy_zeroed == 0, "_init_tls");
    }
#ifdef HELLO_COUNTERS
    uint64_t before = rt_read_minstret();
    for (volatile int i = 0; i < 100; i++) {
    }
    failed |= check(rt_read_minstret() - before >= 100, "minstret counts");
#endif
    char *p = malloc(4096);
    failed |= check(p != NULL && p >= __heap_start && p + 4096 <= __heap_end, "malloc from the heap");
    free(p);
    if (failed)
        return 1;
    printf("hello from picolibc on pmusim\n");
    return 0;
}
