/* The slow path of loads and stores: misaligned accesses, memories other than main RAM, devices,
 * watched granules (code, HTIF tohost) and the PMU's address-classified events. */
#include <string.h>

#include "cpu/debug.h"
#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "cpu/pmp.h"
#include "mem/l1_memo.h"

static mem_result_t fault(hart_t *h, uint64_t cause, uint64_t addr)
{
    h->trap_cause = cause;
    h->trap_tval = addr;
    return MEM_FAULT;
}

/* The counted events a load's (store's) instruction presumed at decode time (hart_t.load_presumed),
 * which a machine's model counts itself when it sees the access (observe_mem): told so
 * (MEM_ACCESS_PRESUMED), it counts the accesses beyond the presumed one, or takes it back. */
static inline evset_t l1_presumed(const hart_t *h, evset_t insn_events, bool store)
{
    return insn_events & (store ? h->store_presumed : h->load_presumed) & h->pmu.dyn_interest;
}

/* PMU events of a completed access, and the memory-hierarchy model's view of it. */
static void access_events(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, bool misaligned,
                          bool store, evset_t insn_events)
{
    if (h->observe_mem) { /* the model counts the L1 accesses the instruction did not presume */
        unsigned kind = store | (l1_presumed(h, insn_events, store) ? MEM_ACCESS_PRESUMED : 0);
        h->platform->mem_access(h->platform_ctx, h, addr, size, kind, r->host == h->ram ? NULL : r);
    }
    evset_t ev = 0, external = store ? EVBIT(STORE_EXTERNAL) : EVBIT(LOAD_EXTERNAL);
    if (misaligned)
        ev |= store ? EVBIT(STORE_MISALIGNED) : EVBIT(LOAD_MISALIGNED);
    bool core_local = (r->flags & REGION_CORE_LOCAL) != 0;
    if (!core_local)
        ev |= external; /* counted once: the block may presume it already (insn_events) */
    ev &= h->pmu.dyn_interest;
    if (ev)
        pmu_commit_events(&h->pmu, ev, insn_events); /* recording: at the executor's at_pc */
    if (core_local && (insn_events & external & h->pmu.dyn_interest))
        pmu_retract_events(&h->pmu, external, insn_events | ev); /* presumed external: it was not */
}

/* A core with its own address rules (core_ext access_fault: VeeR's MRAC, regions, PIC) decides
 * first. Otherwise misaligned accesses are done by hardware inside one idempotent region; one that
 * crosses the end of its region is an access fault; one to a side-effect region raises a
 * misaligned exception, as does any on a core that traps them. PMP comes after. */
static const bus_region_t *access_region(hart_t *h, uint64_t addr, unsigned size, bool store, uint64_t val,
                                         bool *misaligned)
{
    uint64_t access_fault = store ? CAUSE_STORE_ACCESS : CAUSE_LOAD_ACCESS;
    *misaligned = (addr & (size - 1)) != 0;
    bool core_rules = h->core_ext && h->core_ext->access_fault;
    if (core_rules && h->core_ext->access_fault(h, addr, h->access_base, size, store, val))
        return NULL;
    const bus_region_t *r = bus_find(h->bus, addr, size);
    if (r && (r->flags & REGION_WORD_ONLY) && (size != 4 || *misaligned)) {
        fault(h, access_fault, addr);
        return NULL;
    }
    bool side_effect = r && (r->flags & REGION_SIDE_EFFECT) && !core_rules;
    if (*misaligned && (h->misaligned_traps || (r && (side_effect || !r->host)))) {
        fault(h, store ? CAUSE_MISALIGNED_STORE : CAUSE_MISALIGNED_LOAD, addr);
        return NULL;
    }
    if (!pmp_allows(h, addr, size, store ? PMP_W : PMP_R, hart_data_priv(h))) {
        fault(h, access_fault, addr);
        return NULL;
    }
    if (!r) {
        /* mtval is the first byte of the part that faulted (privileged spec, mtval): for an
         * access that starts in a region and runs past its end, the first byte after it. */
        const bus_region_t *first = bus_find(h->bus, addr, 1);
        uint64_t tval = first ? first->base + first->size : addr;
        fault(h, access_fault, h->xlen == 32 ? tval & UINT32_MAX : tval);
    }
    return r;
}

