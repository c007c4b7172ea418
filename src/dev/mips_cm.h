/* The MIPS Coherence Manager's global configuration registers (GCR) with the performance counters
 * of the global debug block (GCR base + 0x6000), and the coherent memory hierarchy behind it
 * (mem/coherence.h), which feeds the counters. docs/mips-cm.md describes every register. */
#ifndef PMUSIM_DEV_MIPS_CM_H
#define PMUSIM_DEV_MIPS_CM_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/coherence.h"

typedef struct mips_cm mips_cm_t;

#define MIPS_CM_SIZE 0x10000u /* the GCR (32 KiB) and the CPC behind it (dev/mips_cpc.h) */
#define MIPS_CM_REV 0x0a00u   /* CM revision 10.0: the GCR_REV of QEMU's boston-aia (a P8700 board) */
#define MIPS_CM_MAX_OBSERVERS 32u

/* GCR registers (offsets from the GCR base) */
#define GCR_CONFIG 0x0000u
#define GCR_BASE 0x0008u
#define GCR_CONTROL 0x0010u
#define GCR_REV 0x0030u
#define GCR_L2_CONFIG 0x0130u
#define GCR_DB_PC_CTL 0x6100u
#define GCR_DB_PC_OV 0x6120u
#define GCR_DB_PC_EVENT 0x6130u
#define GCR_DB_PC_CYCLE 0x6180u
#define GCR_DB_PC_QUAL0 0x6190u
#define GCR_DB_PC_CNT0 0x6198u
#define GCR_DB_PC_QUAL1 0x61A0u
#define GCR_DB_PC_CNT1 0x61A8u

/* PC_CTL fields */
#define PC_CTL_INT_EN (1u << 30)
#define PC_CTL_OVF_STOP (1u << 29)
#define PC_CTL_P1_RESET (1u << 9)
#define PC_CTL_P1_ON (1u << 8)
#define PC_CTL_P0_RESET (1u << 7)
#define PC_CTL_P0_ON (1u << 6)
#define PC_CTL_CYC_RESET (1u << 5)
#define PC_CTL_CYC_ON (1u << 4)
#define PC_CTL_NUM_CNT 2u

/* The interrupt line CM_PCInt drives: machine external interrupt (mip.MEIP) of the first hart. */
#define MIPS_CM_PCINT_HART 0u
#define MIPS_CM_PCINT_IRQ 11u

/* A memory access by a core, or a DMA transfer through an IOCU: the counting model. */
void mips_cm_core_access(mips_cm_t *cm, unsigned core, uint64_t addr, unsigned size, enum coh_access kind,
                         enum coh_cca cca, coh_outcome_t *out);
void mips_cm_iocu_access(mips_cm_t *cm, unsigned iocu, uint64_t addr, uint64_t len, bool write,
                         bool coherent);

/* Reset with the program's entry point: the harts' reset bases, and which harts run (the first,
 * or all of them when `all`; dev/mips_cpc.h). */
void mips_cm_boot(mips_cm_t *cm, uint64_t entry, bool all);

/* The memos of core c's L1 D- and I-caches (mem/l1_memo.h) for its harts' fast paths. */
struct l1_memo *mips_cm_l1_memo(mips_cm_t *cm, unsigned core, bool icache);

/* Counting from outside (pmusim stat): an observer counts every occurrence of `event` whose
 * signature matches `qual`, whatever the guest programs. Its index, or -1 (none left). */
int mips_cm_add_observer(mips_cm_t *cm, unsigned event, uint32_t qual);
uint64_t mips_cm_observer_read(const mips_cm_t *cm, unsigned index);
/* CM clock cycles since reset. */
uint64_t mips_cm_cycles(mips_cm_t *cm);

#endif
