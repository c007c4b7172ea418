/*
 * traps: exercises rt_set_trap_handler. A handler counts ecall, ebreak and
 * illegal-instruction traps, checks mcause/mepc, emulates a tiny "syscall" for
 * ecall (a0 = a0 * 2 + 1, written back through the saved-register frame) and
 * skips the faulting instruction. Also checks that other registers survive a trap.
 * Built with -DTRAP_UNHANDLED=1 it instead ends with an unhandled illegal
 * instruction: the default handler prints "unexpected trap ..." and exits with 3.
 */
#include "pmusim_example.h"

#if __riscv_xlen == 64
#define SX "sd"
#else
#define SX "sw"
#endif

static volatile unsigned n_ecall, n_ebreak, n_illegal, n_other;
static volatile uintptr_t expected_mepc;
static volatile int mepc_ok = 1;

static uintptr_t handler(rt_trap_frame_t *f)
{
    if (f->mepc != expected_mepc)
        mepc_ok = 0;
    switch (f->mcause) {
    case RT_CAUSE_ECALL_M:
        n_ecall++;
        f->x[10] = f->x[10] * 2 + 1;
        break;
    case RT_CAUSE_BREAKPOINT:
        n_ebreak++;
        break;
    case RT_CAUSE_ILLEGAL_INSTRUCTION:
        n_illegal++;
        break;
    default:
        n_other++;
        break;
    }
    return f->mepc + rt_insn_len(f->mepc);
}

static uintptr_t do_ecall(uintptr_t arg)
{
    register uintptr_t a0 __asm__("a0") = arg;
    uintptr_t at;
    __asm__ volatile("lla %1, 1f\n\t"
                     SX " %1, 0(%2)\n"
                     "1: ecall"
                     : "+r"(a0), "=&r"(at)
                     : "r"(&expected_mepc)
                     : "memory");
    return a0;
}

static void do_ebreak(void)
{
    uintptr_t at;
    __asm__ volatile("lla %0, 1f\n\t"
                     SX " %0, 0(%1)\n"
                     "1: ebreak"
                     : "=&r"(at)
                     : "r"(&expected_mepc)
                     : "memory");
}

static void do_illegal(void)
{
    uintptr_t at;
    /* unimp = csrrw x0, cycle, x0 (write to a read-only CSR), 4 bytes */
    __asm__ volatile(".option push\n\t.option norvc\n\t"
                     "lla %0, 1f\n\t"
                     SX " %0, 0(%1)\n"
                     "1: unimp\n\t"
                     ".option pop"
                     : "=&r"(at)
                     : "r"(&expected_mepc)
                     : "memory");
}

/* Loads known values into temporaries, traps, and returns their sum afterwards. */
static uintptr_t regs_across_trap(void)
{
    uintptr_t sum;
    __asm__ volatile("li t0, 11\n\tli t1, 22\n\tli t2, 33\n\tli t3, 44\n\t"
                     "li t4, 55\n\tli t5, 66\n\tli t6, 77\n\tli a7, 88\n\t"
                     "lla a6, 1f\n\t" SX " a6, 0(%1)\n\tli a6, 99\n"
                     "1: ebreak\n\t"
                     "add %0, t0, t1\n\tadd %0, %0, t2\n\tadd %0, %0, t3\n\tadd %0, %0, t4\n\t"
                     "add %0, %0, t5\n\tadd %0, %0, t6\n\tadd %0, %0, a7\n\tadd %0, %0, a6"
                     : "=&r"(sum)
                     : "r"(&expected_mepc)
                     : "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a6", "a7", "memory");
    return sum;
}

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "traps");

#if TRAP_UNHANDLED
    rt_printf("traps: executing an illegal instruction without a handler\n");
    do_illegal();
    rt_printf("traps: not reached\n");
    return 1;
#endif

    rt_trap_handler_t old = rt_set_trap_handler(handler);
    ex_check(&ex, old == NULL, "default handler was installed");

    uintptr_t acc = 0;
    for (uintptr_t i = 0; i < 10; i++)
        acc += do_ecall(i);
    for (int i = 0; i < 5; i++)
        do_ebreak();
    for (int i = 0; i < 3; i++)
        do_illegal();
    uintptr_t sum = regs_across_trap();
    rt_set_trap_handler(NULL);

    ex_check(&ex, acc == 100, "ecall results (sum of 2i+1 for i<10)");
    ex_check(&ex, n_ecall == 10, "10 ecalls");
    ex_check(&ex, n_ebreak == 6, "6 ebreaks");
    ex_check(&ex, n_illegal == 3, "3 illegal instructions");
    ex_check(&ex, n_other == 0, "no other traps");
    ex_check(&ex, mepc_ok, "mepc of every trap");
    ex_check(&ex, sum == 495, "registers preserved across a trap");
    rt_printf("traps: ecall=%u ebreak=%u illegal=%u other=%u ecall-sum=%u regsum=%u\n", n_ecall,
              n_ebreak, n_illegal, n_other, (unsigned)acc, (unsigned)sum);
    ex_report(&ex, (uint32_t)(acc * 1000 + sum) ^ (n_ecall << 24) ^ (n_ebreak << 16) ^ (n_illegal << 8));
    return ex_finish(&ex);
}
