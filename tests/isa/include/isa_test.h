/* isa_test.h - harness and check macros for the pmusim ISA tests (tests/isa).
 *
 * Each test is one self-checking assembly file (.S, run through the C preprocessor) built
 * for RV32 and RV64 from the same source.  Result reporting follows the HTIF convention:
 *
 *   pass: tohost <- 1
 *   fail: tohost <- (testnum << 1) | 1     (testnum identifies the failing check, 1..255)
 *
 * tohost is a 64-bit word (RV32 writes the low word first, then the high word); the program
 * then loops forever.  A host that exits with the payload >> 1 (QEMU's spike machine does)
 * therefore exits with status 0 on pass and with the failing test number otherwise.
 *
 * Layout of a test file:
 *
 *   #include "isa_test.h"
 *   RVTEST_CODE_BEGIN
 *     TEST_RR_OP(2, add, 3, 1, 2)
 *     ...
 *   RVTEST_CODE_END
 *   RVTEST_DATA_BEGIN
 *     ... data ...
 *   RVTEST_DATA_END
 *
 * Register conventions:
 *   gp (x3)            TESTNUM: number of the check in progress (1 while the harness boots).
 *   tp (x4), t6 (x31)  clobbered by the machine-mode trap handler: do not keep values in them
 *                      across an instruction that may trap.
 *   sp                 points to a 4 KiB stack (the area below _stack_top) at entry.
 *   a1, a2             sources of the generic check macros, a4 their result, t2 the
 *                      expected value; t0/t1 are scratch for the helpers.
 *
 * Test numbers must be in 2..255 (checked at assembly time) so that the exit status of a
 * host that exits with the HTIF payload is non-zero and identifies the failing check.
 *
 * All code is assembled with ".option norvc" (real 32-bit encodings) and ".option norelax";
 * compressed tests switch to ".option rvc" locally.
 */
#ifndef PMUSIM_ISA_TEST_H
#define PMUSIM_ISA_TEST_H

/* ------------------------------------------------------------------------------------
 * XLEN helpers
 * ------------------------------------------------------------------------------------ */
#if __riscv_xlen == 64
# define XLEN      64
# define REGBYTES  8
# define SREG      sd
# define LREG      ld
# define XWORD     .dword
# define XMIN      0x8000000000000000
# define XMAX      0x7fffffffffffffff
# define X32_64(v32, v64) (v64)
#elif __riscv_xlen == 32
# define XLEN      32
# define REGBYTES  4
# define SREG      sw
# define LREG      lw
# define XWORD     .word
# define XMIN      0x80000000
# define XMAX      0x7fffffff
# define X32_64(v32, v64) (v32)
#else
# error "unsupported __riscv_xlen"
#endif

/* Sign/zero extension of constants, evaluated by the assembler (64-bit arithmetic).
 * On RV32 `li` keeps the low 32 bits of a 64-bit constant, so a value sign-extended to
 * 64 bits is correct for both XLENs. */
#define SEXT8(x)   ((((x) & 0xff) ^ 0x80) - 0x80)
#define SEXT16(x)  ((((x) & 0xffff) ^ 0x8000) - 0x8000)
#define SEXT32(x)  ((((x) & 0xffffffff) ^ 0x80000000) - 0x80000000)
#define ZEXT8(x)   ((x) & 0xff)
#define ZEXT16(x)  ((x) & 0xffff)
#define ZEXT32(x)  ((x) & 0xffffffff)

/* ------------------------------------------------------------------------------------
 * CSR fields, causes, devices
 * ------------------------------------------------------------------------------------ */
#define MSTATUS_SIE   0x00000002
#define MSTATUS_MIE   0x00000008
#define MSTATUS_SPIE  0x00000020
#define MSTATUS_MPIE  0x00000080
#define MSTATUS_SPP   0x00000100
#define MSTATUS_MPP   0x00001800
#define MSTATUS_MPP_S 0x00000800
#define MSTATUS_MPP_M 0x00001800
#define MSTATUS_MPRV  0x00020000

#define MIP_SSIP 0x002
#define MIP_MSIP 0x008
#define MIP_STIP 0x020
#define MIP_MTIP 0x080
#define MIP_SEIP 0x200
#define MIP_MEIP 0x800

#define PRV_U 0
#define PRV_S 1
#define PRV_M 3

#define CAUSE_MISALIGNED_FETCH    0
#define CAUSE_FETCH_ACCESS        1
#define CAUSE_ILLEGAL_INSTRUCTION 2
#define CAUSE_BREAKPOINT          3
#define CAUSE_MISALIGNED_LOAD     4
#define CAUSE_LOAD_ACCESS         5
#define CAUSE_MISALIGNED_STORE    6
#define CAUSE_STORE_ACCESS        7
#define CAUSE_USER_ECALL          8
#define CAUSE_SUPERVISOR_ECALL    9
#define CAUSE_MACHINE_ECALL       11

