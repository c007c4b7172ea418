/* Spinning harts skipped exactly (cpu/spin.h). */
#include "cpu/spin.h"

#include <string.h>

#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "cpu/pmp.h"
#include "isa/isa.h"

#define SPIN_MAX_TURN 256 /* instructions of a turn looked at */
#define SPIN_MAX_FAILS 10 /* after k turns in a row not skipped, 2^k sightings let pass */
#define SPIN_MAX_ACCESS (sizeof((struct hart_spin *)0)->access / sizeof((struct hart_spin *)0)->access[0])

bool hart_spin_possible(const hart_t *h)
{
    return !h->core_ext && !h->observe_mem && !h->l1d_memo && !h->l1i_memo && !h->prof && !h->debug &&
           !mmu_on(h, h->priv) && !mmu_on(h, hart_data_priv(h));
}

void hart_spin_seen(hart_t *h, uint64_t resume, uint64_t n)
{
    struct hart_spin *s = &h->spin;
    uint64_t now = hart_insns(h) + n; /* as at `resume` */
    bool same = s->resume == resume && !memcmp(s->x, h->x, sizeof s->x);
    if (s->wait) {
        s->wait--;
        s->resume = UINT64_MAX; /* seen anew after the wait */
    } else if (same && (s->valid || now - s->insns <= SPIN_MAX_TURN) && hart_spin_possible(h)) {
        if (!s->valid) /* seen twice alike: a turn to check */
            s->turn = now - s->insns;
        s->probe = true;
        hart_kick(h);
    } else {
        s->valid = false;
        s->resume = resume;
        memcpy(s->x, h->x, sizeof s->x);
    }
    s->insns = now;
}

/* The instruction at h->pc, if a turn may hold it: integer computation, branches and jumps, a
 * fence, a wfi, and loads and stores of main RAM, aligned, that PMP grants (no fault), a store not
 * to a watched granule (code, tohost, another hart's reservation), itself in main RAM. It is the
 * first of the block the executor runs next (block_at: the fetch's own checks). *size: the bytes
 * a load (> 0) or a store (< 0) accesses, 0 for anything else; *off: where in main RAM;
 * *len: the instruction's bytes. */
static bool turn_insn(hart_t *h, int *size, uint64_t *off, unsigned *len)
{
    uint64_t cause = h->trap_cause, tval = h->trap_tval;
    const block_t *b = block_at(h, h->pc);
    h->trap_cause = cause, h->trap_tval = tval; /* a fetch fault is the executor's to raise */
    if (!b || !b->n_insns)
        return false;
    const dinsn_t *d = &b->insn[0];
    enum insn_op op = (enum insn_op)b->info[0].op;
    evset_t ev = b->events[0];
    uint64_t at = h->pc - h->ram_base;
    *len = d->len;
    if (at >= h->ram_size || h->ram_size - at < d->len)
        return false;
    const evset_t allowed = EVBIT(COMMIT) | EVBIT(INSTRET) | EVBIT(LEN16) | EVBIT(LEN32) | EVBIT(LOAD) |
                            EVBIT(STORE) | EVBIT(MUL) | EVBIT(DIV) | EVBIT(ALU) | EVBIT(BITMANIP) |
                            EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR) | EVBIT(JUMP_UNPRED) | EVBIT(RETURN) |
                            EVBIT(FENCE) |
                            /* what the block presumes a load or store of the core's counts: it
                             * counts with the block, as the checked turn sees */
                            EVBIT(LOAD_EXTERNAL) | EVBIT(STORE_EXTERNAL);
    if (op == OP_ILLEGAL || (op != OP_WFI && (ev & ~allowed)))
        return false;
    switch (op) {
    case OP_LB:
    case OP_LBU: *size = 1; break;
    case OP_LH:
    case OP_LHU: *size = 2; break;
    case OP_LW:
    case OP_LWU: *size = 4; break;
    case OP_LD: *size = 8; break;
    case OP_SB: *size = -1; break;
    case OP_SH: *size = -2; break;
    case OP_SW: *size = -4; break;
    case OP_SD: *size = -8; break;
    default: *size = 0; return !(ev & (EVBIT(LOAD) | EVBIT(STORE)));
    }
    unsigned bytes = (unsigned)(*size < 0 ? -*size : *size);
    uint64_t addr = h->x[d->rs1] + (uint64_t)(int64_t)d->imm;
    if (h->xlen == 32)
        addr &= UINT32_MAX;
    *off = addr - h->ram_base;
    if ((addr & (bytes - 1)) || *off >= h->ram_size || h->ram_size - *off < bytes ||
        !pmp_allows(h, addr, bytes, *size < 0 ? PMP_W : PMP_R, hart_data_priv(h)))
        return false;
    uint64_t g = *off >> 6; /* the store watch: one bit per 64-byte granule */
    return *size > 0 || !((h->store_watch[g >> 3] >> (g & 7)) & 1);
}

/* The bytes of main RAM access a names (spin.access), as they are now. */
static uint64_t access_now(const hart_t *h, const struct spin_access *a)
{
    uint64_t v = 0;
    memcpy(&v, h->ram + a->off, a->size & 0xf);
    return v;
}

