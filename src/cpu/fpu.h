/* The F and D extensions' arithmetic (src/cpu/fpu.c), called by the executor's FP handlers
 * (src/cpu/exec_fp.h). Loads, stores and the mstatus.FS check are the executor's. */
#ifndef PMUSIM_CPU_FPU_H
#define PMUSIM_CPU_FPU_H

#include "cpu/block.h"
#include "cpu/hart.h"

/* fflags bits */
#define FPU_NV 0x10u
#define FPU_DZ 0x08u
#define FPU_OF 0x04u
#define FPU_UF 0x02u
#define FPU_NX 0x01u

#define FPU_BOX 0xffffffff00000000ull /* NaN boxing of a single value in a 64-bit f register */
#define FPU_ILLEGAL (-1)              /* fpu_exec: the rounding mode is reserved */
#define FPU_SUBNORMAL 1               /* fpu_exec: the rounded result is subnormal */

/* Executes the FP operation `op` (enum insn_op, neither load nor store) of the decoded
 * instruction d: reads and writes h->f, h->x (XLEN), accrues h->fflags, sets mstatus.FS Dirty.
 * Returns 0, FPU_SUBNORMAL, or FPU_ILLEGAL (nothing changed). */
int fpu_exec(hart_t *h, unsigned op, const dinsn_t *d);

#endif