#define CAUSE_INTERRUPT  (1 << (XLEN - 1))
#define IRQ_S_SOFT   1
#define IRQ_M_SOFT   3
#define IRQ_S_TIMER  5
#define IRQ_M_TIMER  7

/* CLINT (SiFive layout, as on QEMU virt/spike and the pmusim virt machines) */
#define CLINT_BASE      0x02000000
#define CLINT_MSIP      (CLINT_BASE + 0x0000)
#define CLINT_MTIMECMP  (CLINT_BASE + 0x4000)
#define CLINT_MTIME     (CLINT_BASE + 0xbff8)

/* An address with nothing mapped behind it (below the boot ROM at 0x1000) */
#define UNMAPPED_ADDR   0x00000800

/* ------------------------------------------------------------------------------------
 * Trap record written by the machine-mode handler (trap_info in .data)
 * ------------------------------------------------------------------------------------ */
#define TI_CAUSE   (0 * REGBYTES)
#define TI_EPC     (1 * REGBYTES)
#define TI_TVAL    (2 * REGBYTES)
#define TI_STATUS  (3 * REGBYTES)   /* mstatus at trap entry (MPP = previous privilege) */
#define TI_COUNT   (4 * REGBYTES)   /* number of traps taken since TRAP_EXPECT */
#define TI_RESUME  (5 * REGBYTES)   /* where to continue (in M-mode); 0 = unexpected trap */
#define TI_SIZE    (6 * REGBYTES)
#define TI_POISON  0x5a5a5a5a

#define TESTNUM gp

/* ------------------------------------------------------------------------------------
 * Program skeleton
 * ------------------------------------------------------------------------------------ */
#define RVTEST_CODE_BEGIN                                                             \
        .option norvc;                                                                \
        .option norelax;                                                              \
        .section .text.init, "ax", @progbits;                                         \
        .globl _start;                                                                \
_start:                                                                               \
        li TESTNUM, 1;                                                                \
        li x1, 0;  li x2, 0;  li x4, 0;  li x5, 0;  li x6, 0;  li x7, 0;              \
        li x8, 0;  li x9, 0;  li x10, 0; li x11, 0; li x12, 0; li x13, 0;             \
        li x14, 0; li x15, 0; li x16, 0; li x17, 0; li x18, 0; li x19, 0;             \
        li x20, 0; li x21, 0; li x22, 0; li x23, 0; li x24, 0; li x25, 0;             \
        li x26, 0; li x27, 0; li x28, 0; li x29, 0; li x30, 0; li x31, 0;             \
        la sp, _stack_top;                                                            \
        la t0, trap_entry;                                                            \
        csrw mtvec, t0;                                                               \
        csrci mstatus, MSTATUS_MIE | MSTATUS_SIE;                                     \
        csrw mie, zero;                                                               \
        la t0, trap_info;                                                             \
        SREG zero, TI_RESUME(t0);                                                     \
        SREG zero, TI_COUNT(t0);                                                      \
        j test_body;                                                                  \
                                                                                      \
        /* Machine-mode trap handler: records the trap in trap_info and continues at  \
         * trap_info.resume in M-mode with MIE = 0 (MPIE is cleared), or fails the    \
         * test if no trap was expected. */                                           \
        CODE_ALIGN(64);                                                               \
        .globl trap_entry;                                                            \
trap_entry:                                                                           \
        la tp, trap_info;                                                             \
        csrr t6, mcause;                                                              \
        SREG t6, TI_CAUSE(tp);                                                        \
        csrr t6, mepc;                                                                \
        SREG t6, TI_EPC(tp);                                                          \
        csrr t6, mtval;                                                               \
        SREG t6, TI_TVAL(tp);                                                         \
        csrr t6, mstatus;                                                             \
        SREG t6, TI_STATUS(tp);                                                       \
        LREG t6, TI_COUNT(tp);                                                        \
        addi t6, t6, 1;                                                               \
        SREG t6, TI_COUNT(tp);                                                        \
        LREG t6, TI_RESUME(tp);                                                       \
        beqz t6, trap_unexpected;                                                     \
        SREG zero, TI_RESUME(tp);                                                     \
        csrw mepc, t6;                                                                \
        li t6, MSTATUS_MPP;                                                           \
        csrs mstatus, t6;                                                             \
        li t6, MSTATUS_MPIE;                                                          \
        csrc mstatus, t6;                                                             \
        mret;                                                                         \
