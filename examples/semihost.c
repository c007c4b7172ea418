/*
 * semihost: RISC-V semihosting used directly (no runtime console, no exit device).
 * The call is "slli x0,x0,0x1f; ebreak; srai x0,x0,7" (uncompressed, in one
 * 16-byte aligned block) with a0 = operation, a1 = parameter (block pointer).
 * Uses SYS_WRITE0, SYS_OPEN(":tt") + SYS_WRITE, SYS_CLOCK, SYS_TIME,
 * SYS_GET_CMDLINE, SYS_ERRNO and ends with SYS_EXIT (success) or, when
 * SEMIHOST_EXIT_CODE is non-zero or a check fails, SYS_EXIT_EXTENDED.
 * All output goes through semihosting; the last line is "instret: N".
 */
#include <string.h>

#include "pmusim_example.h"

#ifndef SEMIHOST_EXIT_CODE
#define SEMIHOST_EXIT_CODE 0
#endif

#define SYS_OPEN 0x01
#define SYS_WRITE0 0x04
#define SYS_WRITE 0x05
#define SYS_CLOCK 0x10
#define SYS_TIME 0x11
#define SYS_ERRNO 0x13
#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT 0x18
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

__attribute__((noinline)) static intptr_t semihost(uintptr_t op, const void *arg)
{
    register uintptr_t a0 __asm__("a0") = op;
    register const void *a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n\t"
                     ".option norvc\n\t"
                     ".balign 16\n\t"
                     "slli x0, x0, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai x0, x0, 7\n\t"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return (intptr_t)a0;
}

static void sh_puts(const char *s) { semihost(SYS_WRITE0, s); }

static char line[160];
#define sh_printf(...)                                                                             \
    do {                                                                                           \
        rt_snprintf(line, sizeof line, __VA_ARGS__);                                               \
        sh_puts(line);                                                                             \
    } while (0)

/* Fixed-width hex: the same instruction count for every value. */
static void hex64(char *out, uint64_t v)
{
    for (int i = 15; i >= 0; i--) {
        out[i] = "0123456789abcdef"[v & 15u];
        v >>= 4;
    }
    out[16] = 0;
}

__attribute__((noreturn)) static void sh_exit(int code)
{
    if (code == 0) {
#if __riscv_xlen == 64
        static const uintptr_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, 0};
        semihost(SYS_EXIT, block);
#else
        semihost(SYS_EXIT, (const void *)(uintptr_t)ADP_STOPPED_APPLICATION_EXIT);
#endif
    } else {
        uintptr_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uintptr_t)code};
        semihost(SYS_EXIT_EXTENDED, block);
    }
    for (;;) /* semihosting unavailable: fall back to the machine's exit device */
        rt_exit(code);
}

int main(void)
{
    uint64_t t0 = rt_read_minstret();

    sh_puts("semihost: hello via SYS_WRITE0\n");

    static const char tt[] = ":tt";
    uintptr_t open_args[3] = {(uintptr_t)tt, 4 /* "w" */, sizeof tt - 1};
    intptr_t fd = semihost(SYS_OPEN, open_args);
    static const char msg[] = "semihost: hello via SYS_WRITE\n";
    uintptr_t write_args[3] = {(uintptr_t)fd, (uintptr_t)msg, sizeof msg - 1};
    intptr_t not_written = semihost(SYS_WRITE, write_args);

    intptr_t clock0 = semihost(SYS_CLOCK, 0);
    intptr_t now = semihost(SYS_TIME, 0);
    /* some work between the two clock readings */
    uint32_t seed = 1, acc = 0;
    for (int i = 0; i < 20000; i++)
        acc += ex_rand(&seed) >> 28;
    intptr_t clock1 = semihost(SYS_CLOCK, 0);

    static char cmdline[128];
    uintptr_t cmd_args[2] = {(uintptr_t)cmdline, sizeof cmdline};
    intptr_t cmd_rc = semihost(SYS_GET_CMDLINE, cmd_args);
    intptr_t err = semihost(SYS_ERRNO, 0);

    int ok_open = fd != -1, ok_write = not_written == 0, ok_clock = clock0 != -1 && clock1 >= clock0,
        ok_time = now != -1, ok_cmd = cmd_rc == 0 && cmd_args[1] < sizeof cmdline;
    int failures = !ok_open + !ok_write + !ok_clock + !ok_time + !ok_cmd;
    uint64_t t1 = rt_read_minstret();

    /* host-dependent values: printed after the measured region */
    char h0[17], h1[17], ht[17];
    hex64(h0, (uint64_t)clock0);
    hex64(h1, (uint64_t)clock1);
    hex64(ht, (uint64_t)now);
    sh_printf("semihost: open=%s write=%s clock=%s time=%s cmdline=%s\n", ok_open ? "ok" : "FAIL",
              ok_write ? "ok" : "FAIL", ok_clock ? "ok" : "FAIL", ok_time ? "ok" : "FAIL",
              ok_cmd ? "ok" : "FAIL");
    sh_printf("semihost: clock 0x%s -> 0x%s, time 0x%s, errno %d, work 0x%08x\n", h0, h1, ht,
              (int)err, (unsigned)acc);
    if (ok_cmd)
        sh_printf("semihost: cmdline \"%s\"\n", cmdline);
    sh_printf("semihost: %s\n", failures ? "FAIL" : "PASS");
    sh_printf("instret: %llu\n", (unsigned long long)(t1 - t0));
    sh_exit(failures ? 1 : SEMIHOST_EXIT_CODE);
}
