/* Built out of pmusim's tree with the installed SDK (pmusim_add_guest of the CMake package
 * pmusim-sdk): checks what the SDK's start-up code, runtime and link script provide, prints one
 * line naming the machine port and XLEN it was built for, and exits 0; on a failed check it
 * prints what failed and exits 1. */
#include <stdio.h>
#include <stdlib.h>

#include "pmusim_rt.h"
#include "selfcheck_loop.h"

static volatile int initialised = 42;
static volatile int zeroed;
static volatile int constructed;

__attribute__((constructor)) static void construct(void)
{
    constructed = 1;
}

static int check(int ok, const char *what)
{
    if (!ok)
        rt_printf("FAIL: %s\n", what);
    return ok ? 0 : 1;
}

int main(void)
{
    int failed = 0;
    failed |= check(initialised == 42, ".data initialised");
    failed |= check(zeroed == 0, ".bss zeroed");
    failed |= check(constructed == 1, "constructor run");

    /* minstret counts the loop's instructions: at least one per iteration */
    uint64_t before = rt_read_minstret();
    for (volatile int i = 0; i < SELFCHECK_LOOP; i++) {
    }
    uint64_t after = rt_read_minstret();
    failed |= check(after - before >= SELFCHECK_LOOP, "minstret counts");

    char *p = malloc(4096);
    failed |= check(p != NULL && p >= __heap_start && p + 4096 <= __heap_end, "malloc from the heap");
    free(p);

    char buf[32];
    rt_snprintf(buf, sizeof buf, "%d-%x", -5, 0xbeefu);
    failed |= check(buf[0] == '-' && buf[1] == '5' && buf[2] == '-' && buf[3] == 'b' && buf[7] == '\0',
                    "rt_snprintf");
    if (failed)
        return 1;
    printf("sdk selfcheck ok: %s rv%d\n", RT_MACHINE_NAME, __riscv_xlen);
    return 0;
}
