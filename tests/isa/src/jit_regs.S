/* Registers written in a block before something leaves it or calls out of it: the register file
 * must be the architectural one there (a translator that keeps registers in host registers
 * writes them back before every exit, trap and helper, and loads them again after a call).
 * Every loop runs 40 times, so that its blocks are hot (translated) well before the last checks.
 *   2: a load that faults (access fault below RAM) after two registers were written in its
 *      block: the code the trap handler resumes sees their new values
 *   3: the same with a store
 *   4: a division by zero and a remainder by zero of registers written just before (the
 *      out-of-line division reads them from the register file)
 *   5: a device load (CLINT msip, 0) between two uses of registers written before it in the
 *      same block: their values survive the call of the load's slow path
 *   6: a loop whose one block branches to itself, with a device load in it: the sum of the
 *      counter over the iterations, and the counter itself, after the loop
 *   7: a load below RAM through a negative offset from RAM's first byte, into its own base
 *      register: the fault's mtval is the address (rs1 + imm), and the base register keeps its
 *      value (translated code tests the window on the offset alone and computes the address
 *      out of line; on RV64 the offset takes another form there, imm - RAM base not fitting 32 bits)
 *   8: the same with a store
 *   9: stores and loads of every size through negative offsets inside RAM, read back
 * Registers that translated code keeps in host registers from one block to the next (a5 and a3
 * on virt32/virt64; a4 too here), written in one block and used in the next one reached through a
 * jump:
 *  10: a load that faults in the second block: the code the trap handler resumes sees the values
 *  11: a CSR read in the second block (the interpreter runs the rest of that block): the values
 *      (and sp's)
 *  12: the return address of a jal and a jalr written into them, then a division by zero whose
 *      out-of-line path reads one of them */
#include "isa_test.h"

#define UNMAPPED 0x7ffffff0
#define ITERATIONS 40
#define RAM_FIRST 0x80000000

RVTEST_CODE_BEGIN

  TEST_BEGIN(2);
        li s0, 0
        li s1, ITERATIONS
1:      TRAP_EXPECT(3f)
        li a1, UNMAPPED
        addi a2, s0, 7
        add a3, a2, a2
        lw a4, 0(a1)
        j fail
3:      addi t2, s0, 7
        bne a2, t2, fail
        add t2, t2, t2
        bne a3, t2, fail
        TRAP_LOAD(a4, TI_CAUSE)
        li t2, CAUSE_LOAD_ACCESS
        bne a4, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(3);
        li s0, 0
1:      TRAP_EXPECT(3f)
        li a1, UNMAPPED
        addi a2, s0, 11
        xor a3, a2, s1
        sw a2, 0(a1)
        j fail
3:      addi t2, s0, 11
        bne a2, t2, fail
        xor t2, t2, s1
        bne a3, t2, fail
        TRAP_LOAD(a4, TI_CAUSE)
        li t2, CAUSE_STORE_ACCESS
        bne a4, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(4);
        li s0, 0
1:      addi a2, s0, 5
        li a3, 0
        div a4, a2, a3
        rem a5, a2, a3
        add a6, a5, a2
        li t2, -1
        bne a4, t2, fail
        addi t2, s0, 5
        bne a5, t2, fail
        add t2, t2, t2
        bne a6, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(5);
        li s0, 0
        li a1, CLINT_MSIP
1:      addi a2, s0, 3
        slli a3, s0, 2
        lw a4, 0(a1)
        add a5, a2, a3
        add a5, a5, a4
        addi t2, s0, 3
        bne a2, t2, fail
        slli t2, s0, 2
        bne a3, t2, fail
        addi t2, t2, 3
        add t2, t2, s0
        bne a5, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(6);
        li s0, 0
        li a5, 0
        li a1, CLINT_MSIP
        j 1f
1:      lw a4, 0(a1)
        add a5, a5, s0
        add a5, a5, a4
        addi s0, s0, 1
        blt s0, s1, 1b
        li t2, ITERATIONS * (ITERATIONS - 1) / 2
        bne a5, t2, fail
        li t2, ITERATIONS
        bne s0, t2, fail

  TEST_BEGIN(7);
        li s0, 0
        li s1, ITERATIONS
1:      TRAP_EXPECT(3f)
        li a1, RAM_FIRST
        addi a2, s0, 9
        lw a1, -16(a1)
        j fail
3:      li t2, RAM_FIRST
        bne a1, t2, fail
        addi t2, s0, 9
        bne a2, t2, fail
        TRAP_LOAD(a4, TI_CAUSE)
        li t2, CAUSE_LOAD_ACCESS
        bne a4, t2, fail
        TRAP_LOAD(a4, TI_TVAL)
        li t2, RAM_FIRST - 16
        bne a4, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(8);
        li s0, 0
1:      TRAP_EXPECT(3f)
        li a1, RAM_FIRST
        addi a2, s0, 13
        sh a2, -6(a1)
        j fail
3:      li t2, RAM_FIRST
        bne a1, t2, fail
        TRAP_LOAD(a4, TI_CAUSE)
        li t2, CAUSE_STORE_ACCESS
        bne a4, t2, fail
        TRAP_LOAD(a4, TI_TVAL)
        li t2, RAM_FIRST - 6
        bne a4, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(9);
        li s0, 0
        la a1, jit_window_scratch + 32
1:      addi a2, s0, -100
        sw a2, -32(a1)
        sh a2, -28(a1)
        sb a2, -26(a1)
        lw a3, -32(a1)
        bne a3, a2, fail
        lh a3, -28(a1)
        slli t2, a2, XLEN - 16
        srai t2, t2, XLEN - 16
        bne a3, t2, fail
        lbu a3, -26(a1)
        andi t2, a2, 0xff
        bne a3, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(10);
        li s0, 0
1:      TRAP_EXPECT(3f)
        addi a5, s0, 21
        addi a4, s0, 22
        j 2f
2:      li a1, UNMAPPED
        lw a3, 0(a1)
        j fail
3:      addi t2, s0, 21
        bne a5, t2, fail
        addi t2, s0, 22
        bne a4, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(11);
        li s0, 0
        mv t3, sp
1:      addi a5, s0, 31
        addi a4, a5, 1
        addi a3, a5, 2
        addi sp, sp, -16
        j 2f
2:      csrr a2, mscratch
        addi t2, s0, 31
        bne a5, t2, fail
        addi t2, t2, 1
        bne a4, t2, fail
        addi t2, t2, 1
        bne a3, t2, fail
        addi t2, t3, -16
        bne sp, t2, fail
        mv sp, t3
        addi s0, s0, 1
        blt s0, s1, 1b

  TEST_BEGIN(12);
        li s0, 0
1:      addi a5, s0, 1
        jal a5, 2f
4:      j fail
2:      la t2, 4b
        bne a5, t2, fail
        mv a3, s0
        la t2, 5f
        jalr a3, 0(t2)
5:      la t2, 5b
        bne a3, t2, fail
        li a4, 0
        divu a2, a5, a4
        addi t2, x0, -1
        bne a2, t2, fail
        la t2, 4b
        bne a5, t2, fail
        addi s0, s0, 1
        blt s0, s1, 1b

RVTEST_CODE_END

RVTEST_DATA_BEGIN
jit_regs_scratch: .word 0
        .balign 8
jit_window_scratch: .fill 32, 1, 0
RVTEST_DATA_END
