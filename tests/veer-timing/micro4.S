/* Per-instruction micro-cases for the VeeR EL2 timing model, fourth set (vt-micro4): an external
 * store, then a load of another bus word 4 to 11 instructions later whose result is used right
 * away (by an add or by a branch), and the same without the store; a load 8 instructions after
 * a store followed by a load 2 later, and the same without the store. Same layout as micro.S: a
 * loop of ITER iterations around 16 copies of one pattern; a0 = data pointer. A program of its
 * own so that vt-micro1/2/3 keep the code (and the addresses) the RTL measured. */
#include "micro_loop.h"

    .option norvc
    .text


/* a store, n - 1 adds, then a load used by the next instruction (the store is n before the load) */
LOOP m4_store_load4_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 8(a0); add t1, t0, t0"
LOOP m4_store_load5_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; lw t0, 8(a0); add t1, t0, t0"
LOOP m4_store_load6_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; lw t0, 8(a0); add t1, t0, t0"
LOOP m4_store_load8_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; lw t0, 8(a0); add t1, t0, t0"
LOOP m4_store_load11_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; add a5, a1, a1; add a6, a1, a1; add a7, a1, a1; lw t0, 8(a0); add t1, t0, t0"
/* the same as store-load4-use without the store */
LOOP m4_load_use_alu, "add t3, a1, a1; add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 8(a0); add t1, t0, t0"
/* the load's result used by a branch (never taken), after a store and without one */
LOOP m4_store_load4_br, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 8(a0); bne t0, t0, .+4"
LOOP m4_load_use_br, "add t3, a1, a1; add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 8(a0); bne t0, t0, .+4"
/* a load 8 instructions after a store (its command a cycle late), then another load of another
 * bus word 2 instructions later, used right away; and the same without the store */
LOOP m4_store_load8_load2, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; lw t0, 8(a0); add a5, a1, a1; lw t1, 16(a0); add t2, t1, t1"
LOOP m4_load_load2, "add t3, a1, a1; add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; lw t0, 8(a0); add a5, a1, a1; lw t1, 16(a0); add t2, t1, t1"
