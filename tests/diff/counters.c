/*
 * counters: reads minstret around code of different shapes and prints every delta, for the
 * differential test against QEMU -icount (tests/diff/qemu-diff.sh) and as a self-check.
 *
 * Two kinds of measurements:
 *
 *  - asm shapes: the measured region is one inline-asm block
 *        csrr s, minstret ; BODY ; csrr e, minstret
 *    so the delta e - s is exactly 1 + (instructions retired by BODY), independent of the
 *    compiler. Each shape states that number ("by analysis") and the program checks it.
 *    Linker relaxation is off inside the blocks, so lla is always auipc + addi and jal stays
 *    one instruction; loop counts come in through registers (mv: one instruction).
 *
 *  - C shapes (loop, loop calling a function, switch dispatch, recursion, library calls):
 *    the delta depends on the compiler, so it is only printed; QEMU must print the same.
 *
 * Traps use a 4-instruction handler of our own (mepc += 4; mret) installed in mtvec around
 * each measurement. The RISC-V privileged spec says an instruction that takes a synchronous
 * exception does not retire ("As ECALL and EBREAK cause synchronous exceptions, they are not
 * considered to retire, and should not increment the minstret CSR"), so a trap shape's delta
 * is 1 + 4 (handler, mret included) = 5.
 *
 * QEMU -icount differs there: it counts an instruction whose exception is raised when it is
 * translated (ecall, ebreak, an undefined opcode) as executed, and only an exception raised
 * while executing (e.g. the CSR check of "unimp") as not executed. So QEMU prints 6 for
 * trap-ecall, trap-ebreak and trap-illegal-opcode, 5 for trap-illegal-csr. For those three
 * shapes the program accepts 5 or 6 and keeps them out of the checksum; the differential test
 * expects pmusim = QEMU - 1 on those lines (and - 3 on the instret line), and the pmusim-only
 * test expects exactly 5 (tests/diff/CMakeLists.txt).
 *
 * Output (pmusim_example.h conventions):
 *     counters: <shape> <delta>          one line per shape
 *     counters: checksum=0x........
 *     counters: PASS
 *     instret: N                         minstret delta over everything above
 */
#include "pmusim_example.h"

#if __riscv_xlen == 64
#define LOADW "ld"
#define STOREW "sd"
#else
#define LOADW "lw"
#define STOREW "sw"
#endif

/* ---- asm helpers (not measured directly) -------------------------------- */

/* leaf function for the call shape: 2 instructions (addi, ret); a1 += 1 */
__asm__(".text\n"
        ".balign 4\n"
        ".globl counters_leaf\n"
        ".type counters_leaf, @function\n"
        "counters_leaf:\n"
        "    addi a1, a1, 1\n"
        "    ret\n"
        ".size counters_leaf, . - counters_leaf\n");

/* trap handler: 4 instructions; skips the 4-byte instruction that trapped */
__asm__(".text\n"
        ".balign 4\n"
        ".globl counters_trap\n"
        ".type counters_trap, @function\n"
        "counters_trap:\n"
        "    csrr t6, mepc\n"
        "    addi t6, t6, 4\n"
        "    csrw mepc, t6\n"
        "    mret\n"
        ".size counters_trap, . - counters_trap\n");
extern char counters_trap[];

/* ---- bookkeeping -------------------------------------------------------- */

static ex_state_t ex;
static uint32_t sum = 2166136261u; /* FNV-1a over all deltas */

static void record(const char *shape, unsigned long delta, int hashed)
{
    rt_printf("counters: %s %lu\n", shape, delta);
    if (!hashed)
        return;
    for (int i = 0; i < 4; i++) {
        sum ^= (uint32_t)(delta >> (8 * i)) & 0xffu;
        sum *= 16777619u;
    }
}

/* An asm shape: the delta must be in [lo, hi] (lo == hi: exactly). */
static void asm_shape_range(const char *shape, unsigned long delta, unsigned long lo,
                            unsigned long hi)
{
    record(shape, delta, lo == hi);
    if (delta < lo || delta > hi) {
        static char what[96];
        if (lo == hi)
            rt_snprintf(what, sizeof what, "%s: delta %lu, expected %lu by analysis", shape,
                        delta, lo);
        else
            rt_snprintf(what, sizeof what, "%s: delta %lu, expected %lu..%lu by analysis", shape,
                        delta, lo, hi);
        ex_check(&ex, 0, what);
    }
}

