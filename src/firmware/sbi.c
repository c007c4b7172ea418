/* The built-in SBI: attaching it to a machine, dispatching S-mode ecalls to the extensions, and
 * the firmware events of traps (docs/sbi.md). */
#include <stdio.h>
#include <stdlib.h>

#include "cpu/csr.h"
#include "cpu/pmp.h"
#include "cpu/sscofpmf.h"
#include "firmware/sbi_internal.h"

static const struct {
    uint64_t eid;
    sbi_ret_t (*fn)(sbi_t *s, hart_t *h, const sbi_call_t *c);
} extensions[] = {
    { SBI_EXT_BASE, sbi_base },     { SBI_EXT_TIME, sbi_time }, { SBI_EXT_IPI, sbi_ipi },
    { SBI_EXT_RFENCE, sbi_rfence }, { SBI_EXT_HSM, sbi_hsm },   { SBI_EXT_SRST, sbi_srst },
    { SBI_EXT_PMU, sbi_pmu },       { SBI_EXT_DBCN, sbi_dbcn },
};

bool sbi_has_extension(const sbi_t *s, uint64_t eid)
{
    (void)s;
    if (eid == SBI_EXT_LEGACY_SET_TIMER || eid == SBI_EXT_LEGACY_PUTCHAR || eid == SBI_EXT_LEGACY_GETCHAR ||
        eid == SBI_EXT_LEGACY_SHUTDOWN)
        return true;
    for (size_t k = 0; k < sizeof(extensions) / sizeof(extensions[0]); k++)
        if (extensions[k].eid == eid)
            return true;
    return false;
}

bool sbi_hart_set(const sbi_t *s, uint64_t mask, uint64_t base, uint64_t *set)
{
    unsigned n = s->m->n_harts;
    uint64_t all = n >= 64 ? UINT64_MAX : (1ull << n) - 1;
    uint64_t ones = s->xlen == 32 ? UINT32_MAX : UINT64_MAX;
    if (base == ones) { /* hart_mask_base = -1: every hart */
        *set = all;
        return true;
    }
    *set = 0;
    for (unsigned b = 0; b < s->xlen; b++) {
        if (!((mask >> b) & 1))
            continue;
        uint64_t id = base + b;
        int k = sbi_hart_index(s, id);
        if (id < base || k < 0)
            return false;
        *set |= 1ull << k;
    }
    return true;
}

int sbi_hart_index(const sbi_t *s, uint64_t hartid)
{
    for (unsigned k = 0; k < s->m->n_harts; k++)
        if (s->m->harts[k].csr.mhartid == hartid)
            return (int)k;
    return -1;
}

void sbi_set_timer(sbi_t *s, unsigned k, uint64_t when)
{
    machine_t *m = s->m;
    if (!m->clint)
        return;
    clint_set_mtimecmp(m->clint, k, when); /* drives STIP */
}

static bool sbi_ecall(void *fw, hart_t *h)
{
    sbi_t *s = fw;
    uint64_t mask = h->xlen == 32 ? UINT32_MAX : UINT64_MAX;
    sbi_call_t c = { .fid = h->x[16] & mask, .hart = (unsigned)(h - s->m->harts) };
    for (unsigned k = 0; k < 6; k++)
        c.a[k] = h->x[10 + k] & mask;
    uint64_t eid = h->x[17] & mask;
    if (eid <= 0x0F) {
        uint64_t a0;
        if (sbi_legacy(s, h, eid, &c, &a0))
            h->x[10] = a0 & mask;
        else
            h->x[10] = (uint64_t)(int64_t)SBI_ERR_NOT_SUPPORTED & mask;
        return true;
    }
    sbi_ret_t r = sbi_err(SBI_ERR_NOT_SUPPORTED);
    for (size_t k = 0; k < sizeof(extensions) / sizeof(extensions[0]); k++)
        if (extensions[k].eid == eid)
            r = extensions[k].fn(s, h, &c);
    h->x[10] = (uint64_t)r.error & mask;
    h->x[11] = r.value & mask;
    return true;
}

