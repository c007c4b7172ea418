/* The Cluster Power Controller and the GCR's per-core reset bases (dev/mips_cpc.h,
 * docs/mips-cm.md "Starting harts: the CPC"). */
#include "dev/mips_cpc.h"

#include <string.h>

void mips_cpc_init(mips_cpc_t *c, const dev_host_t *host, unsigned cores, unsigned harts_per_core)
{
    memset(c, 0, sizeof *c);
    c->host = host;
    c->cores = cores > COH_MAX_CORES ? COH_MAX_CORES : cores;
    c->harts_per_core = harts_per_core > MIPS_CPC_MAX_VPS ? MIPS_CPC_MAX_VPS : harts_per_core;
}

void mips_cpc_boot(mips_cpc_t *c, uint64_t entry, bool all)
{
    uint8_t every = (uint8_t)((1u << c->harts_per_core) - 1);
    for (unsigned k = 0; k < c->cores; k++) {
        for (unsigned h = 0; h < MIPS_CPC_MAX_VPS; h++)
            c->reset_base[k][h] = entry;
        c->coh_en[k] = 0;
        c->running[k] = all ? every : k == 0 ? 1 : 0;
        c->powered[k] = c->running[k] != 0;
    }
    c->pwrup_ctl = 0;
}

/* Starts the VPs of `mask` in core k that do not run yet, each at its reset base. */
static void run_vps(mips_cpc_t *c, unsigned k, uint64_t mask)
{
    c->powered[k] = true;
    for (unsigned h = 0; h < c->harts_per_core; h++) {
        if (!((mask >> h) & 1) || ((c->running[k] >> h) & 1))
            continue;
        c->running[k] |= (uint8_t)(1u << h);
        if (c->host->hart_run)
            c->host->hart_run(c->host->ctx, k * c->harts_per_core + h, true, c->reset_base[k][h]);
    }
}

static void stop_vps(mips_cpc_t *c, unsigned k, uint64_t mask)
{
    for (unsigned h = 0; h < c->harts_per_core; h++) {
        if (!((mask >> h) & 1) || !((c->running[k] >> h) & 1))
            continue;
        c->running[k] &= (uint8_t) ~(1u << h);
        if (c->host->hart_run)
            c->host->hart_run(c->host->ctx, k * c->harts_per_core + h, false, 0);
    }
    if (!c->running[k])
        c->powered[k] = false;
}

/* Core and register of a per-core block offset (from the block's base), or false. */
static bool core_reg(const mips_cpc_t *c, uint64_t off, unsigned *core, unsigned *reg)
{
    if (off >= 0x2000)
        return false;
    *core = (unsigned)(off >> 8);
    *reg = (unsigned)(off & 0xFF);
    return *core < c->cores;
}

bool mips_cpc_gcr_read(const mips_cpc_t *c, uint64_t off, uint64_t *val)
{
    unsigned k, reg;
    if (off < GCR_CL_BASE || !core_reg(c, off - GCR_CL_BASE, &k, &reg))
        return false;
    if (reg == GCR_CL_COH_EN)
        *val = c->coh_en[k];
    else if ((reg >> 3) < c->harts_per_core)
        *val = c->reset_base[k][reg >> 3];
    else
        return false;
    return true;
}

bool mips_cpc_gcr_write(mips_cpc_t *c, uint64_t off, uint64_t val)
{
    unsigned k, reg;
    if (off < GCR_CL_BASE || !core_reg(c, off - GCR_CL_BASE, &k, &reg))
        return false;
    if (reg == GCR_CL_COH_EN)
        c->coh_en[k] = val & 1;
    else if ((reg >> 3) < c->harts_per_core)
        c->reset_base[k][reg >> 3] = val & ~0xFFFull; /* 4 KiB aligned, as QEMU's boston-aia keeps it */
    else
        return false;
    return true;
}

uint64_t mips_cpc_read(const mips_cpc_t *c, uint64_t off)
{
    unsigned k, reg;
    if (off == CPC_PWRUP_CTL)
        return c->pwrup_ctl;
    if (off == CPC_CM_STAT_CONF)
        return (uint64_t)CPC_SEQ_U5 << CPC_SEQ_STATE_SHIFT;
    if (off < CPC_CL_BASE || !core_reg(c, off - CPC_CL_BASE, &k, &reg))
        return 0;
    switch (reg) {
    case CPC_CX_STAT_CONF: return c->powered[k] ? (uint64_t)CPC_SEQ_U6 << CPC_SEQ_STATE_SHIFT : 0;
    case CPC_CX_VP_RUNNING:
    case CPC_CX_VP_RUN: return c->running[k];
    default: return 0;
    }
}

void mips_cpc_write(mips_cpc_t *c, uint64_t off, uint64_t val)
{
    unsigned k, reg;
    if (off == CPC_PWRUP_CTL) {
        c->pwrup_ctl = val & 1; /* other clusters: there are none */
        return;
    }
    if (off < CPC_CL_BASE || !core_reg(c, off - CPC_CL_BASE, &k, &reg))
        return;
    switch (reg) {
    case CPC_CX_CMD:
        if ((val & 0xF) == CPC_CMD_PWRUP || (val & 0xF) == CPC_CMD_RESET)
            run_vps(c, k, 1); /* the core comes up with its first VP running */
        break;
    case CPC_CX_VP_RUN: run_vps(c, k, val); break;
    case CPC_CX_VP_STOP: stop_vps(c, k, val); break;
    default: break;
    }
}
