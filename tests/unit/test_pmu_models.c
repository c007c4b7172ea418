/* The PMU models' tables and WARL rules (../shared/reference/veer-el2.md §4). */
#include "core/core.h"
#include "isa/isa.h"
#include "pmu/model.h"
#include "unit.h"

static void test_sorted(unit_t *u, const pmu_model_t *m) {
    for (size_t k = 1; k < m->n_events; k++)
        CHECK(m->events[k - 1].code < m->events[k].code);   /* pmu_model_event_by_code bisects */
    for (size_t k = 0; k < m->n_events; k++)
        CHECK(pmu_model_event_by_code(m, m->events[k].code) == &m->events[k]);
}

static void test_veer_warl(unit_t *u) {
    const pmu_model_t *m = &pmu_model_veer_el2;
    static const uint64_t illegal[] = {29, 33, 51, 52, 53, 57, 511, 517, 1028, 0x80000004u};
    for (size_t k = 0; k < sizeof illegal / sizeof illegal[0]; k++)
        CHECK_EQ(m->legalize(m, illegal[k]), 0);
    /* the legal set: 0-28, 30-32, 34-50, 54-56, 512-516 */
    unsigned legal = 0;
    for (uint64_t v = 0; v < 1024; v++)
        legal += m->legalize(m, v) == v;
    CHECK_EQ(legal, 29 + 3 + 17 + 3 + 5);
    CHECK_EQ(m->legalize(m, 512), 512);
    CHECK_EQ(m->hpm_mask, 0x78);
    CHECK_EQ(m->inhibit_mask, 0x7D);
}

/* VeeR EL2's decode-time classes (events 16-18, 27 and returns), added by the core to what the
 * generic decoder gives. */
static evset_t veer_dec(uint32_t raw, decoded_insn_t *d)
{
    evset_t ev = isa_decode(raw, 32, core_veer_el2.isa | ISA_EXT_I, d);
    return ev | core_veer_el2.ext->decode_events(d);
}

static void test_veer_decode_events(unit_t *u)
{
    decoded_insn_t d;
    evset_t ev;
    ev = veer_dec(0x000010EF, &d);       /* jal ra, +4096: outside +-4 KiB, unpredictable */
    CHECK_EQ(d.op, OP_JAL);
    CHECK_EQ(d.imm, 4096);
    CHECK(ev & EVBIT(JUMP_UNPRED));
    ev = veer_dec(0x7FF000EF, &d);       /* jal ra, +4094: imm[10:1]=0x3ff, imm[11]=1 */
    CHECK_EQ(d.imm, 4094);
    CHECK(!(ev & EVBIT(JUMP_UNPRED)));
    ev = veer_dec(0x00008067, &d);       /* ret = jalr x0, 0(ra) */
    CHECK(ev & EVBIT(RETURN));
    CHECK(!(ev & EVBIT(JUMP_UNPRED)));
    ev = veer_dec(0x000500E7, &d);       /* jalr ra, 0(a0): a call through a register */
    CHECK(ev & EVBIT(JUMP_UNPRED));
    ev = veer_dec(0x3002A073, &d);       /* csrrs x0, mstatus, t0: writes, rd=x0 -> read/write */
    CHECK(ev & EVBIT(CSR_RW));
    ev = veer_dec(0x34029073, &d);       /* csrrw x0, mscratch, t0 -> write only */
    CHECK(ev & EVBIT(CSR_WRITE));
    ev = veer_dec(0xB0002373, &d);       /* csrrs t1, mcycle, x0 -> read only */
    CHECK(ev & EVBIT(CSR_READ));
    ev = veer_dec(0x02B50533, &d);       /* mul: no operand class */
    CHECK(!(ev & (EVBIT(CSR_READ) | EVBIT(CSR_RW) | EVBIT(CSR_WRITE) | EVBIT(RETURN) | EVBIT(JUMP_UNPRED))));
}

/* MicroBlaze V: class + mask decoding (seed 001) */
static void test_mbv_decode(unit_t *u)
{
    const pmu_model_t *m = &pmu_model_mbv;
    pmu_selection_t s = m->select(m, 2u << 1 | 3u << 7); /* class 2: D-cache read | read hit */
    CHECK(s.kind == SLOT_EVENTS && s.events == (EVBIT(DCACHE_READ) | EVBIT(DCACHE_READ_HIT)));
    CHECK(m->select(m, 3u << 1 | 1u << 6).kind == SLOT_SUM);        /* class 3 counts cycles */
    CHECK(m->select(m, 3u << 1 | 1u << 5).kind == SLOT_OFF);        /* class 3 bit 5: undefined */
    CHECK(m->select(m, 6u << 1 | 1u << 5).kind == SLOT_OFF);        /* class 6: undefined */
    CHECK(m->select(m, 1u << 5 | 1u << 25).kind == SLOT_OFF);       /* bit 25 */
    CHECK(m->select(m, 1u << 5 | 1).kind == SLOT_OFF);              /* no event */
    CHECK(m->select(m, 5u << 1 | 1u << 6).kind == SLOT_OFF);        /* class 5 even bit */
    CHECK(m->select(m, 5u << 1 | 1u << 7).kind == SLOT_EVENTS);     /* N in an event counter */
    CHECK_EQ(m->legalize(m, 0xFFFFFFFFu), 0xFFFFFFFFu);             /* every bit is kept */
    /* default configuration: 5 event counters (3-7), one pair (8/9) */
    CHECK(m->slot_role(m, 7) == SLOT_ROLE_PLAIN);
    CHECK(m->slot_role(m, 8) == SLOT_ROLE_PAIR_FIRST);
    CHECK(m->slot_role(m, 9) == SLOT_ROLE_PAIR_SECOND);
    CHECK(m->select_slot(m, 8, 0u << 1 | 1u << 7).kind == SLOT_SUM); /* class field ignored */
    CHECK_EQ(m->hpm_mask, 0x3F8);
}

int main(void) {
    unit_t t = {0}, *u = &t;
    test_sorted(u, &pmu_model_veer_el2);
    test_sorted(u, &pmu_model_generic);
    test_sorted(u, &pmu_model_mbv);
    test_mbv_decode(u);
    test_veer_warl(u);
    test_veer_decode_events(u);
    return unit_finish(u, "unit_pmu_models");
}