trap_unexpected:                                                                      \
        j fail;                                                                       \
                                                                                      \
        .section .text, "ax", @progbits;                                              \
        CODE_ALIGN(4);                                                                \
test_body:

#define RVTEST_CODE_END                                                               \
        j pass;                                                                       \
        CODE_ALIGN(4);                                                                \
        .globl pass;                                                                  \
pass:                                                                                 \
        li a0, 1;                                                                     \
        j write_tohost;                                                               \
        .globl fail;                                                                  \
fail:                                                                                 \
        slli a0, TESTNUM, 1;                                                          \
        ori a0, a0, 1;                                                                \
write_tohost:                                                                         \
        fence;                                                                        \
        la t0, tohost;                                                                \
        RVTEST_WRITE_TOHOST(a0, t0);                                                  \
1:      j 1b;                                                                         \
                                                                                      \
        .section .tohost, "aw", @progbits;                                            \
        .balign 64;                                                                   \
        .globl tohost;                                                                \
        .type tohost, @object;                                                        \
        .size tohost, 8;                                                              \
tohost: .dword 0;                                                                     \
        .globl fromhost;                                                              \
        .type fromhost, @object;                                                      \
        .size fromhost, 8;                                                            \
fromhost: .dword 0;                                                                   \
                                                                                      \
        .data;                                                                        \
        .balign 64;                                                                   \
        .globl trap_info;                                                             \
trap_info: .fill TI_SIZE, 1, 0;                                                       \
        .text

#if XLEN == 64
# define RVTEST_WRITE_TOHOST(val, addr) sd val, 0(addr)
#else
# define RVTEST_WRITE_TOHOST(val, addr) sw val, 0(addr); sw zero, 4(addr)
#endif

#define RVTEST_DATA_BEGIN .data; .balign 64;
#define RVTEST_DATA_END   .text;

/* ------------------------------------------------------------------------------------
 * Generic checks
 * ------------------------------------------------------------------------------------ */
#define TESTNUM_CHECK(n)                                                              \
        .if ((n) < 2) || ((n) > 255);                                                 \
        .error "test numbers must be in 2..255";                                      \
        .endif

/* Start a check: label test_<n> and set TESTNUM. */
#define TEST_BEGIN(n)                                                                 \
test_ ## n:                                                                           \
        TESTNUM_CHECK(n);                                                             \
        li TESTNUM, n

/* Run code, then compare register reg with the constant expected. */
#define TEST_CASE(n, reg, expected, ...)                                              \
        TEST_BEGIN(n);                                                                \
        __VA_ARGS__;                                                                  \
        li t2, expected;                                                              \
        bne reg, t2, fail

/* Like TEST_CASE, but either of two values is accepted. */
#define TEST_CASE_EITHER(n, reg, exp1, exp2, ...)                                     \
        TEST_BEGIN(n);                                                                \
        __VA_ARGS__;                                                                  \
        li t2, exp1;                                                                  \
        beq reg, t2, 10001f;                                                          \
        li t2, exp2;                                                                  \
        bne reg, t2, fail;                                                            \
10001:

/* Run code, then compare register reg with the address of label. */
#define TEST_CASE_ADDR(n, reg, label, ...)                                            \
        TEST_BEGIN(n);                                                                \
        __VA_ARGS__;                                                                  \
        la t2, label;                                                                 \
        bne reg, t2, fail

/* Compare two registers after running code. */
#define TEST_CASE_REGS(n, reg1, reg2, ...)                                            \
        TEST_BEGIN(n);                                                                \
        __VA_ARGS__;                                                                  \
        bne reg1, reg2, fail

/* Register-register ALU op: a4 = a1 op a2 */
#define TEST_RR_OP(n, inst, result, val1, val2)                                       \
        TEST_CASE(n, a4, result, li a1, val1; li a2, val2; inst a4, a1, a2)
/* destination is the first source */
#define TEST_RR_SRC1_EQ_DEST(n, inst, result, val1, val2)                             \
        TEST_CASE(n, a1, result, li a1, val1; li a2, val2; inst a1, a1, a2)
/* destination is the second source */
#define TEST_RR_SRC2_EQ_DEST(n, inst, result, val1, val2)                             \
        TEST_CASE(n, a2, result, li a1, val1; li a2, val2; inst a2, a1, a2)
/* both sources and the destination are the same register */
#define TEST_RR_SRC12_EQ_DEST(n, inst, result, val1)                                  \
        TEST_CASE(n, a1, result, li a1, val1; inst a1, a1, a1)
