/* Per-instruction micro-cases for the VeeR EL2 timing model, ninth set (vt-micro9): the heap's
 * sift-down loop of micro7.S (m7_sift_branches: an external store, a load of another bus word 9
 * instructions later, the loop's predicted-taken back edge, a load of a third bus word) with a
 * flush in it. A `jalr` that is not a return is not predicted: it flushes the pipeline whatever
 * its target (here the next instruction). m9_flush_store: the flush right after the store (in
 * place of the branch 2 instructions after it); m9_flush_pair: between the two loads (in place
 * of the back edge); m9_jal_store and m9_jal_pair: a predicted `jal` to the next instruction in
 * the same places (no flush), the same layout otherwise. The `auipc` that gives the jalr its base
 * stands in place of an add whose result nothing reads. a0 = data pointer, a1 = 7. A program of
 * its own so that vt-micro1-8 keep their code. */
#include "micro_loop.h"

    .option rvc
    .option norelax
    .text

LOOP m9_flush_store, "lw t1, 32(a0); bgeu a2, t1, 2f; 2:; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; 3: auipc t4, 0; bgeu x0, a2, 2f; 2:; c.sw a2, 4(a0); sll a7, a1, 2; jalr x0, 18(t4); 4:; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); bltu x0, a1, 2f; 2:"
LOOP m9_jal_store, "lw t1, 32(a0); bgeu a2, t1, 2f; 2:; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; 3: auipc t4, 0; bgeu x0, a2, 2f; 2:; c.sw a2, 4(a0); sll a7, a1, 2; jal x0, 4f; 4:; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); bltu x0, a1, 2f; 2:"
LOOP m9_flush_pair, "lw t1, 32(a0); bgeu a2, t1, 2f; 2:; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; 3: auipc t4, 0; bgeu x0, a2, 2f; 2:; c.sw a2, 4(a0); sll a7, a1, 2; bgeu a1, a5, 2f; 2:; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); jalr x0, 42(t4); 4:"
LOOP m9_jal_pair, "lw t1, 32(a0); bgeu a2, t1, 2f; 2:; sll a5, a1, 1; c.mv a2, t1; c.mv a4, a3; c.addi a5, 1; 3: auipc t4, 0; bgeu x0, a2, 2f; 2:; c.sw a2, 4(a0); sll a7, a1, 2; bgeu a1, a5, 2f; 2:; c.addi a4, 1; sll a4, a1, 3; add a3, a6, a4; sll a4, a5, 2; c.add a4, a6; c.slli a7, 1; c.lw a2, 28(a0); jal x0, 4f; 4:"