static void sbi_exception(void *fw, hart_t *h, uint64_t cause)
{
    sbi_t *s = fw;
    unsigned k = (unsigned)(h - s->m->harts);
    switch (cause) {
    case 2: sbi_pmu_fw_event(s, k, SBI_FW_ILLEGAL_INSN); break;
    case 4: sbi_pmu_fw_event(s, k, SBI_FW_MISALIGNED_LOAD); break;
    case 5: sbi_pmu_fw_event(s, k, SBI_FW_ACCESS_LOAD); break;
    case 6: sbi_pmu_fw_event(s, k, SBI_FW_MISALIGNED_STORE); break;
    case 7: sbi_pmu_fw_event(s, k, SBI_FW_ACCESS_STORE); break;
    default: break;
    }
}

/* The machine timer line is the firmware's: it raises the supervisor timer interrupt that SBI
 * set_timer promised, as OpenSBI's timer handler does with mip.STIP. */
static bool sbi_line(void *fw, hart_t *h, unsigned irq, bool level)
{
    (void)fw;
    if (irq != IRQ_MTI)
        return false;
    hart_set_line(h, IRQ_STI, level);
    return true;
}

static void free_sbi(void *fw)
{
    sbi_t *s = fw;
    free(s->hart);
    free(s);
}

/* A problem of the riscv,pmu node, on the machine's diagnostics sink. */
typedef struct sbi_dt_report {
    machine_t *m;
    const char *dtb_name;
} sbi_dt_report_t;

static void report(void *ctx, const char *node, const char *problem)
{
    const sbi_dt_report_t *r = ctx;
    diag_error(&r->m->diag, "%s: %s: %s", r->dtb_name, node, problem);
}

int sbi_attach(machine_t *m, const void *dtb, const char *dtb_name)
{
    sbi_t *s = calloc(1, sizeof(*s));
    if (s)
        s->hart = calloc(m->n_harts, sizeof(*s->hart));
    if (!s || !s->hart) {
        diag_error(&m->diag, "out of memory");
        if (s)
            free(s);
        return -1;
    }
    s->m = m;
    s->xlen = m->harts[0].xlen;
    s->hw_counters = m->harts[0].pmu.model->hpm_mask | 5u;
    sbi_dt_report_t where = { m, dtb_name ? dtb_name : "device tree" };
    if (pmu_dt_parse(dtb, s->hw_counters, &s->dt, report, &where)) {
        diag_error(&m->diag, "the built-in SBI does not boot with an invalid riscv,pmu node (see 'pmusim "
                             "dt check')");
        free(s->hart);
        free(s);
        return -1;
    }
    m->firmware = s;
    m->firmware_ecall = sbi_ecall;
    m->firmware_exception = sbi_exception;
    m->firmware_line = sbi_line;
    m->firmware_free = free_sbi;
    for (unsigned k = 0; k < m->n_harts; k++) {
        hart_t *h = &m->harts[k];
        csr_state_t *cs = &h->csr;
        /* as firmware leaves a hart for its S-mode payload: every exception but the ecalls from
         * S- and M-mode and the supervisor interrupts delegated, counters readable */
        cs->medeleg = 0xB1FF;
        cs->mideleg = (1u << IRQ_SSI) | (1u << IRQ_STI) | (1u << 9 /* SEI */) |
                      (sscof_has(h) ? 1u << IRQ_LCOF : 0); /* LCOFI to S-mode, as OpenSBI */
        cs->mcounteren = (uint64_t)h->pmu.model->hpm_mask | 7u;
        pmu_set_inhibit(&h->pmu, h->pmu.model->hpm_mask & h->pmu.model->inhibit_mask, hart_cycle(h));
        hart_pmu_changed(h);
        /* PMP as OpenSBI leaves it for its domain: one NAPOT entry over the whole address
         * space with R/W/X, so S- and U-mode reach everything (no M-mode code to protect) */
        if (h->pmp_count) {
            pmp_write_addr(h, 0, UINT64_MAX);
            pmp_write_cfg(h, 0, 0x1F); /* NAPOT | X | W | R in the entry's byte */
        }
        hart_set_priv(h, PRIV_S);
        hart_mem_changed(h);
        if (k != 0) { /* HSM: only the boot hart runs; the others wait for hart_start */
            s->hart[k].hsm = SBI_HSM_STOPPED;
            cs->mie = 0;
            h->wfi_wait = true;
        }
    }
    sbi_pmu_init(s);
    return 0;
}