/* x0 as first / second source */
#define TEST_RR_ZEROSRC1(n, inst, result, val)                                        \
        TEST_CASE(n, a4, result, li a2, val; inst a4, x0, a2)
#define TEST_RR_ZEROSRC2(n, inst, result, val)                                        \
        TEST_CASE(n, a4, result, li a1, val; inst a4, a1, x0)
/* x0 as destination: the result is discarded */
#define TEST_RR_ZERODEST(n, inst, val1, val2)                                         \
        TEST_CASE(n, x0, 0, li a1, val1; li a2, val2; inst x0, a1, a2)

/* Register-immediate ALU op: a4 = a1 op imm */
#define TEST_IMM_OP(n, inst, result, val1, imm)                                       \
        TEST_CASE(n, a4, result, li a1, val1; inst a4, a1, imm)
#define TEST_IMM_SRC1_EQ_DEST(n, inst, result, val1, imm)                             \
        TEST_CASE(n, a1, result, li a1, val1; inst a1, a1, imm)
#define TEST_IMM_ZEROSRC1(n, inst, result, imm)                                       \
        TEST_CASE(n, a4, result, inst a4, x0, imm)
#define TEST_IMM_ZERODEST(n, inst, val1, imm)                                         \
        TEST_CASE(n, x0, 0, li a1, val1; inst x0, a1, imm)

/* Unary op: a4 = op(a1) */
#define TEST_R_OP(n, inst, result, val1)                                              \
        TEST_CASE(n, a4, result, li a1, val1; inst a4, a1)
#define TEST_R_SRC1_EQ_DEST(n, inst, result, val1)                                    \
        TEST_CASE(n, a1, result, li a1, val1; inst a1, a1)

/* Load: a4 = inst offset(base) */
#define TEST_LD(n, inst, result, offset, base)                                        \
        TEST_CASE(n, a4, result, la a1, base; inst a4, offset(a1))

/* Store value, then load it back with ldinst and compare with result. */
#define TEST_ST(n, ldinst, stinst, value, result, offset, base)                       \
        TEST_CASE(n, a4, result, la a1, base; li a2, value;                            \
                  stinst a2, offset(a1); ldinst a4, offset(a1))

/* AMO on the word/doubleword at label buf (size given by the store/load pair stinst /
 * ldinst): memory starts as mem0, rs2 = src.  Checks rd == exp_rd (the old value, sign-
 * extended for .w on RV64), memory == exp_mem (read back with ldinst), rs2 unchanged and
 * the following word/doubleword (at buf + next) untouched. */
#define TEST_AMO(n, inst, stinst, ldinst, next, buf, mem0, src, exp_rd, exp_mem)       \
        TEST_BEGIN(n);                                                                \
        la a1, buf;                                                                   \
        li t0, mem0;                                                                  \
        stinst t0, 0(a1);                                                             \
        li t0, 0x5a5a5a5a;                                                            \
        stinst t0, next(a1);                                                          \
        li a2, src;                                                                   \
        inst a4, a2, (a1);                                                            \
        li t2, exp_rd;                                                                \
        bne a4, t2, fail;                                                             \
        ldinst a4, 0(a1);                                                             \
        li t2, exp_mem;                                                               \
        bne a4, t2, fail;                                                             \
        li t2, src;                                                                   \
        bne a2, t2, fail;                                                             \
        ldinst a4, next(a1);                                                          \
        li t2, 0x5a5a5a5a;                                                            \
        bne a4, t2, fail

/* Conditional branches with two register operands.  Both a forward and a backward
 * branch are executed. */
#define TEST_BR2_TAKEN(n, inst, val1, val2)                                           \
        TEST_BEGIN(n);                                                                \
        li a1, val1;                                                                  \
        li a2, val2;                                                                  \
        inst a1, a2, 10002f;                                                          \
        j fail;                                                                       \
10001:  j 10003f;                                                                     \
10002:  inst a1, a2, 10001b;                                                          \
        j fail;                                                                       \
10003:

#define TEST_BR2_NOT_TAKEN(n, inst, val1, val2)                                       \
        TEST_BEGIN(n);                                                                \
        li a1, val1;                                                                  \
        li a2, val2;                                                                  \
        inst a1, a2, 10001f;                                                          \
        j 10002f;                                                                     \
10001:  j fail;                                                                       \
10002:  inst a1, a2, 10001b

/* Align code to n bytes, padding with (compressed) nops.  A plain .balign in
 * ".option norvc" code after a 16-bit instruction is silently ignored by GNU as 2.40, so
 * the padding is done with C enabled. */
#define CODE_ALIGN(n) .option push; .option rvc; .balign n; .option pop

