/* VeeR EL2 core-specific CSRs (../shared/reference/veer-el2.md §8-9; VeeR EL2 PRM chapter 10).
 *
 * Present so that programs written for the VeeR testbench run unmodified. Each is a register with
 * its reset value and writable bits; behaviour beyond storage is named per CSR below. */
#include <stdlib.h>

#include "cpu/csr.h"

typedef struct veer_csr_desc {
    uint16_t csr;
    const char *name;
    uint32_t reset;
    uint32_t writable;
    bool reads_zero;   /* write-only command registers */
} veer_csr_desc_t;

static const veer_csr_desc_t veer_csrs[] = {
    {0x7C0, "mrac", 0, 0xFFFFFFFF, false},       /* region access control */
    {0x7C2, "mcpc", 0, 0xFFFFFFFF, true},        /* PAUSE: write N pauses ~N cycles; reads 0 */
    {0x7C6, "mpmc", 0x2, 0x2, false},            /* [0] halt (W1, reads 0), [1] haltie */
    {0x7C8, "dicawics", 0, 0x0130FFFC, false},   /* I-cache diagnostics */
    {0x7C9, "dicad0", 0, 0xFFFFFFFF, false},
    {0x7CA, "dicad1", 0, 0x0000FFFF, false},
    {0x7CB, "dicago", 0, 0, true},
    {0x7CC, "dicad0h", 0, 0xFFFFFFFF, false},
    {0x7CE, "mfdht", 0, 0x3F, false},            /* forced debug halt threshold */
    {0x7CF, "mfdhs", 0, 0x3, false},
    {0x7D2, "mitcnt0", 0, 0xFFFFFFFF, false},    /* internal timer 0 */
    {0x7D3, "mitb0", 0xFFFFFFFF, 0xFFFFFFFF, false},
    {0x7D4, "mitctl0", 0x1, 0x7, false},
    {0x7D5, "mitcnt1", 0, 0xFFFFFFFF, false},    /* internal timer 1 */
    {0x7D6, "mitb1", 0xFFFFFFFF, 0xFFFFFFFF, false},
    {0x7D7, "mitctl1", 0x1, 0xF, false},
    {0x7F0, "micect", 0, 0xFFFFFFFF, false},     /* correctable error counters */
    {0x7F1, "miccmect", 0, 0xFFFFFFFF, false},
    {0x7F2, "mdccmect", 0, 0xFFFFFFFF, false},
    {0x7F8, "mcgc", 0, 0x3FF, false},            /* clock gating control */
    {0x7F9, "mfdc", 0x00070000, 0x00071FFF, false}, /* feature disable control */
    {0x7FF, "mscause", 0, 0xF, false},
    {0xBC0, "mdeau", 0, 0, true},
    {0xBC8, "meivt", 0, 0xFFFFFC00, false},      /* PIC: external interrupt vector table */
    {0xBC9, "meipt", 0, 0xF, false},
    {0xBCA, "meicpct", 0, 0, true},
    {0xBCB, "meicidpl", 0, 0xF, false},
    {0xBCC, "meicurpl", 0, 0xF, false},
    {0xFC0, "mdseac", 0, 0, false},              /* read-only by address */
    {0xFC8, "meihap", 0, 0, false},
};
#define N_VEER_CSRS (sizeof veer_csrs / sizeof veer_csrs[0])

typedef struct veer_core_state {
    uint32_t value[N_VEER_CSRS];
} veer_core_state_t;

static int find(unsigned csr) {
    for (unsigned k = 0; k < N_VEER_CSRS; k++)
        if (veer_csrs[k].csr == csr)
            return (int)k;
    return -1;
}

static veer_core_state_t *state(hart_t *h) {
    if (!h->core_state)
        h->core_state = calloc(1, sizeof(veer_core_state_t));
    return h->core_state;
}

static bool veer_read(hart_t *h, unsigned csr, uint64_t *val) {
    int k = find(csr);
    veer_core_state_t *s = state(h);
    if (k < 0 || !s)
        return false;
    *val = veer_csrs[k].reads_zero ? 0 : s->value[k];
    return true;
}

static bool veer_write(hart_t *h, unsigned csr, uint64_t val) {
    int k = find(csr);
    veer_core_state_t *s = state(h);
    if (k < 0 || !s)
        return false;
    const veer_csr_desc_t *d = &veer_csrs[k];
    s->value[k] = (s->value[k] & ~d->writable) | ((uint32_t)val & d->writable);
    return true;
}

static void veer_reset(hart_t *h) {
    veer_core_state_t *s = state(h);
    if (!s)
        return;
    for (unsigned k = 0; k < N_VEER_CSRS; k++)
        s->value[k] = veer_csrs[k].reset;
}

const csr_ext_t veer_el2_csrs = {veer_read, veer_write, veer_reset};
