/* Per-instruction micro-cases for the VeeR EL2 timing model. Each function runs a loop of
 * ITER iterations around 16 copies of one instruction pattern; a0 = data pointer (DCCM or
 * external memory), where used. Only caller-saved registers are used. */
#include "micro_loop.h"

    .option norvc
    .text


/* multiply: independent, and a dependent chain */
LOOP m_mul_indep, "mul t0, a1, a2"
    .globl m_mul_dep
    .balign 64
m_mul_dep:
    li t6, ITER
    li t0, 3
1:
    .rept 16
    mul t0, t0, t0
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    ret

/* divide with operands set by the caller: a1 / a2 */
LOOP m_div, "div t0, a1, a2"
LOOP m_divu, "divu t0, a1, a2"
LOOP m_rem, "rem t0, a1, a2"
/* divide whose result is used right away */
LOOP m_div_use, "div t0, a1, a2; add t1, t0, t0"

/* loads: result used by the next instruction, or not used */
LOOP m_load_use, "lw t0, 0(a0); add t1, t0, t0"
LOOP m_load_nouse, "lw t0, 0(a0); add t1, a1, a1; add t2, a1, a1; add t3, a1, a1"
LOOP m_load_seq, "lw t0, 0(a0); lw t1, 4(a0); lw t2, 8(a0); lw t3, 12(a0)"
/* stores: same word, consecutive words */
LOOP m_store_same, "sw a1, 0(a0)"
LOOP m_store_seq, "sw a1, 0(a0); sw a1, 4(a0); sw a1, 8(a0); sw a1, 12(a0)"
LOOP m_store_load, "sw a1, 0(a0); lw t0, 4(a0)"
/* misaligned word load */
LOOP m_load_misaligned, "lw t0, 1(a0)"

/* plain ALU, for the base rate */
LOOP m_alu, "add t0, a1, a2"
LOOP m_alu_dep, "add t0, t0, a1"

/* branches */
LOOP m_br_taken, "beq x0, x0, 2f; nop; 2:"
LOOP m_br_nottaken, "bne x0, x0, 2f; nop; 2:"
/* alternates taken / not taken with the loop counter's low bit */
LOOP m_br_alt, "andi t0, t6, 1; beqz t0, 2f; nop; 2:"
/* a pattern of period 3 from a rotating register */
    .globl m_br_pat3
    .balign 64
m_br_pat3:
    li t6, ITER
    li t1, 0
1:
    .rept 16
    addi t1, t1, 1
    li t2, 3
    bne t1, t2, 2f
    li t1, 0
2:
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    ret

/* calls: jal + ret, jalr + ret; the direct jump j */
    .balign 64
leaf:
    ret
    .globl m_call_ret
    .balign 64
m_call_ret:
    mv t5, ra
    li t6, ITER
1:
    .rept 16
    jal ra, leaf
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    mv ra, t5
    ret
    .balign 64
leaf4:
    addi t0, t0, 1
    addi t0, t0, 1
    addi t0, t0, 1
    addi t0, t0, 1
    ret
    .globl m_call_ret4
    .balign 64
m_call_ret4:
    mv t5, ra
    li t6, ITER
1:
    .rept 16
    jal ra, leaf4
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    mv ra, t5
    ret
    .globl m_call_jalr
    .balign 64
m_call_jalr:
    mv t5, ra
    la t4, leaf
    li t6, ITER
1:
    .rept 16
    jalr ra, 0(t4)
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    mv ra, t5
    ret
LOOP m_jump, "j 2f; nop; 2:"

/* CSRs */
LOOP m_csr_read, "csrr t0, mscratch"
LOOP m_csr_write, "csrw mscratch, a1"
LOOP m_csr_mstatus, "csrw mstatus, a3"
LOOP m_csr_mcycle, "csrr t0, mcycle"
LOOP m_csr_minstret, "csrr t0, minstret"

/* fences */
LOOP m_fence, "fence"
    .globl m_fencei
    .balign 64
m_fencei:
    li t6, ITER
1:
    .rept 4
    fence.i
    add t0, a1, a2
    add t0, a1, a2
    add t0, a1, a2
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    ret

/* straight-line code: 8 KiB (fits the 16 KiB I-cache) and 24 KiB (does not) */
    .globl m_code8k
    .balign 64
m_code8k:
    .rept 2047
    addi t0, t0, 1
    .endr
    ret
    .globl m_code24k
    .balign 64
m_code24k:
    .rept 6143
    addi t0, t0, 1
    .endr
    ret