/* Fail unconditionally if reached. */
#define TEST_FAIL_IF_REACHED(n) TEST_BEGIN(n); j fail

/* ------------------------------------------------------------------------------------
 * CSR checks
 * ------------------------------------------------------------------------------------ */
/* Read csr and compare with expected. */
#define TEST_CSR_EQ(n, csr, expected) TEST_CASE(n, a4, expected, csrr a4, csr)
/* Compare (csr & mask) with expected. */
#define TEST_CSR_FIELD(n, csr, mask, expected)                                        \
        TEST_CASE(n, a4, expected, csrr a4, csr; li t1, mask; and a4, a4, t1)

/* ------------------------------------------------------------------------------------
 * Trap expectation helpers
 *
 *   TRAP_EXPECT(resume)   the next trap is expected: the handler records it in trap_info
 *                         and continues at label resume, in M-mode, with MIE = 0.
 *   TEST_TRAP_CAUSE/EPC/TVAL/COUNT/MPP  check what the handler recorded.
 * ------------------------------------------------------------------------------------ */
#define TRAP_EXPECT(resume)                                                           \
        la t1, trap_info;                                                             \
        li t0, TI_POISON;                                                             \
        SREG t0, TI_CAUSE(t1);                                                        \
        SREG t0, TI_EPC(t1);                                                          \
        SREG t0, TI_TVAL(t1);                                                         \
        SREG t0, TI_STATUS(t1);                                                       \
        SREG zero, TI_COUNT(t1);                                                      \
        la t0, resume;                                                                \
        SREG t0, TI_RESUME(t1)

/* Cancel an expected trap that did not happen (then check TI_COUNT). */
#define TRAP_EXPECT_CANCEL                                                            \
        la t1, trap_info;                                                             \
        SREG zero, TI_RESUME(t1)

#define TRAP_LOAD(reg, field) la t1, trap_info; LREG reg, field(t1)

#define TEST_TRAP_CAUSE(n, cause)   TEST_CASE(n, a4, cause, TRAP_LOAD(a4, TI_CAUSE))
#define TEST_TRAP_COUNT(n, count)   TEST_CASE(n, a4, count, TRAP_LOAD(a4, TI_COUNT))
#define TEST_TRAP_EPC(n, label)     TEST_CASE_ADDR(n, a4, label, TRAP_LOAD(a4, TI_EPC))
#define TEST_TRAP_TVAL(n, value)    TEST_CASE(n, a4, value, TRAP_LOAD(a4, TI_TVAL))
#define TEST_TRAP_TVAL_EITHER(n, v1, v2)                                              \
        TEST_CASE_EITHER(n, a4, v1, v2, TRAP_LOAD(a4, TI_TVAL))
/* mtval is either 0 or the address of label (e.g. ebreak: 0 or pc) */
#define TEST_TRAP_TVAL_ZERO_OR_ADDR(n, label)                                         \
        TEST_BEGIN(n);                                                                \
        TRAP_LOAD(a4, TI_TVAL);                                                       \
        beqz a4, 10001f;                                                              \
        la t2, label;                                                                 \
        bne a4, t2, fail;                                                             \
10001:
/* privilege level the trap came from (mstatus.MPP at trap entry) */
#define TEST_TRAP_MPP(n, prv)                                                         \
        TEST_CASE(n, a4, prv, TRAP_LOAD(a4, TI_STATUS); srli a4, a4, 11; andi a4, a4, 3)

/* Leave M-mode: mret to label in privilege prv (PRV_U / PRV_S / PRV_M), MPIE = 0. */
#define MRET_TO(prv, label)                                                           \
        li t0, MSTATUS_MPP | MSTATUS_MPIE;                                            \
        csrc mstatus, t0;                                                             \
        li t0, (prv) << 11;                                                           \
        csrs mstatus, t0;                                                             \
        la t0, label;                                                                 \
        csrw mepc, t0;                                                                \
        mret

/* Give S and U mode access to all of memory through PMP entry 0 (NAPOT, RWX).  If the
 * PMP CSRs do not exist the write traps and is skipped. */
#define PMP_OPEN_ALL                                                                  \
        la t0, 10001f;                                                                \
        csrw mtvec, t0;                                                               \
        li t0, -1;                                                                    \
        csrw pmpaddr0, t0;                                                            \
        li t0, 0x1f;                                                                  \
        csrw pmpcfg0, t0;                                                             \
        CODE_ALIGN(4);                                                                \
10001:  la t0, trap_entry;                                                            \
        csrw mtvec, t0

#endif /* PMUSIM_ISA_TEST_H */
