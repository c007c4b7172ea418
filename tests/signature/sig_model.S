/* A guest in the form of a RISC-V architecture test, built with pmusim's model header and link
 * script (riscof/pmusim/env): it fills its 64-byte signature region with the words i * 0x01010101
 * and ends with RVMODEL_HALT. Under pmusim the HTIF store ends the run (status 0); under QEMU's
 * virt machine the macro prints the signature on the UART and stops through the test finisher. */
#include "model_test.h"

    .section .text.init, "ax"
    .globl rvtest_entry_point
rvtest_entry_point:
    RVMODEL_BOOT
    la t0, begin_signature
    la t1, end_signature
    li t2, 0
    li t3, 0x01010101
1:  bgeu t0, t1, 2f
    sw t2, 0(t0)
    add t2, t2, t3
    addi t0, t0, 4
    j 1b
2:
    RVMODEL_HALT

    .data
RVMODEL_DATA_BEGIN
    .fill 16, 4, 0xdeadbeef
RVMODEL_DATA_END
    .fill 4, 4, 0xdeadbeef