/* A device access at the exact cycle of the instruction making it. */
static bus_status_t device_read(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, uint64_t *val,
                                unsigned done)
{
    if (!r->ops->read)
        return BUS_FAULT;
    if (h->bus)
        h->bus->io_events++; /* a read may move a device's next event (a FIFO drained) */
    h->insns_in_flight = done;
    bus_status_t st = r->ops->read(r->opaque, addr - r->base, size, val);
    h->insns_in_flight = 0;
    return st;
}

static bus_status_t device_write(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, uint64_t val,
                                 unsigned done)
{
    if (!r->ops->write)
        return BUS_FAULT;
    if (h->bus) {
        h->bus->wake_events++; /* a waiting hart's wake-up may move (a timer, an interrupt) */
        h->bus->io_events++;
    }
    h->insns_in_flight = done;
    bus_status_t st = r->ops->write(r->opaque, addr - r->base, size, val);
    h->insns_in_flight = 0;
    return st;
}

static mem_result_t load_phys(hart_t *h, uint64_t addr, unsigned size, uint64_t *val, evset_t insn_events,
                              unsigned done)
{
    bool misaligned;
    const bus_region_t *r = access_region(h, addr, size, false, 0, &misaligned);
    if (!r)
        return MEM_FAULT;
    if (r->host) {
        uint64_t v = 0;
        memcpy(&v, r->host + (addr - r->base), size);
        *val = v;
    } else if (device_read(h, r, addr, size, val, done) != BUS_OK) {
        return fault(h, CAUSE_LOAD_ACCESS, addr);
    }
    access_events(h, r, addr, size, misaligned, false, insn_events);
    if (h->core_ext && h->core_ext->data_access)
        h->core_ext->data_access(h, r, addr, size, false);
    if (h->debug && debug_check_access(h, addr, size, false))
        return MEM_STOP; /* a debugger's watchpoint: the load completes, then the hart stops */
    return MEM_OK;
}

static bool granule_bit(const uint8_t *map, uint64_t off)
{
    uint64_t g = off >> 6;
    return (map[g >> 3] >> (g & 7)) & 1;
}

static void clear_granule_bit(uint8_t *map, uint64_t off)
{
    uint64_t g = off >> 6;
    map[g >> 3] &= (uint8_t) ~(1u << (g & 7));
}

/* After a store to host memory (main RAM, or another memory with `flags`): over decoded code
 * every hart drops its blocks there (MEM_CODE_WRITTEN: exec_code_store_ends_block), and a watched
 * granule (HTIF tohost, another hart's reservation) or, in another memory, the watched range
 * (tohost there) goes to the platform. Plain stores, AMOs and
 * SCs all come here. */
static mem_result_t host_stored(hart_t *h, bool main_ram, unsigned flags, uint64_t addr, unsigned size)
{
    if (main_ram) {
        uint64_t off = addr - h->ram_base;
        if ((granule_bit(h->store_watch, off) || granule_bit(h->store_watch, off + size - 1)) &&
            h->platform && h->platform->watched_store)
            h->platform->watched_store(h->platform_ctx, h, addr, size);
        if (!granule_bit(h->bc.code_map, off) && !granule_bit(h->bc.code_map, off + size - 1))
            return MEM_OK;
        /* Every hart drops its blocks over the page(s) written before it runs on (a page at a
         * time, as an MMU maps code: the next stores there find no code), so none depends on
         * their bits any more. */
        uint64_t lo = off & ~(uint64_t)4095, hi = ((off + size - 1) | 4095) + 1; /* 4 KiB pages */
        if (hi > h->ram_size)
            hi = h->ram_size;
        if (h->platform && h->platform->code_written)
            h->platform->code_written(h->platform_ctx, h, h->ram_base + lo, (unsigned)(hi - lo));
        else
            hart_note_code_written(h, h->ram_base + lo, hi - lo);
        for (uint64_t g = lo; g < hi; g += 64) {
            clear_granule_bit(h->bc.code_map, g);
            clear_granule_bit(h->store_watch, g);
        }
        /* the page's other watches (HTIF tohost, reservations) at once: the block goes on after
         * a store that did not hit its own code, and a later store of it may be to them */
        if (h->platform && h->platform->rewatch)
            h->platform->rewatch(h->platform_ctx, h);
        h->code_store = (struct code_range){ addr, size };
        return MEM_CODE_WRITTEN;
    }
    if (addr < h->watch_hi && h->watch_lo < addr + size && h->platform && h->platform->watched_store)
        h->platform->watched_store(h->platform_ctx, h, addr, size);
    if ((flags & REGION_EXEC) && addr < h->bc.other_code_hi && h->bc.other_code_lo < addr + size) {
        hart_code_written(h); /* ICCM and other code memories: one range, flushed as a whole */
        h->code_store = (struct code_range){ addr, size };
        return MEM_CODE_WRITTEN;
    }
    return MEM_OK;
}

