/* pmusim's model header for the RISC-V architecture tests (riscv-arch-test, RISCOF): the target
 * specific macros of the test format spec (RVMODEL_*), for the machines virt32, virt64 and
 * veer-el2. Build a test with
 *     -I riscof/pmusim/env -I <riscv-arch-test>/riscv-test-suite/env -T riscof/pmusim/env/link.ld
 * and run it with `pmusim run -M virt32 --signature FILE test.elf` (see docs/conformance.md).
 *
 * The signature region is begin_signature..end_signature, both 16-byte aligned. The test ends by
 * writing 1 to the HTIF word tohost, which stops pmusim with exit status 0 on every machine. A
 * platform without HTIF goes on (QEMU's virt machine, where tohost is plain memory): it then prints
 * the signature on the ns16550 UART at 0x10000000, one 32-bit word per line in the format of
 * `--signature-granularity 4`, and stops through the SiFive test finisher at 0x100000. The same
 * ELF file thus gives pmusim's signature and QEMU's. */
#ifndef PMUSIM_MODEL_TEST_H
#define PMUSIM_MODEL_TEST_H

#define PMUSIM_UART_BASE 0x10000000
#define PMUSIM_FINISHER_BASE 0x100000
#define PMUSIM_CLINT_BASE 0x2000000
#define PMUSIM_CLINT_MSIP (PMUSIM_CLINT_BASE + 0x0)
#define PMUSIM_CLINT_MTIMECMP (PMUSIM_CLINT_BASE + 0x4000)

/* tohost/fromhost in a section of their own (the link script puts it on a page of its own). */
#define RVMODEL_HTIF_WORDS                                                                     \
    .pushsection .tohost, "aw", @progbits;                                                     \
    .balign 64;                                                                                \
    .globl tohost;                                                                             \
tohost:                                                                                        \
    .dword 0;                                                                                  \
    .balign 64;                                                                                \
    .globl fromhost;                                                                           \
fromhost:                                                                                      \
    .dword 0;                                                                                  \
    .popsection

/* Nothing to set up: pmusim starts the hart in M-mode at the entry point, and the test's own
 * prologue installs its trap handler. */
#define RVMODEL_BOOT

/* Signature words, as hex lines, on the UART: for platforms on which the tohost store did not end
 * the run. Uses a0-a6; the test is over. */
#define RVMODEL_UART_SIGNATURE                                                                 \
    la a0, begin_signature;                                                                    \
    la a1, end_signature;                                                                      \
    li a2, PMUSIM_UART_BASE;                                                                   \
    li a6, 58;                                                                                 \
91: bgeu a0, a1, 94f;                                                                          \
    lw a3, 0(a0);                                                                              \
    li a4, 28;                                                                                 \
92: srl a5, a3, a4;                                                                            \
    andi a5, a5, 15;                                                                           \
    addi a5, a5, 48;                                                                           \
    blt a5, a6, 93f;                                                                           \
    addi a5, a5, 39;                                                                           \
93: sb a5, 0(a2);                                                                              \
    addi a4, a4, -4;                                                                           \
    bgez a4, 92b;                                                                              \
    li a5, 10;                                                                                 \
    sb a5, 0(a2);                                                                              \
    addi a0, a0, 4;                                                                            \
    j 91b;                                                                                     \
94:

/* End of test: tohost = 1 (HTIF exit 0; high word first), then the fallback described above. */
#define RVMODEL_HALT                                                                           \
    fence;                                                                                     \
    la t1, tohost;                                                                             \
    li t0, 1;                                                                                  \
    sw zero, 4(t1);                                                                            \
    sw t0, 0(t1);                                                                              \
    RVMODEL_UART_SIGNATURE;                                                                    \
    li t0, PMUSIM_FINISHER_BASE;                                                               \
    li t1, 0x5555;                                                                             \
    sw t1, 0(t0);                                                                              \
95: j 95b;

#define RVMODEL_DATA_BEGIN                                                                     \
    RVMODEL_HTIF_WORDS;                                                                        \
    .balign 16;                                                                                \
    .globl begin_signature;                                                                    \
begin_signature:

#define RVMODEL_DATA_END                                                                       \
    .balign 16;                                                                                \
    .globl end_signature;                                                                      \
end_signature:

/* Debug output: none (the UART does not exist on every machine, veer-el2 has a mailbox). */
#define RVMODEL_IO_INIT
#define RVMODEL_IO_CHECK()
#define RVMODEL_IO_WRITE_STR(_SP, _STR)
#define RVMODEL_IO_ASSERT_GPR_EQ(_SP, _R, _I)
#define RVMODEL_IO_ASSERT_SFPR_EQ(_F, _R, _I)
#define RVMODEL_IO_ASSERT_DFPR_EQ(_D, _R, _I)

/* Interrupts through the CLINT (at 0x2000000 on every pmusim machine); supervisor software
 * interrupts through mip.SSIP. pmusim has no external interrupt source a test could clear. */
#define RVMODEL_SET_MSW_INT                                                                    \
    li t1, 1;                                                                                  \
    li t2, PMUSIM_CLINT_MSIP;                                                                  \
    sw t1, 0(t2);
#define RVMODEL_CLR_MSW_INT                                                                    \
    li t2, PMUSIM_CLINT_MSIP;                                                                  \
    sw zero, 0(t2);
#define RVMODEL_CLR_MTIMER_INT                                                                 \
    li t1, -1;                                                                                 \
    li t2, PMUSIM_CLINT_MTIMECMP;                                                              \
    sw t1, 0(t2);                                                                              \
    sw t1, 4(t2);
#define RVMODEL_CLR_MEXT_INT
#define RVMODEL_SET_SSW_INT csrsi mip, 2;
#define RVMODEL_CLR_SSW_INT csrci mip, 2;
#define RVMODEL_CLR_STIMER_INT
#define RVMODEL_CLR_SEXT_INT
/* the spec's older names */
#define RVMODEL_CLEAR_MSW_INT RVMODEL_CLR_MSW_INT
#define RVMODEL_CLEAR_MTIMER_INT RVMODEL_CLR_MTIMER_INT
#define RVMODEL_CLEAR_MEXT_INT RVMODEL_CLR_MEXT_INT

#endif
