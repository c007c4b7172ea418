/* The Cluster Power Controller (CPC) of a MIPS coherent processing system, at GCR base + 0x8000,
 * and the per-core block of the GCR (GCR base + 0x2000 + core << 8) that holds each hart's reset
 * base: at reset only the first hart runs; a guest starts the others by writing their reset base
 * and asking the CPC to run them (docs/mips-cm.md "Starting harts: the CPC"). Part of the mips-cm
 * device (dev/mips_cm.c), which routes these offsets here. */
#ifndef PMUSIM_DEV_MIPS_CPC_H
#define PMUSIM_DEV_MIPS_CPC_H

#include <stdbool.h>
#include <stdint.h>

#include "dev/devices.h"
#include "mem/coherence.h"

#define MIPS_CPC_OFFSET 0x8000u /* from the GCR base */
#define MIPS_CPC_SIZE 0x8000u
#define MIPS_CPC_MAX_VPS 4u

/* GCR global registers about the CPC */
#define GCR_CPC_BASE 0x0088u
#define GCR_CPC_STATUS 0x00F0u
/* GCR per-core block: GCR_CL_BASE + core << 8 */
#define GCR_CL_BASE 0x2000u
#define GCR_CL_COH_EN 0x00F8u /* reset bases at hart << 3 */

/* CPC registers (offsets from the CPC base) */
#define CPC_PWRUP_CTL 0x0030u
#define CPC_CM_STAT_CONF 0x1008u
#define CPC_CL_BASE 0x2000u /* per-core block: + core << 8 */
#define CPC_CX_CMD 0x00u
#define CPC_CX_STAT_CONF 0x08u
#define CPC_CX_VP_STOP 0x20u
#define CPC_CX_VP_RUN 0x28u
#define CPC_CX_VP_RUNNING 0x30u
#define CPC_CMD_PWRUP 3u
#define CPC_CMD_RESET 4u
#define CPC_SEQ_STATE_SHIFT 19u
#define CPC_SEQ_U5 6u /* the CM's state when it is up */
#define CPC_SEQ_U6 7u /* a core's state when it is powered up and running */

typedef struct mips_cpc {
    const dev_host_t *host;
    unsigned cores, harts_per_core;
    uint64_t reset_base[COH_MAX_CORES][MIPS_CPC_MAX_VPS];
    uint64_t coh_en[COH_MAX_CORES];
    uint8_t running[COH_MAX_CORES]; /* the VPs (harts) of each core that run */
    bool powered[COH_MAX_CORES];
    uint64_t pwrup_ctl;
} mips_cpc_t;

void mips_cpc_init(mips_cpc_t *c, const dev_host_t *host, unsigned cores, unsigned harts_per_core);
/* Reset with the program's entry point: every reset base is the entry; the first hart runs, and
 * every other one too when `all` (else they are held in reset). */
void mips_cpc_boot(mips_cpc_t *c, uint64_t entry, bool all);
/* The GCR per-core block (offsets GCR_CL_BASE..+0x1FFF of the GCR): false when `off` is not
 * one of its registers. */
bool mips_cpc_gcr_read(const mips_cpc_t *c, uint64_t off, uint64_t *val);
bool mips_cpc_gcr_write(mips_cpc_t *c, uint64_t off, uint64_t val);
/* CPC registers: `off` from the CPC base; aligned 64-bit registers. */
uint64_t mips_cpc_read(const mips_cpc_t *c, uint64_t off);
void mips_cpc_write(mips_cpc_t *c, uint64_t off, uint64_t val);

#endif