static mem_result_t store_phys(hart_t *h, uint64_t addr, unsigned size, uint64_t val, evset_t insn_events,
                               unsigned done)
{
    bool misaligned;
    const bus_region_t *r = access_region(h, addr, size, true, val, &misaligned);
    if (!r)
        return MEM_FAULT;
    mem_result_t res = MEM_OK;
    if (r->host) {
        memcpy(r->host + (addr - r->base), &val, size);
        res = host_stored(h, r->host == h->ram, r->flags, addr, size);
    } else if (device_write(h, r, addr, size, val, done) != BUS_OK) {
        return fault(h, CAUSE_STORE_ACCESS, addr);
    }
    access_events(h, r, addr, size, misaligned, true, insn_events);
    if (h->debug)
        debug_check_access(h, addr, size, true);
    if (h->core_ext && h->core_ext->data_access)
        h->core_ext->data_access(h, r, addr, size, true);
    if (h->stop != STOP_NONE)
        return MEM_STOP;
    return res;
}

/* An L1 memo hit the machine's model need not see: a core's D-TLB model beside it still looks a
 * translated access up (hart_t.memo_hits_to_core). */
static inline void memo_hit_seen(hart_t *h, uint64_t pa, unsigned size, bool store)
{
    if (h->memo_hits_to_core && h->access_translated)
        h->core_ext->mem_access(h, pa, size, store, NULL);
}

static bool plain_ram(const hart_t *h, uint64_t pa, unsigned size, enum priv_mode priv, unsigned perm);
static void ftlb_fill(hart_t *h, uint64_t va, uint64_t pa, unsigned kind, enum priv_mode priv);

/* Atomic read-modify-write accesses (mem_atomic): aligned main-RAM or other RAM only. */
static uint8_t *mem_amo_ptr(hart_t *h, uint64_t addr, unsigned size, bool store)
{
    if (addr & (size - 1)) {
        fault(h, store ? CAUSE_MISALIGNED_STORE : CAUSE_MISALIGNED_LOAD, addr);
        return NULL;
    }
    enum priv_mode priv = hart_data_priv(h);
    uint64_t pa = addr;
    h->access_translated = mmu_on(h, priv);
    h->access_va = addr;
    if (h->access_translated && !mmu_translate(h, addr, store ? MMU_STORE : MMU_LOAD, priv, &pa))
        return NULL;
    const bus_region_t *r = bus_find(h->bus, pa, size);
    if (!r || !r->host || !pmp_allows(h, pa, size, store ? PMP_R | PMP_W : PMP_R, priv)) {
        fault(h, store ? CAUSE_STORE_ACCESS : CAUSE_LOAD_ACCESS, addr);
        return NULL;
    }
    if (h->observe_mem) {
        /* an AMO presumes nothing (hart_t.load_presumed): while the L1 accesses that loads and
         * stores presume are counted, the model sees it and counts its own */
        bool counted = h->pmu.dyn_interest & (h->load_presumed | h->store_presumed);
        if (r->host == h->ram && !h->debug && h->dmemo && !counted && l1_memo_hit(h->dmemo, pa, size, store))
            memo_hit_seen(h, pa, size, store);
        else
            h->platform->mem_access(h->platform_ctx, h, pa, size, store, r->host == h->ram ? NULL : r);
    }
    /* as a store's slow path: translated code's next AMOs on the page are inline (emit_amo) */
    if (store && plain_ram(h, pa, size, priv, PMP_W))
        ftlb_fill(h, addr, pa, 1, priv);
    h->amo_pa = pa;
    return r->host + (pa - r->base);
}

