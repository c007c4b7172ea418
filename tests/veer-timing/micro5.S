/* Per-instruction micro-cases for the VeeR EL2 timing model, fifth set (vt-micro5): the end of
 * the input buffer's window. An external store, then a load of another bus word 9 or 10
 * instructions later, used right away or followed by a load of a third bus word 2 instructions
 * later (as store-load8-use and store-load8-load2 of vt-micro4, one and two instructions
 * further). Same layout as micro.S: a loop of ITER iterations around 16 copies of one pattern;
 * a0 = data pointer. A program of its own so that vt-micro1-4 keep the code the RTL measured. */
#include "micro_loop.h"

    .option norvc
    .text

LOOP m5_store_load9_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; add a5, a1, a1; lw t0, 8(a0); add t1, t0, t0"
LOOP m5_store_load10_use, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; add a5, a1, a1; add a6, a1, a1; lw t0, 8(a0); add t1, t0, t0"
LOOP m5_store_load9_load2, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; add a6, a1, a1; lw t0, 8(a0); add a5, a1, a1; lw t1, 16(a0); add t2, t1, t1"
LOOP m5_store_load10_load2, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a2, a1, a1; add a3, a1, a1; add a4, a1, a1; add a6, a1, a1; add a7, a1, a1; lw t0, 8(a0); add a5, a1, a1; lw t1, 16(a0); add t2, t1, t1"