/* Notes the access `a` of a checked turn with the bytes as it finds them (old[]: the same, kept
 * while spin.access[].value may change); false when the list is full. */
static bool note_access(hart_t *h, uint64_t *old, struct spin_access a)
{
    struct hart_spin *s = &h->spin;
    if (s->n_access == SPIN_MAX_ACCESS)
        return false;
    a.value = access_now(h, &a);
    old[s->n_access] = a.value;
    s->access[s->n_access++] = a;
    return true;
}

/* Whether bytes [off, off + size) overlap a store among the first n accesses. */
static bool stored_before(const struct hart_spin *s, unsigned n, uint64_t off, unsigned size)
{
    for (unsigned k = 0; k < n; k++)
        if (s->access[k].size & 0x80 && off < s->access[k].off + (s->access[k].size & 0xf) &&
            s->access[k].off < off + size)
            return true;
    return false;
}

/* Runs one turn, one instruction at a time, noting what it reads (its instructions' bytes too) and
 * stores (spin.access, a store with size | 0x80) and what it counts: true when it left the registers and every byte it stored
 * as they were, so that the next turn is the same. */
static bool check_turn(hart_t *h, void (*exec)(hart_t *))
{
    struct hart_spin *s = &h->spin;
    pmu_t *p = &h->pmu;
    pmu_sync(p);
    s->n_acc = p->n_active;
    s->epoch = p->epoch;
    memcpy(s->acc, p->acc, s->n_acc * sizeof s->acc[0]);
    uint64_t insns = hart_insns(h), stall = h->stall_cycles, old[SPIN_MAX_ACCESS];
    enum priv_mode priv = h->priv;
    s->n_access = 0;
    for (uint64_t k = 0; k < s->turn; k++) {
        int size;
        uint64_t off = 0;
        unsigned len;
        if (!turn_insn(h, &size, &off, &len))
            return false;
        /* its own bytes, which it reads too (turn_insn: in main RAM): another hart may rewrite
         * the loop between quanta */
        if (!note_access(h, old, (struct spin_access){ h->pc - h->ram_base, 0, len }))
            return false;
        unsigned bytes = (unsigned)(size < 0 ? -size : size);
        /* what it reads; what a store overwrites */
        if ((size < 0 || (size > 0 && !stored_before(s, s->n_access, off, bytes))) &&
            !note_access(h, old, (struct spin_access){ off, 0, bytes | (size < 0 ? 0x80u : 0) }))
            return false;
        exec_run_prefix(h, exec, 1);
        if (h->stop != STOP_NONE || h->wfi_wait || h->priv != priv)
            return false;
    }
    if (h->pc != s->resume || hart_insns(h) - insns != s->turn || h->stall_cycles != stall ||
        memcmp(s->x, h->x, sizeof s->x))
        return false;
    for (unsigned k = 0; k < s->n_access; k++) {
        struct spin_access *a = &s->access[k];
        if (a->size & 0x80) { /* stored: as the turn found it, so the next turn finds it so too */
            a->value = access_now(h, a);
            if (a->value != old[k])
                return false;
        }
    }
    pmu_sync(p);
    if (p->n_active != s->n_acc || p->epoch != s->epoch)
        return false;
    for (unsigned k = 0; k < s->n_acc; k++)
        s->acc[k] = p->acc[k] - s->acc[k];
    return true;
}

/* A checked turn holds again: the registers as it found them, the bytes it read and stored as
 * they were, the same PMU configuration. */
static bool turn_holds(const hart_t *h)
{
    const struct hart_spin *s = &h->spin;
    if (!s->valid || h->pmu.epoch != s->epoch || h->pmu.n_active != s->n_acc)
        return false;
    for (unsigned k = 0; k < s->n_access; k++)
        if (access_now(h, &s->access[k]) != s->access[k].value)
            return false;
    return true;
}

bool hart_spin_skip(hart_t *h, void (*exec)(hart_t *), uint64_t limit)
{
    struct hart_spin *s = &h->spin;
    s->probe = false;
    if (h->pc != s->resume || memcmp(s->x, h->x, sizeof s->x) || !hart_spin_possible(h))
        return false;
    bool ran = false;
    if (!turn_holds(h)) {
        s->valid = false;
        if (limit <= 2 * s->turn)
            return false;
        ran = true;
        limit -= s->turn;
        if (!check_turn(h, exec)) {
            s->fails += s->fails < SPIN_MAX_FAILS;
            s->wait = 1u << s->fails;
            return true;
        }
        s->valid = true;
        s->fails = 0;
    }
    /* the turns that end before `limit` */
    uint64_t turns = (limit - 1) / s->turn;
    if (!turns)
        return ran;
    pmu_t *p = &h->pmu;
    pmu_sync(p);
    h->insns_base += turns * s->turn;
    for (unsigned k = 0; k < s->n_acc; k++)
        p->acc[k] += turns * s->acc[k];
    s->insns = hart_insns(h);
    return true;
}