mem_result_t mem_amo_stored(hart_t *h, uint64_t addr, unsigned size)
{
    bool main_ram = addr - h->ram_base < h->ram_size;
    const bus_region_t *r = main_ram ? NULL : bus_find(h->bus, addr, size);
    mem_result_t res = host_stored(h, main_ram, r ? r->flags : 0, addr, size);
    if (h->debug)
        debug_check_access(h, addr, size, true);
    return h->stop != STOP_NONE ? MEM_STOP : res;
}

/* The value an AMO of `size` bytes stores, from the old value (sign-extended) and rs2. */
static uint64_t amo_value(enum insn_op op, uint64_t old, uint64_t src, unsigned size)
{
    int64_t so = (int64_t)old, ss = size == 4 ? (int32_t)(uint32_t)src : (int64_t)src;
    uint64_t uo = size == 4 ? (uint32_t)old : old, us = size == 4 ? (uint32_t)src : src;
    switch (op) {
    case OP_AMOADD_W:
    case OP_AMOADD_D: return old + src;
    case OP_AMOXOR_W:
    case OP_AMOXOR_D: return old ^ src;
    case OP_AMOAND_W:
    case OP_AMOAND_D: return old & src;
    case OP_AMOOR_W:
    case OP_AMOOR_D: return old | src;
    case OP_AMOMIN_W:
    case OP_AMOMIN_D: return so < ss ? old : src;
    case OP_AMOMAX_W:
    case OP_AMOMAX_D: return so > ss ? old : src;
    case OP_AMOMINU_W:
    case OP_AMOMINU_D: return uo < us ? old : src;
    case OP_AMOMAXU_W:
    case OP_AMOMAXU_D: return uo > us ? old : src;
    default: return src; /* swap */
    }
}

mem_result_t mem_atomic(hart_t *h, enum insn_op op, uint64_t addr, uint64_t src, uint64_t *rd_value)
{
    unsigned size = op >= OP_LR_D ? 8 : 4; /* the .d forms follow the .w ones (isa/insn_table.h) */
    bool lr = op == OP_LR_W || op == OP_LR_D, sc = op == OP_SC_W || op == OP_SC_D;
    uint8_t *p = mem_amo_ptr(h, addr, size, !lr);
    if (!p)
        return MEM_FAULT;
    uint64_t old, xmask = h->xlen == 32 ? UINT32_MAX : UINT64_MAX;
    if (size == 4) { /* each size its own copy: a copy of a variable size is a loop */
        int32_t word;
        memcpy(&word, p, 4);
        old = (uint64_t)(int64_t)word;
    } else {
        memcpy(&old, p, 8);
    }
    if (lr) {
        *rd_value = old & xmask;
        h->reservation_valid = true;
        h->reservation_addr = h->amo_pa; /* physical */
        if (h->platform && h->platform->reserve)
            h->platform->reserve(h->platform_ctx, h, h->amo_pa);
        return MEM_OK;
    }
    bool stores = !sc || (h->reservation_valid && h->reservation_addr == h->amo_pa);
    uint64_t v = sc ? src : amo_value(op, old, src, size);
    if (stores && size == 4) {
        uint32_t word = (uint32_t)v;
        memcpy(p, &word, 4);
    } else if (stores) {
        memcpy(p, &v, 8);
    }
    *rd_value = sc ? !stores : old & xmask;
    h->reservation_valid = false;
    return stores ? mem_amo_stored(h, h->amo_pa, size) : MEM_OK;
}

/* ---- loads and stores under translation ---- */

/* A fault of the physical access reports the virtual address of the byte that faulted. */
static mem_result_t virt_fault(hart_t *h, mem_result_t res, uint64_t pa, uint64_t va)
{
    if (res == MEM_FAULT) {
        h->trap_tval = va + (h->trap_tval - pa);
        if (h->xlen == 32)
            h->trap_tval &= UINT32_MAX;
    }
    return res;
}

/* An aligned access to main RAM that needs nothing but the copy: PMP grants it uniformly, no PMU
 * event looks at its address and the core does not model data accesses (slow_mem). */
static inline bool plain_view(const hart_t *h, enum priv_mode priv, unsigned perm)
{
    return !hart_core_sees_accesses(h) && !hart_needs_addresses(h) &&
           (!h->pmp_count || (h->pmp_ram[priv] & perm) == perm);
}
static inline bool plain_ram_view(const hart_t *h, enum priv_mode priv, unsigned perm)
{
    return !h->observe_mem && plain_view(h, priv, perm);
}

