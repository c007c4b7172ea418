/* Per-instruction micro-cases for the VeeR EL2 timing model, seventh set (vt-micro7): a heap's
 * sift-down loop (heldout.c's sift_down) in its steady state, with its compressed instructions
 * and branches: two loads of different bus words 2 instructions apart, the second's result
 * compared right away, and a store 9 instructions before the first load (the input buffer's
 * window). m7_sift_branches keeps the loop's four branches (each with the next instruction as
 * its target: the back edge taken, the other three not), m7_sift_plain has 4-byte adds in their
 * place, m7_sift_taken takes the loop's other path (two taken branches around the store),
 * m7_sift_sameword stores into the bus word the load 9 instructions later reads. m7_exit_pair:
 * the loop's exit into its caller: two stores 4 instructions apart, two loads of different bus
 * words back to back 4 instructions after the second store, then two stores into the words
 * just loaded (a swap); m7_exit_single the same with the first store left out. Same layout as
 * micro.S; a0 = data pointer, a1 = 7. A program of its own so that vt-micro1-6 keep their
 * code. */
#include "micro_loop.h"

    .option rvc
    .text

LOOP m7_sift_branches, "lw t1, 32(a0); bgeu a2, t1, 2f; 2:; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add a3, a6, a7; bgeu x0, a2, 2f; 2:; c.sw a2, 4(a0); sll a7, a1, 2; bgeu a1, a5, 2f; 2:; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); bltu x0, a1, 2f; 2:"
LOOP m7_sift_plain, "lw t1, 32(a0); add t5, a1, a1; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add a3, a6, a7; add t5, a1, a1; c.sw a2, 4(a0); sll a7, a1, 2; add t5, a1, a1; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); add t5, a1, a1"
LOOP m7_sift_taken, "6: lw t1, 24(a0); bgeu a2, t1, 8f; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add a3, a6, a7; bgeu x0, a2, 7f; 7: c.sw a2, 4(a0); sll a7, a1, 2; bgeu a1, a5, 9f; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 32(a0); bltu x0, a1, 9f; 8: c.mv a4, a5; sll a5, a1, 1; c.addi a5, 1; add a3, a6, a7; bltu x0, a2, 7b; 9:"
LOOP m7_sift_sameword, "lw t1, 32(a0); bgeu a2, t1, 2f; 2:; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; add a3, a6, a7; bgeu x0, a2, 2f; 2:; c.sw a2, 24(a0); sll a7, a1, 2; bgeu a1, a5, 2f; 2:; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); bltu x0, a1, 2f; 2:"
LOOP m7_exit_pair, "c.sw a2, 4(a0); sll a7, a1, 2; bltu x0, a1, 6f; 6: c.mv a4, a3; sw t3, 16(a0); bltu x0, a1, 6f; 6: c.addi a4, -4; bltu x0, a1, 6f; 6: lw t1, 32(a0); lw t2, 40(a0); c.mv a5, a1; sw t1, 40(a0); sw t2, 32(a0); c.li a3, 0; c.addi a4, -1; add t5, a1, a1; add t5, a1, a1; add t5, a1, a1; add t5, a1, a1; add t5, a1, a1"
LOOP m7_exit_single, "c.mv a2, a2; sll a7, a1, 2; bltu x0, a1, 6f; 6: c.mv a4, a3; sw t3, 16(a0); bltu x0, a1, 6f; 6: c.addi a4, -4; bltu x0, a1, 6f; 6: lw t1, 32(a0); lw t2, 40(a0); c.mv a5, a1; sw t1, 40(a0); sw t2, 32(a0); c.li a3, 0; c.addi a4, -1; add t5, a1, a1; add t5, a1, a1; add t5, a1, a1; add t5, a1, a1; add t5, a1, a1"