static void asm_shape(const char *shape, unsigned long delta, unsigned long expect)
{
    asm_shape_range(shape, delta, expect, expect);
}

#define BEGIN_ASM ".option push\n\t.option norelax\n\t.option norvc\n\tcsrr %[s], minstret\n\t"
#define END_ASM "\n\tcsrr %[e], minstret\n\t.option pop"

/* ---- asm shapes --------------------------------------------------------- */

static void shape_empty(void)
{
    unsigned long s, e;
    __asm__ volatile(BEGIN_ASM END_ASM : [s] "=&r"(s), [e] "=&r"(e)::"memory");
    asm_shape("empty", e - s, 1);
}

static void shape_nops(void)
{
    unsigned long s, e;
    __asm__ volatile(BEGIN_ASM "nop\n\tnop\n\tnop\n\tnop\n\tnop\n\t"
                               "nop\n\tnop\n\tnop\n\tnop\n\tnop" END_ASM
                     : [s] "=&r"(s), [e] "=&r"(e)::"memory");
    asm_shape("nops-10", e - s, 1 + 10);
}

/* compressed and uncompressed forms retire the same way */
static void shape_rvc(void)
{
    unsigned long s, e;
    __asm__ volatile(".option push\n\t.option norelax\n\t.option rvc\n\t"
                     "csrr %[s], minstret\n\t"
                     "c.nop\n\tc.li a0, 3\n\tc.addi a0, -1\n\tc.mv a1, a0\n\tc.add a1, a0\n\t"
                     "csrr %[e], minstret\n\t.option pop"
                     : [s] "=&r"(s), [e] "=&r"(e)::"a0", "a1", "memory");
    asm_shape("rvc-5", e - s, 1 + 5);
}

/* mv a0, n ; 1: addi a0, a0, -1 ; bnez a0, 1b  ->  1 + 2n */
static void shape_loop(const char *shape, unsigned long n)
{
    unsigned long s, e;
    __asm__ volatile(BEGIN_ASM "mv a0, %[n]\n"
                               "1:\taddi a0, a0, -1\n\t"
                               "bnez a0, 1b" END_ASM
                     : [s] "=&r"(s), [e] "=&r"(e)
                     : [n] "r"(n)
                     : "a0", "memory");
    asm_shape(shape, e - s, 1 + 1 + 2 * n);
}

/* mv a0, n ; 1: jal counters_leaf (addi, ret) ; addi ; bnez  ->  1 + 5n */
static void shape_call_loop(unsigned long n)
{
    unsigned long s, e, calls;
    __asm__ volatile(BEGIN_ASM "mv a0, %[n]\n\t"
                               "li a1, 0\n"
                               "1:\tjal ra, counters_leaf\n\t"
                               "addi a0, a0, -1\n\t"
                               "bnez a0, 1b" END_ASM "\n\tmv %[c], a1"
                     : [s] "=&r"(s), [e] "=&r"(e), [c] "=r"(calls)
                     : [n] "r"(n)
                     : "a0", "a1", "ra", "memory");
    asm_shape("asm-call-loop-100", e - s, 1 + 2 + 5 * n);
    ex_check(&ex, calls == n, "asm-call-loop: leaf called n times");
}

/*
 * Taken and not-taken branches: for a0 = n..1: andi, beqz (taken when even), [addi when odd],
 * addi, bnez  ->  1 + 4n + ceil(n/2)
 */
static void shape_branches(unsigned long n)
{
    unsigned long s, e, odd;
    __asm__ volatile(BEGIN_ASM "mv a0, %[n]\n\t"
                               "li a2, 0\n"
                               "1:\tandi a1, a0, 1\n\t"
                               "beqz a1, 2f\n\t"
                               "addi a2, a2, 1\n"
                               "2:\taddi a0, a0, -1\n\t"
                               "bnez a0, 1b" END_ASM "\n\tmv %[o], a2"
                     : [s] "=&r"(s), [e] "=&r"(e), [o] "=r"(odd)
                     : [n] "r"(n)
                     : "a0", "a1", "a2", "memory");
    asm_shape("asm-branches-101", e - s, 1 + 2 + 4 * n + (n + 1) / 2);
    ex_check(&ex, odd == (n + 1) / 2, "asm-branches: odd count");
}

