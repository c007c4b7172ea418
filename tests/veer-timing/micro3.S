/* Per-instruction micro-cases for the VeeR EL2 timing model, third set (vt-micro3): the distance
 * from an external load to its use, from an external store to a later load, and returns after
 * compressed calls. Same layout as micro.S: a loop of ITER iterations around 16 copies of one
 * pattern; a0 = data pointer. Kept apart from micro.S so that vt-micro1/2 keep the code (and the
 * addresses) the RTL measured. */
#include "micro_loop.h"

    .option norvc
    .text


/* an external load used 2, 3 instructions later */
LOOP m3_load_use2, "lw t0, 0(a0); add t2, a1, a1; add t1, t0, t0"
LOOP m3_load_use3, "lw t0, 0(a0); add t2, a1, a1; add t3, a1, a1; add t1, t0, t0"
/* two loads, then a use of both (a merge step) */
LOOP m3_load2_use, "lw t0, 0(a0); lw t1, 8(a0); add t2, t0, t1"
/* a store, then a load of another bus word 1, 2, 3, 4 instructions later */
LOOP m3_store_load1, "sw a1, 0(a0); lw t0, 8(a0)"
LOOP m3_store_load2, "sw a1, 0(a0); add t2, a1, a1; lw t0, 8(a0)"
LOOP m3_store_load3, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; lw t0, 8(a0)"
LOOP m3_store_load4, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 8(a0)"
/* an insertion-sort step: store, then a load used 2 instructions later */
LOOP m3_store_load_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; lw t0, 8(a0); add t4, a1, a1; add t1, t0, t0"
/* stores to two words of one bus word, and to alternating words */
LOOP m3_store_pair, "sw a1, 0(a0); sw a1, 4(a0)"
LOOP m3_store_alt, "sw a1, 0(a0); sw a1, 16(a0)"

/* calls with a compressed jal (c.jal) to a compressed return */
    .option rvc
    .balign 64
m3_leafc:
    ret
    .globl m3_call_retc
    .balign 64
m3_call_retc:
    mv t5, ra
    li t6, ITER
1:
    .rept 16
    c.jal m3_leafc
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    mv ra, t5
    ret
/* nested calls, 3 deep, with c.jal */
    .balign 64
m3_n3:
    ret
m3_n2:
    mv t4, ra
    c.jal m3_n3
    mv ra, t4
    ret
m3_n1:
    mv t3, ra
    c.jal m3_n2
    mv ra, t3
    ret
    .globl m3_call_nest
    .balign 64
m3_call_nest:
    mv t5, ra
    li t6, ITER
1:
    .rept 4
    c.jal m3_n1
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    mv ra, t5
    ret
