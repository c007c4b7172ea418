/* VeeR EL2 ECC error injection as the testbench drives it (tb_top.sv error_injection_mode, 0x89),
 * and the error counters micect, miccmect, mdccmect (docs/machine-veer-el2.md). While injection is
 * on, each word stored to the DCCM or ICCM keeps a single- or double-bit error until it is stored
 * again without; a read with ECC checks on (mfdc bit 8 clear) corrects and counts a single-bit
 * error (the core writes the corrected word back) and faults on a double-bit one. Nothing is
 * looked at until injection is first turned on. */
#include <string.h>

#include "core/veer_el2/veer_el2.h"
#include "core/veer_el2/veer_signals.h"
#include "cpu/exec.h"

enum { CSR_MICECT = 0x7F0, CSR_MICCMECT = 0x7F1, CSR_MDCCMECT = 0x7F2, CSR_MFDC = 0x7F9 };
#define MFDC_ECC_DISABLE 0x100u
#define ECT_COUNT 0x07FFFFFFu /* bits 26:0 count, 31:27 the threshold */

static uint8_t *word_map(veer_core_state_t *s, bool iccm, uint32_t addr)
{
    uint8_t *map = iccm ? s->ecc.iccm : s->ecc.dccm;
    return &map[(addr - (iccm ? VEER_ICCM_BASE : VEER_DCCM_BASE)) / 4];
}

static void count(veer_core_state_t *s, unsigned csr)
{
    uint32_t *c = veer_csr(s, csr);
    if ((*c & ECT_COUNT) != ECT_COUNT)
        *c += 1;
}

static bool checks_on(veer_core_state_t *s)
{
    return !(*veer_csr(s, CSR_MFDC) & MFDC_ECC_DISABLE);
}

void veer_ecc_inject(veer_core_state_t *s, unsigned mode)
{
    if (mode == VEER_ECC_ICACHE) {
        s->ecc.icache_error = true;
        return;
    }
    s->ecc.mode = (uint8_t)mode;
    if (mode != VEER_ECC_OFF)
        s->ecc.used = true;
}

void veer_ecc_reset(veer_core_state_t *s)
{
    if (s->ecc.used) {
        memset(s->ecc.iccm, 0, VEER_ICCM_SIZE / 4);
        memset(s->ecc.dccm, 0, VEER_DCCM_SIZE / 4);
    }
    s->ecc.mode = VEER_ECC_OFF;
    s->ecc.used = s->ecc.icache_error = false;
}

bool veer_ecc_access(hart_t *h, veer_core_state_t *s, uint32_t addr, unsigned size, bool store)
{
    bool iccm = addr - VEER_ICCM_BASE < VEER_ICCM_SIZE, dccm = addr - VEER_DCCM_BASE < VEER_DCCM_SIZE;
    if (!s->ecc.used || !(iccm || dccm))
        return false;
    uint8_t *w = word_map(s, iccm, addr);
    if (store && size == 4) {
        unsigned m = s->ecc.mode;
        *w = (uint8_t)(iccm ? (m == VEER_ECC_ICCM_SINGLE   ? 1
                               : m == VEER_ECC_ICCM_DOUBLE ? 2
                                                           : 0)
                            : (m == VEER_ECC_DCCM_SINGLE   ? 1
                               : m == VEER_ECC_DCCM_DOUBLE ? 2
                                                           : 0));
        return false;
    }
    /* a load, or a partial store (read, merge, write): the word is read and checked */
    if (!*w || iccm || !checks_on(s))
        return false;
    if (*w == 1) {
        count(s, CSR_MDCCMECT);
        *w = 0;
        return false;
    }
    h->trap_cause = store ? CAUSE_STORE_ACCESS : CAUSE_LOAD_ACCESS;
    h->trap_tval = addr;
    s->flt.pending_mscause = MSCAUSE_ECC;
    return true;
}

bool veer_ecc_fetch(hart_t *h, veer_core_state_t *s, uint32_t pc)
{
    if (!s->ecc.used || pc - VEER_ICCM_BASE >= VEER_ICCM_SIZE || !checks_on(s))
        return false;
    uint8_t *w = word_map(s, true, pc);
    if (*w == 1) { /* corrected and refetched */
        count(s, CSR_MICCMECT);
        *w = 0;
        return false;
    }
    if (*w != 2)
        return false;
    h->trap_cause = CAUSE_FETCH_ACCESS;
    h->trap_tval = pc;
    return true;
}

bool veer_ecc_fetch_double(veer_core_state_t *s, uint32_t pc)
{
    return s->ecc.used && pc - VEER_ICCM_BASE < VEER_ICCM_SIZE && *word_map(s, true, pc) == 2;
}

void veer_ecc_icache_fetch(veer_core_state_t *s, uint32_t pc)
{
    if (s->ecc.icache_error && pc - VEER_ICCM_BASE >= VEER_ICCM_SIZE) {
        s->ecc.icache_error = false; /* a parity error: flushed, refetched, counted */
        count(s, CSR_MICECT);
    }
}

bool veer_ecc_fir_double(veer_core_state_t *s, uint32_t dccm_addr)
{
    return s->ecc.used && checks_on(s) && dccm_addr - VEER_DCCM_BASE < VEER_DCCM_SIZE &&
           *word_map(s, false, dccm_addr) == 2;
}