/*
 * A switch as a jump table of j instructions: per iteration andi, slli, add, jr, j case,
 * addi, j next, addi, bnez = 9; set-up mv, li, lla (auipc + addi) = 4  ->  1 + 4 + 9n
 */
static void shape_jump_table(unsigned long n)
{
    unsigned long s, e, acc;
    __asm__ volatile(BEGIN_ASM "mv a0, %[n]\n\t"
                               "li a5, 0\n\t"
                               "lla a1, 3f\n"
                               "1:\tandi a2, a0, 3\n\t"
                               "slli a2, a2, 2\n\t"
                               "add a3, a1, a2\n\t"
                               "jr a3\n"
                               "3:\tj 4f\n\t"
                               "j 5f\n\t"
                               "j 6f\n\t"
                               "j 7f\n"
                               "4:\taddi a5, a5, 1\n\t"
                               "j 8f\n"
                               "5:\taddi a5, a5, 10\n\t"
                               "j 8f\n"
                               "6:\taddi a5, a5, 100\n\t"
                               "j 8f\n"
                               "7:\taddi a5, a5, 1000\n\t"
                               "j 8f\n"
                               "8:\taddi a0, a0, -1\n\t"
                               "bnez a0, 1b" END_ASM "\n\tmv %[a], a5"
                     : [s] "=&r"(s), [e] "=&r"(e), [a] "=r"(acc)
                     : [n] "r"(n)
                     : "a0", "a1", "a2", "a3", "a5", "memory");
    asm_shape("asm-jump-table-40", e - s, 1 + 4 + 9 * n);
    ex_check(&ex, acc == 10 * (1 + 10 + 100 + 1000), "asm-jump-table: every case 10 times");
}

/* loads and stores: mv, mv ; 1: load, addi, store, addi, addi, bnez  ->  1 + 2 + 6n */
static void shape_memory(unsigned long n)
{
    static volatile unsigned long buf[64];
    unsigned long s, e;
    __asm__ volatile(BEGIN_ASM "mv a0, %[n]\n\t"
                               "mv a1, %[p]\n"
                               "1:\t" LOADW " a2, 0(a1)\n\t"
                               "addi a2, a2, 1\n\t" STOREW " a2, 0(a1)\n\t"
                               "addi a1, a1, %[w]\n\t"
                               "addi a0, a0, -1\n\t"
                               "bnez a0, 1b" END_ASM
                     : [s] "=&r"(s), [e] "=&r"(e)
                     : [n] "r"(n), [p] "r"(buf), [w] "i"(sizeof buf[0])
                     : "a0", "a1", "a2", "memory");
    asm_shape("asm-memory-64", e - s, 1 + 2 + 6 * n);
}

/* mul, mulh, div, rem (including division by zero) ; addi, bnez  ->  1 + 3 + 6n */
static void shape_muldiv(unsigned long n)
{
    unsigned long s, e;
    __asm__ volatile(BEGIN_ASM "mv a0, %[n]\n\t"
                               "li a1, 7\n\t"
                               "li a3, 0\n"
                               "1:\tmul a2, a0, a1\n\t"
                               "mulh a2, a2, a0\n\t"
                               "div a2, a0, a1\n\t"
                               "rem a2, a0, a3\n\t"
                               "addi a0, a0, -1\n\t"
                               "bnez a0, 1b" END_ASM
                     : [s] "=&r"(s), [e] "=&r"(e)
                     : [n] "r"(n)
                     : "a0", "a1", "a2", "a3", "memory");
    asm_shape("asm-muldiv-50", e - s, 1 + 3 + 6 * n);
}

