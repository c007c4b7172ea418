/* Per-instruction micro-cases for the VeeR EL2 timing model, eighth set (vt-micro8): one call of
 * heldout.c's heap sift-down from the root as the heap sort's second phase makes it, straight
 * line: the swap of heap_a[0] and heap_a[n], the function's entry (its load of heap_a[0]), two
 * iterations (loads of the children, a store into the parent) and the exit (two stores).
 * m8_root0: the first iteration's store into heap_a[0], the bus word of the loads of heap_a[0]
 * and heap_a[1] before it, as in heldout.c; m8_root_far: the same store into a word nothing
 * else reads. Offsets: heap_a[i] at 4i(a0), heap_a[n] at 56(a0). Same layout as micro.S;
 * a0 = data pointer, a1 = 7. A program of its own so that vt-micro1-7 keep their code. */
#include "micro_loop.h"

    .option rvc
    .text

LOOP m8_root0, "c.lw a4, 56(a0); lw a5, 0(a0); c.mv a3, a1; sw a4, 0(a0); c.sw a5, 56(a0); c.li a2, 0; c.addi a4, -1; bltu x0, a1, 6f; 6: auipc a6, 0; add t4, a1, a1; sll a7, a1, 2; sll a5, a1, 1; add t4, a1, a1; c.addi a5, 1; lw t3, 0(a0); bltu x0, a1, 6f; 6: c.addi a4, 1; sll a4, a1, 3; add t4, a1, a1; sll a4, a5, 2; c.add a4, a1; c.slli a7, 1; c.lw a2, 4(a0); bltu x0, a1, 6f; 6: lw t1, 8(a0); bltu t1, x0, 6f; 6: sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add t4, a1, a1; bltu t3, x0, 6f; 6: c.sw a2, 0(a0); sll a7, a1, 2; bltu a5, x0, 6f; 6: c.addi a4, 1; sll a4, a1, 3; add t4, a1, a1; sll a4, a5, 2; c.add a4, a1; c.slli a7, 1; c.lw a2, 20(a0); bltu x0, a1, 6f; 6: lw t1, 24(a0); bltu t1, x0, 6f; 6: sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add t4, a1, a1; bltu t3, x0, 6f; 6: c.sw a2, 8(a0); sll a7, a1, 2; bltu x0, a1, 6f; 6: c.mv a3, a4; sw t3, 24(a0); bltu x0, a1, 6f; 6: c.addi a4, -4; bltu x0, a1, 6f; 6:"
LOOP m8_root_far, "c.lw a4, 56(a0); lw a5, 0(a0); c.mv a3, a1; sw a4, 0(a0); c.sw a5, 56(a0); c.li a2, 0; c.addi a4, -1; bltu x0, a1, 6f; 6: auipc a6, 0; add t4, a1, a1; sll a7, a1, 2; sll a5, a1, 1; add t4, a1, a1; c.addi a5, 1; lw t3, 0(a0); bltu x0, a1, 6f; 6: c.addi a4, 1; sll a4, a1, 3; add t4, a1, a1; sll a4, a5, 2; c.add a4, a1; c.slli a7, 1; c.lw a2, 4(a0); bltu x0, a1, 6f; 6: lw t1, 8(a0); bltu t1, x0, 6f; 6: sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add t4, a1, a1; bltu t3, x0, 6f; 6: c.sw a2, 48(a0); sll a7, a1, 2; bltu a5, x0, 6f; 6: c.addi a4, 1; sll a4, a1, 3; add t4, a1, a1; sll a4, a5, 2; c.add a4, a1; c.slli a7, 1; c.lw a2, 20(a0); bltu x0, a1, 6f; 6: lw t1, 24(a0); bltu t1, x0, 6f; 6: sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add t4, a1, a1; bltu t3, x0, 6f; 6: c.sw a2, 8(a0); sll a7, a1, 2; bltu x0, a1, 6f; 6: c.mv a3, a4; sw t3, 24(a0); bltu x0, a1, 6f; 6: c.addi a4, -4; bltu x0, a1, 6f; 6:"