/* A memory-hierarchy model's L1 holds the line of an aligned main-RAM access with the permission
 * it needs (mem/l1_memo.h): the access is a hit the model need not see, and needs nothing but
 * the copy (no watchpoint, no watched granule for a store). Where the bytes are, or NULL. */
static uint8_t *memo_ram(hart_t *h, uint64_t pa, unsigned size, enum priv_mode priv, unsigned perm)
{
    uint64_t off = pa - h->ram_base;
    if (!h->dmemo || h->debug || off >= h->ram_size || h->ram_size - off < size || (pa & (size - 1)) ||
        !plain_view(h, priv, perm) || ((perm & PMP_W) && granule_bit(h->store_watch, off)))
        return NULL;
    if (!l1_memo_hit(h->dmemo, pa, size, (perm & PMP_W) != 0))
        return NULL;
    memo_hit_seen(h, pa, size, (perm & PMP_W) != 0);
    return h->ram + off;
}

/* An aligned access of a size that is a power of two, to main RAM, as the executor's inline path. */
static inline uint64_t ram_read(const uint8_t *p, unsigned size)
{
    switch (size) {
    case 1: return *p;
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}
static inline void ram_write(uint8_t *p, unsigned size, uint64_t val)
{
    switch (size) {
    case 1: *p = (uint8_t)val; break;
    case 2: {
        uint16_t v = (uint16_t)val;
        memcpy(p, &v, 2);
        break;
    }
    case 4: {
        uint32_t v = (uint32_t)val;
        memcpy(p, &v, 4);
        break;
    }
    default: memcpy(p, &val, 8); break;
    }
}
static bool plain_ram(const hart_t *h, uint64_t pa, unsigned size, enum priv_mode priv, unsigned perm)
{
    uint64_t off = pa - h->ram_base;
    return off < h->ram_size && h->ram_size - off >= size && !(pa & (size - 1)) &&
           plain_ram_view(h, priv, perm);
}

/* An aligned access of `kind` (0 load, 1 store) at va, physical pa, completed as a plain copy
 * could have made it (a main-RAM page the data privilege `priv` reaches through the TLB with the
 * permission, or untranslated): the fast TLB (hart_t.ftlb) takes the page when PMP grants the
 * access over all of it, so that the executors' inline paths make the next ones. */
static void ftlb_fill(hart_t *h, uint64_t va, uint64_t pa, unsigned kind, enum priv_mode priv)
{
    uint64_t page = pa & ~0xfffull, off = page - h->ram_base;
    if ((h->ftlb_key & FTLB_OFF) || FTLB_KEY_PRIV(h->ftlb_key) != priv || off >= h->ram_size ||
        h->ram_size - off < 0x1000)
        return;
    if (h->pmp_count && !pmp_allows(h, page, 0x1000, kind ? PMP_W : PMP_R, priv))
        return;
    struct ftlb *e = &h->ftlb[kind];
    unsigned i = (unsigned)(va >> 12) % 256;
    e->tag[i] = FTLB_TAG((va & ~0xfffull) | h->ftlb_key);
    e->delta[i] = (kind ? off : (uint64_t)(uintptr_t)(h->ram + off)) - (va & ~0xfffull); /* hart_t.ftlb */
}

/* Translates both pages of an access that crosses a page boundary (the first fault wins, with
 * the address of the part that faulted). */
static bool translate_split(hart_t *h, uint64_t va, unsigned size, enum mmu_access type, enum priv_mode priv,
                            uint64_t *pa1, uint64_t *pa2, unsigned *n1)
{
    *n1 = 0x1000 - (unsigned)(va & 0xfff);
    uint64_t va2 = va + *n1;
    if (h->xlen == 32)
        va2 &= UINT32_MAX;
    (void)size;
    return mmu_translate(h, va, type, priv, pa1) && mmu_translate(h, va2, type, priv, pa2);
}

static __attribute__((noinline)) mem_result_t load_slow(hart_t *h, uint64_t addr, unsigned size,
                                                        uint64_t *val, evset_t insn_events, unsigned done)
{
    enum priv_mode priv = hart_data_priv(h);
    bool aligned = !(addr & (size - 1));
    h->access_translated = mmu_on(h, priv);
    if (!h->access_translated) {
        mem_result_t res = load_phys(h, addr, size, val, insn_events, done);
        if (res == MEM_OK && aligned)
            ftlb_fill(h, addr, addr, 0, priv);
        return res;
    }
    h->access_va = addr;
    uint64_t pa, pa2;
    uint8_t *host = mmu_tlb_host(h, addr, size, MMU_LOAD, priv);
    if (host && h->observe_core && !h->debug && plain_view(h, priv, PMP_R)) {
        *val = ram_read(host, size); /* aligned (mmu_tlb_host) */
        h->core_ext->mem_access(h, h->ram_base + (uint64_t)(host - h->ram), size, 0, NULL);
        return MEM_OK;
    }
    if (host && (plain_ram_view(h, priv, PMP_R) ||
                 (h->dmemo && memo_ram(h, h->ram_base + (uint64_t)(host - h->ram), size, priv, PMP_R)))) {
        uint64_t v = 0;
        memcpy(&v, host, size);
        *val = v;
        ftlb_fill(h, addr, h->ram_base + (uint64_t)(host - h->ram), 0, priv);
        return MEM_OK;
    }
    if ((addr & 0xfff) + size <= 0x1000) {
        if (!mmu_translate(h, addr, MMU_LOAD, priv, &pa))
            return MEM_FAULT;
        if (plain_ram(h, pa, size, priv, PMP_R) || (h->dmemo && memo_ram(h, pa, size, priv, PMP_R))) {
            uint64_t v = 0;
            memcpy(&v, h->ram + (pa - h->ram_base), size);
            *val = v;
            ftlb_fill(h, addr, pa, 0, priv);
            return MEM_OK;
        }
        mem_result_t res = load_phys(h, pa, size, val, insn_events, done);
        if (res == MEM_OK && aligned)
            ftlb_fill(h, addr, pa, 0, priv);
        return virt_fault(h, res, pa, addr);
    }
    unsigned n1;
    if (!translate_split(h, addr, size, MMU_LOAD, priv, &pa, &pa2, &n1))
        return MEM_FAULT;
    uint64_t v = 0;
    /* the model sees each byte: the instruction's presumed access is taken back once, if it
     * completes (a fault commits nothing of the instruction) */
    evset_t presumed = h->observe_mem ? l1_presumed(h, insn_events, false) : 0;
    for (unsigned k = 0; k < size; k++) { /* byte by byte: the pages need not be adjacent */
        uint64_t b, at = k < n1 ? pa + k : pa2 + (k - n1);
        h->access_va = addr + k;
        mem_result_t res = load_phys(h, at, 1, &b, insn_events & ~presumed, done);
        if (res != MEM_OK)
            return virt_fault(h, res, at, addr + k);
        v |= (b & 0xff) << (8 * k);
    }
    if (presumed)
        pmu_retract_events(&h->pmu, presumed, insn_events);
    *val = v;
    return MEM_OK;
}

static __attribute__((noinline)) mem_result_t store_slow(hart_t *h, uint64_t addr, unsigned size,
                                                         uint64_t val, evset_t insn_events, unsigned done)
{
    enum priv_mode priv = hart_data_priv(h);
    bool aligned = !(addr & (size - 1));
    h->access_translated = mmu_on(h, priv);
    if (!h->access_translated) {
        mem_result_t res = store_phys(h, addr, size, val, insn_events, done);
        if (res == MEM_OK && aligned)
            ftlb_fill(h, addr, addr, 1, priv);
        return res;
    }
    h->access_va = addr;
    uint64_t pa, pa2;
    uint8_t *host = mmu_tlb_host(h, addr, size, MMU_STORE, priv);
    if (host && h->observe_core && !h->debug && plain_view(h, priv, PMP_W) &&
        !granule_bit(h->store_watch, (uint64_t)(host - h->ram))) {
        ram_write(host, size, val);
        h->core_ext->mem_access(h, h->ram_base + (uint64_t)(host - h->ram), size, 1, NULL);
        return MEM_OK;
    }
    if (host &&
        ((plain_ram_view(h, priv, PMP_W) && !granule_bit(h->store_watch, (uint64_t)(host - h->ram))) ||
         (h->dmemo && memo_ram(h, h->ram_base + (uint64_t)(host - h->ram), size, priv, PMP_W)))) {
        memcpy(host, &val, size);
        ftlb_fill(h, addr, h->ram_base + (uint64_t)(host - h->ram), 1, priv);
        return MEM_OK;
    }
    if ((addr & 0xfff) + size <= 0x1000) {
        if (!mmu_translate(h, addr, MMU_STORE, priv, &pa))
            return MEM_FAULT;
        if ((plain_ram(h, pa, size, priv, PMP_W) && !granule_bit(h->store_watch, pa - h->ram_base)) ||
            (h->dmemo && memo_ram(h, pa, size, priv, PMP_W))) {
            memcpy(h->ram + (pa - h->ram_base), &val, size);
            ftlb_fill(h, addr, pa, 1, priv);
            return MEM_OK;
        }
        mem_result_t res = store_phys(h, pa, size, val, insn_events, done);
        if (res == MEM_OK && aligned)
            ftlb_fill(h, addr, pa, 1, priv);
        return virt_fault(h, res, pa, addr);
    }
    unsigned n1;
    if (!translate_split(h, addr, size, MMU_STORE, priv, &pa, &pa2, &n1))
        return MEM_FAULT;
    mem_result_t out = MEM_OK;
    evset_t presumed = h->observe_mem ? l1_presumed(h, insn_events, true) : 0; /* as load_slow */
    for (unsigned k = 0; k < size; k++) {
        uint64_t at = k < n1 ? pa + k : pa2 + (k - n1);
        h->access_va = addr + k;
        mem_result_t res = store_phys(h, at, 1, (val >> (8 * k)) & 0xff, insn_events & ~presumed, done);
        if (res == MEM_FAULT)
            return virt_fault(h, res, at, addr + k);
        if (res != MEM_OK)
            out = res;
    }
    if (presumed)
        pmu_retract_events(&h->pmu, presumed, insn_events);
    return out;
}

/* A hart whose memory-hierarchy model holds the line in its L1 (memo_direct, mem/l1_memo.h): the
 * access is a hit the model need not see. A small function, so that this path costs little more
 * than the call; everything else goes on in load_slow and store_slow. */
mem_result_t mem_load_slow(hart_t *h, uint64_t addr, unsigned size, uint64_t *val, evset_t insn_events,
                           unsigned done)
{
    uint64_t off = addr - h->ram_base;
    if (h->memo_direct && off < h->ram_size - 7 && !(addr & (size - 1)) &&
        l1_memo_hit(h->dmemo, addr, size, false)) {
        *val = ram_read(h->ram + off, size);
        return MEM_OK;
    }
    if (h->observe_direct && off < h->ram_size - 7 && !(addr & (size - 1))) {
        *val = ram_read(h->ram + off, size);
        h->access_translated = false;
        h->core_ext->mem_access(h, addr, size, 0, NULL);
        return MEM_OK;
    }
    if (h->core_direct && off < h->ram_size - 7 && !(addr & (size - 1)) && !h->debug) {
        *val = ram_read(h->ram + off, size); /* load_phys, less what cannot apply (core_direct) */
        h->core_ext->data_access(h, h->ram_region, addr, size, false);
        return MEM_OK;
    }
    return load_slow(h, addr, size, val, insn_events, done);
}

mem_result_t mem_store_slow(hart_t *h, uint64_t addr, unsigned size, uint64_t val, evset_t insn_events,
                            unsigned done)
{
    uint64_t off = addr - h->ram_base;
    if (h->memo_direct && off < h->ram_size - 7 && !(addr & (size - 1)) &&
        !granule_bit(h->store_watch, off) && l1_memo_hit(h->dmemo, addr, size, true)) {
        ram_write(h->ram + off, size, val);
        return MEM_OK;
    }
    if (h->observe_direct && off < h->ram_size - 7 && !(addr & (size - 1)) &&
        !granule_bit(h->store_watch, off)) {
        ram_write(h->ram + off, size, val);
        h->access_translated = false;
        h->core_ext->mem_access(h, addr, size, 1, NULL);
        return MEM_OK;
    }
    if (h->core_direct && off < h->ram_size - 7 && !(addr & (size - 1)) && !h->debug &&
        !granule_bit(h->store_watch, off)) {
        ram_write(h->ram + off, size, val); /* store_phys, less what cannot apply (core_direct) */
        h->core_ext->data_access(h, h->ram_region, addr, size, true);
        return h->stop != STOP_NONE ? MEM_STOP : MEM_OK;
    }
    return store_slow(h, addr, size, val, insn_events, done);
}