/* CSR traffic, fences and a counter read inside the region: 9 instructions  ->  1 + 9 */
static void shape_csr(void)
{
    unsigned long s, e, mid, old;
    __asm__ volatile(BEGIN_ASM "csrr %[o], mscratch\n\t"
                               "csrw mscratch, %[s]\n\t"
                               "csrrs a0, mscratch, zero\n\t"
                               "csrrwi a0, mscratch, 5\n\t"
                               "csrrci a0, mscratch, 1\n\t"
                               "csrr %[m], minstret\n\t"
                               "fence\n\t"
                               "fence.i\n\t"
                               "csrw mscratch, %[o]" END_ASM
                     : [s] "=&r"(s), [e] "=&r"(e), [m] "=&r"(mid), [o] "=&r"(old)
                     :
                     : "a0", "memory");
    asm_shape("asm-csr-fence", e - s, 1 + 9);
    /* the read in the middle sees the first csrr and 5 instructions after it */
    asm_shape("asm-csr-fence-mid", mid - s, 1 + 5);
}

/* mret to the next instruction: csrs mstatus (MPP=M), lla (2), csrw mepc, mret  ->  1 + 5 */
static void shape_mret(void)
{
    unsigned long s, e;
    unsigned long mpp = 3ul << 11;
    __asm__ volatile(BEGIN_ASM "csrs mstatus, %[mpp]\n\t"
                               "lla t0, 1f\n\t"
                               "csrw mepc, t0\n\t"
                               "mret\n"
                               "1:" END_ASM
                     : [s] "=&r"(s), [e] "=&r"(e)
                     : [mpp] "r"(mpp)
                     : "t0", "memory");
    asm_shape("asm-mret", e - s, 1 + 5);
}

/*
 * A trapping instruction with counters_trap in mtvec. The trapping instruction does not
 * retire; the handler retires 4 (mret included)  ->  1 + 4. qemu_extra: 1 where QEMU -icount
 * counts the trapping instruction (see the top of the file).
 */
#define TRAP_SHAPE(fn, shape, insn, cause, qemu_extra)                                             \
    static void fn(void)                                                                           \
    {                                                                                              \
        unsigned long s, e, mpp = 3ul << 11;                                                       \
        uintptr_t old = rt_swap_csr(mtvec, (uintptr_t)counters_trap);                              \
        rt_set_csr(mstatus, mpp);                                                                  \
        __asm__ volatile(BEGIN_ASM insn END_ASM : [s] "=&r"(s), [e] "=&r"(e)::"t6", "memory");     \
        uintptr_t mcause = rt_read_csr(mcause);                                                    \
        rt_write_csr(mtvec, old);                                                                  \
        asm_shape_range(shape, e - s, 1 + 4, 1 + 4 + (qemu_extra));                                \
        ex_check(&ex, mcause == (cause), shape ": mcause");                                        \
    }

TRAP_SHAPE(shape_trap_ecall, "trap-ecall", "ecall", RT_CAUSE_ECALL_M, 1)
TRAP_SHAPE(shape_trap_ebreak, "trap-ebreak", "ebreak", RT_CAUSE_BREAKPOINT, 1)
/* csrrw x0, cycle, x0: a write to a read-only CSR */
TRAP_SHAPE(shape_trap_csr, "trap-illegal-csr", "unimp", RT_CAUSE_ILLEGAL_INSTRUCTION, 0)
/* major opcode custom-0 with all-zero fields: no extension defines it, illegal when decoded */
TRAP_SHAPE(shape_trap_decode, "trap-illegal-opcode", ".4byte 0x0000000b",
           RT_CAUSE_ILLEGAL_INSTRUCTION, 1)

/* ---- C shapes (compiler-dependent: printed and compared with QEMU) ----- */

static volatile uint32_t sink;

__attribute__((noinline)) static uint32_t mix(uint32_t x, uint32_t i)
{
    return (x ^ i) * 2654435761u + (x >> 7);
}

