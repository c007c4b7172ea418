/* Per-instruction micro-cases for the VeeR EL2 timing model, sixth set (vt-micro6): two
 * external loads of different bus words back to back, after a store 4 instructions before the
 * first (its command late, the input buffer's drain) and without it, and followed by two stores
 * to other words. Same layout as micro.S: a loop of ITER iterations around 16 copies of one
 * pattern; a0 = data pointer. A program of its own so that vt-micro1-5 keep their code. */
#include "micro_loop.h"

    .option norvc
    .text

LOOP m6_store_load4_load1, "sw a1, 0(a0); add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 16(a0); lw t1, 32(a0); add t5, t1, t1"
LOOP m6_load_load1, "add t3, a1, a1; add t2, a1, a1; add t3, a1, a1; add t4, a1, a1; lw t0, 16(a0); lw t1, 32(a0); add t5, t1, t1"
LOOP m6_load_load1_store2, "add t3, a1, a1; add t2, a1, a1; lw t0, 16(a0); lw t1, 32(a0); add a2, a1, a1; sw t0, 32(a0); sw t1, 48(a0); add t3, a1, a1; add t4, a1, a1; add t5, a1, a1; add a3, a1, a1"