__attribute__((noinline)) static uint32_t fib(uint32_t n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* a small switch-dispatched stack machine */
enum { OP_PUSH, OP_ADD, OP_MUL, OP_DUP, OP_SWAP, OP_DROP, OP_JNZ, OP_DEC, OP_HALT };

__attribute__((noinline)) static uint32_t run_bytecode(const uint8_t *code)
{
    uint32_t st[16];
    int sp = 0, pc = 0;
    for (;;) {
        switch (code[pc++]) {
        case OP_PUSH: st[sp++] = code[pc++]; break;
        case OP_ADD: sp--; st[sp - 1] += st[sp]; break;
        case OP_MUL: sp--; st[sp - 1] *= st[sp]; break;
        case OP_DUP: st[sp] = st[sp - 1]; sp++; break;
        case OP_SWAP: { uint32_t t = st[sp - 1]; st[sp - 1] = st[sp - 2]; st[sp - 2] = t; } break;
        case OP_DROP: sp--; break;
        case OP_DEC: st[sp - 1]--; break;
        case OP_JNZ: { uint8_t to = code[pc++]; if (st[sp - 1]) pc = to; } break;
        case OP_HALT: return sp ? st[sp - 1] : 0;
        default: return 0xdeadu;
        }
    }
}

static void c_shapes(void)
{
    uint64_t t0, t1;
    uint32_t x;

    t0 = rt_read_minstret();
    x = 0;
    for (uint32_t i = 0; i < 1000; i++) {
        x += i * i;
        __asm__ volatile("" : "+r"(x)); /* keep the loop a loop */
    }
    t1 = rt_read_minstret();
    sink = x;
    record("c-loop-1000", (unsigned long)(t1 - t0), 1);

    t0 = rt_read_minstret();
    x = 1;
    for (uint32_t i = 0; i < 500; i++)
        x = mix(x, i);
    t1 = rt_read_minstret();
    sink = x;
    record("c-call-loop-500", (unsigned long)(t1 - t0), 1);

    /* acc = 0; n = 30; do { acc += 3; n--; } while (n);  ->  90 */
    static const uint8_t loop[] = {
        OP_PUSH, 0,                 /* 0: acc */
        OP_PUSH, 30,                /* 2: acc n */
        OP_SWAP,                    /* 4: n acc          (loop head) */
        OP_PUSH, 3,                 /* 5: n acc 3 */
        OP_ADD,                     /* 7: n acc+3 */
        OP_SWAP,                    /* 8: acc n */
        OP_DEC,                     /* 9: acc n-1 */
        OP_JNZ, 4,                  /* 10: loop while n != 0 */
        OP_DROP,                    /* 12: acc */
        OP_HALT};
    t0 = rt_read_minstret();
    x = run_bytecode(loop);
    t1 = rt_read_minstret();
    ex_check(&ex, x == 90, "c-switch: bytecode result");
    record("c-switch-bytecode", (unsigned long)(t1 - t0), 1);

    t0 = rt_read_minstret();
    x = fib(15);
    t1 = rt_read_minstret();
    ex_check(&ex, x == 610, "c-recursion: fib(15)");
    record("c-recursion-fib15", (unsigned long)(t1 - t0), 1);

    static char a[200], b[200];
    t0 = rt_read_minstret();
    rt_snprintf(a, sizeof a, "%d %x %s %lld", -12345, 0xbeefu, "counters", -9876543210ll);
    x = 0;
    for (const char *p = a; *p; p++)
        x = x * 31 + (uint8_t)*p;
    for (int i = 0; i < 200; i++)
        b[i] = a[199 - i];
    t1 = rt_read_minstret();
    sink = x + (uint8_t)b[0];
    record("c-library", (unsigned long)(t1 - t0), 1);
}

int main(void)
{
    ex_begin(&ex, "counters");

    shape_empty();
    shape_nops();
    shape_rvc();
    shape_loop("asm-loop-1", 1);
    shape_loop("asm-loop-10", 10);
    shape_loop("asm-loop-1000", 1000);
    shape_loop("asm-loop-100000", 100000);
    shape_call_loop(100);
    shape_branches(101);
    shape_jump_table(40);
    shape_memory(64);
    shape_muldiv(50);
    shape_csr();
    shape_mret();
    shape_trap_ecall();
    shape_trap_ebreak();
    shape_trap_csr();
    shape_trap_decode();
    c_shapes();

    ex_report(&ex, sum);
    return ex_finish(&ex);
}
