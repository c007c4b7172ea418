/* The translation tier for x86-64 hosts (jit/jit.h): a template emitter over decoded blocks.
 *
 * Translated code runs with h in rbx, the main RAM's host address in r12, its guest base in r14,
 * the store-watch granule map in r15 (and a p8700 hart's L1D memo in r13, its tag model in rbp);
 * within a block, the guest registers it uses are kept in a pool of host registers (jit/reg_cache.h)
 * and h->x is brought up to date before anything leaves the block or reads it. All blocks share this
 * convention, so a block ends by jumping straight into the next translated block's body (through
 * its successor link, b->succ) while the budget lasts. */
#include "jit/jit.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if PMUSIM_HAVE_JIT
#include <sys/mman.h>
#endif

#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/spin.h"
#include "cpu/exec_retire.h"
#include "isa/isa.h"
#include "jit/emit_x86_64.h"
#include "jit/reg_cache.h"
#include "mem/bus.h"
#include "mem/l1_memo.h"

bool jit_parse_mode(const char *s, enum jit_mode *mode)
{
    if (!strcmp(s, "on"))
        *mode = JIT_MODE_ON;
    else if (!strcmp(s, "off"))
        *mode = JIT_MODE_OFF;
    else if (!strcmp(s, "eager"))
        *mode = JIT_MODE_EAGER;
    else
        return false;
    return true;
}

uint32_t jit_threshold_for(enum jit_mode mode)
{
    if (mode == JIT_MODE_DEFAULT)
        mode = JIT_MODE_ON;
    if (!PMUSIM_HAVE_JIT || mode == JIT_MODE_OFF)
        return 0;
    return mode == JIT_MODE_EAGER ? 1 : JIT_HOT_THRESHOLD;
}

#if PMUSIM_HAVE_JIT
static bool take_shared(hart_t *h, block_t *b);
#endif

void jit_block_built(hart_t *h, block_t *b)
{
    if (!h->jit_threshold || h->debug || h->prof || !h->dispatch)
        return;
    b->jit_orig = b->insn[0].handler;
    b->insn[0].handler = h->dispatch[OP_JIT_COUNT];
#if PMUSIM_HAVE_JIT
    if (h->tier_share)
        (void)take_shared(h, b); /* translated already by another hart: its code, at once */
#endif
}

#if !PMUSIM_HAVE_JIT

bool jit_translate(hart_t *h, block_t *b)
{
    b->insn[0].handler = b->jit_orig;
    return false;
}
void jit_flush(hart_t *h)
{
}
void jit_free(hart_t *h)
{
}

#else

#ifndef JIT_CACHE_SIZE /* a build may make it small, to run the full cache's path often */
#define JIT_CACHE_SIZE (32u << 20)
#endif

/* Two regions: the blocks' hot code grows from the start of the cache up to hot_size, and what
 * runs seldom (each translation's entry from the executor, its cold exits and slow paths) from
 * hot_size up; on a machine with several harts, the records of what each translation was made
 * from (jit_shared_t) from the end down to meta_low. So the code that runs again and again is
 * dense in the host's caches (docs/performance.md, "Several harts, one cache line a block; hot
 * and cold code"). The cache is the hart's own (h->jit), or its machine's (jit_share_t.cache). */
typedef struct jit_cache {
    uint8_t *code;
    size_t size, hot_size;
    size_t used, cold_used, meta_low; /* the hot region's end, the cold one's, the records' start */
} jit_cache_t;

#define JIT_HOT_SHARE 4 /* the hot region: a quarter of the cache (a Linux boot: 1.6 MB hot, 3.4 MB cold) */

static void code_cache_empty(jit_cache_t *c)
{
    c->hot_size = c->size / JIT_HOT_SHARE & ~(size_t)15;
    c->used = 0;
    c->cold_used = c->hot_size;
    c->meta_low = c->size;
}

static void share_flush(hart_t *h);

void jit_flush(hart_t *h)
{
    if (h->tier_share)
        share_flush(h);
    else if (h->jit)
        code_cache_empty(h->jit);
}

void jit_free(hart_t *h)
{
    if (!h->jit || h->tier_share) { /* the machine's cache goes with the share (jit_share_free) */
        h->jit = NULL;
        return;
    }
    if (h->jit->code)
        munmap(h->jit->code, h->jit->size);
    free(h->jit);
    h->jit = NULL;
}

/* ---- Services the translated code calls ---- */

static unsigned access_size(enum insn_op op)
{
    switch (op) {
    case OP_LB:
    case OP_LBU:
    case OP_SB: return 1;
    case OP_LH:
    case OP_LHU:
    case OP_SH: return 2;
    case OP_LW:
    case OP_LWU:
    case OP_SW: return 4;
    default: return 8;
    }
}

static uint64_t loaded_value(enum insn_op op, unsigned xlen, uint64_t w)
{
    uint64_t v;
    switch (op) {
    case OP_LB: v = (uint64_t)(int64_t)(int8_t)w; break;
    case OP_LH: v = (uint64_t)(int64_t)(int16_t)w; break;
    case OP_LW: v = (uint64_t)(int64_t)(int32_t)w; break;
    case OP_LBU: v = (uint8_t)w; break;
    case OP_LHU: v = (uint16_t)w; break;
    case OP_LWU: v = (uint32_t)w; break;
    default: v = w; break;
    }
    return xlen == 32 ? (uint32_t)v : v;
}

/* A load off the inline path (the interpreter's LOAD slow path): 0, or the status to return. */
static uint32_t jit_load_slow(hart_t *h, uint64_t addr, block_t *b, uint32_t k)
{
    const dinsn_t *d = &b->insn[k];
    enum insn_op op = (enum insn_op)b->info[k].op;
    uint64_t w = 0;
    h->access_base = h->x[d->rs1];
    mem_result_t r = mem_load_slow(h, addr, access_size(op), &w, b->events[k], k);
    if (r == MEM_FAULT) {
        h->jit_block = b;
        return JIT_TRAP | k;
    }
    h->x[d->rd] = loaded_value(op, h->xlen, w);
    if (r == MEM_STOP) {
        h->jit_block = b;
        return JIT_STOP | k;
    }
    return 0;
}

/* An aligned main-RAM load that missed a core's D-side memo while the core sees the accesses
 * directly (hart_t.core_direct): the core's model alone, as mem_load_slow's core_direct path; the
 * load itself is made inline after it (emit_memo). */
static void jit_load_core(hart_t *h, uint64_t addr, unsigned size)
{
    h->core_ext->data_access(h, h->ram_region, addr, size, false);
}

/* A store to a line the L1D memo holds for loads only (emit_memo_upgrade): the model's silent
 * upgrade of a line held exclusive (l1_memo_t.upgrade, the LRU touch included); true when the
 * line's store tag is there now (not a watched line), so that the store is made inline. */
static bool jit_store_upgrade(hart_t *h, uint64_t addr)
{
    l1_memo_t *m = h->l1d_memo;
    uint64_t line = addr >> m->line_shift;
    return m->upgrade(m, line) &&
           h->memo_fast[line & (L1_MEMO_ENTRIES - 1)].store_tag == line << m->line_shift;
}

static uint32_t jit_store_slow(hart_t *h, uint64_t addr, block_t *b, uint32_t k)
{
    const dinsn_t *d = &b->insn[k];
    unsigned size = access_size((enum insn_op)b->info[k].op);
    uint64_t v = h->x[d->rs2];
    if (size < 8)
        v &= (1ull << (8 * size)) - 1;
    h->access_base = h->x[d->rs1];
    mem_result_t r = mem_store_slow(h, addr, size, v, b->events[k], k);
    if (r == MEM_OK || (r == MEM_CODE_WRITTEN && !exec_code_store_ends_block(h, b)))
        return 0;
    h->jit_block = b;
    return (r == MEM_FAULT ? JIT_TRAP : JIT_STOP) | k;
}

/* An LR, SC or AMO that translated code does not make inline (emit_amo), as the interpreter's
 * handler (mem_atomic): 0, or the status to return. */
static uint32_t jit_amo(hart_t *h, block_t *b, uint32_t k)
{
    const dinsn_t *d = &b->insn[k];
    uint64_t v;
    mem_result_t r = mem_atomic(h, (enum insn_op)b->info[k].op, h->x[d->rs1], h->x[d->rs2], &v);
    if (r == MEM_FAULT) {
        h->jit_block = b;
        return JIT_TRAP | k;
    }
    h->x[d->rd] = v;
    if (r == MEM_OK || (r == MEM_CODE_WRITTEN && !exec_code_store_ends_block(h, b)))
        return 0;
    h->jit_block = b;
    return JIT_STOP | k;
}

/* What jit_csr did with the CSR instruction that ends a block. */
enum jit_csr_result {
    JIT_CSR_ON,   /* it ran: on through the block's fall-through successor */
    JIT_CSR_TRAP, /* it may not run (an illegal instruction): nothing done, the interpreter traps */
    JIT_CSR_DONE, /* it ran and changed where blocks are found: back to the run loop (JIT_DONE) */
};

/* The CSR instruction k that ends block b, as the interpreter runs it (exec_template.h): the
 * permission first, then the block's retirement (a counter it reads counts every older
 * instruction), then the read and write. */
static uint32_t jit_csr(hart_t *h, block_t *b, uint32_t k)
{
    enum insn_op op = (enum insn_op)b->info[k].op;
    if (!csr_permitted(h, &b->insn[k], op))
        return JIT_CSR_TRAP;
    exec_retire_block(h, b, false); /* a block with no timing (csr_translated) */
    if (csr_exec(h, &b->insn[k], op, b->events[k]) == SYS_STOP) {
        h->pc = b->end_pc;
        return JIT_CSR_DONE;
    }
    return JIT_CSR_ON;
}

/* Divisions and remainders, as the interpreter does them (timing hook, division-by-zero event). */
static void jit_divrem(hart_t *h, block_t *b, uint32_t k)
{
    const dinsn_t *d = &b->insn[k];
    enum insn_op op = (enum insn_op)b->info[k].op;
    uint64_t a = h->x[d->rs1], v = h->x[d->rs2], r;
    bool rv32 = h->xlen == 32;
    bool sgn = op == OP_DIV || op == OP_REM, rem = op == OP_REM || op == OP_REMU;
    bool word = op == OP_DIVW || op == OP_DIVUW || op == OP_REMW || op == OP_REMUW;
    if (!word && b->timed && h->core_ext && h->core_ext->div)
        h->core_ext->div(h, b, k, a, v, sgn, rem);
    if (word || rv32) { /* 32-bit operation */
        int32_t sa = (int32_t)(uint32_t)a, sd = (int32_t)(uint32_t)v;
        uint32_t ua = (uint32_t)a, ud = (uint32_t)v, q;
        bool s = word ? op == OP_DIVW || op == OP_REMW : sgn;
        bool m = word ? op == OP_REMW || op == OP_REMUW : rem;
        if ((s && sd == 0) || (!s && ud == 0))
            q = m ? ua : UINT32_MAX;
        else if (s && sa == INT32_MIN && sd == -1)
            q = m ? 0 : (uint32_t)sa;
        else if (s)
            q = (uint32_t)(m ? sa % sd : sa / sd);
        else
            q = m ? ua % ud : ua / ud;
        r = word ? (uint64_t)(int64_t)(int32_t)q : q;
        if (ud == 0 && (h->pmu.dyn_interest & EVBIT(DIV_BY_ZERO)))
            pmu_commit_events(&h->pmu, EVBIT(DIV_BY_ZERO), b->events[k]);
    } else {
        int64_t sa = (int64_t)a, sd = (int64_t)v;
        if (v == 0)
            r = rem ? a : UINT64_MAX;
        else if (sgn && sa == INT64_MIN && sd == -1)
            r = rem ? 0 : a;
        else if (sgn)
            r = (uint64_t)(rem ? sa % sd : sa / sd);
        else
            r = rem ? a % v : a / v;
        if (v == 0 && (h->pmu.dyn_interest & EVBIT(DIV_BY_ZERO)))
            pmu_commit_events(&h->pmu, EVBIT(DIV_BY_ZERO), b->events[k]);
    }
    h->x[d->rd] = r;
}

/* A block's retirement when it has more to do than the budget decrement: counters, timing. */
static void jit_retire(hart_t *h, block_t *b, uint32_t taken, uint64_t next)
{
    exec_retire_block(h, b, taken != 0);
    if (b->timed)
        exec_block_timing(h, b, b->n_insns, next);
}

/* The same for a timed block on a core with its own timing model (core_ext.block_retired): the
 * model directly while exec_block_timing would do nothing else (no fast retirement, memory model
 * or cycle budget). */
static void jit_retire_core(hart_t *h, block_t *b, uint32_t taken, uint64_t next)
{
    exec_retire_block(h, b, taken != 0);
    if (!h->retire_fast && !h->observe_mem && !h->budget_cycles)
        h->core_ext->block_retired(h, b, b->n_insns, next);
    else
        exec_block_timing(h, b, b->n_insns, next);
}

/* The budget ran out at a block's end: true when the platform let the hart go on at once
 * (hart_platform_t.turn_end: a lone running hart's next turn). */
static bool jit_turn_end(hart_t *h)
{
    const hart_platform_t *p = h->platform;
    return p && p->turn_end && p->turn_end(h->platform_ctx, h);
}

/* A block without timing ran for the first time since the PMU looked: it joins the pending list
 * (the rest of its retirement is inline, emit_leave). */
static void jit_retire_first(hart_t *h, block_t *b)
{
    (void)exec_retire_cold(h, b);
}

/* ---- The emitter ---- */

#define HX(n) ((int32_t)(offsetof(hart_t, x) + 8 * (size_t)(n)))
#define HOFF(field) ((int32_t)offsetof(hart_t, field))
#define BOFF(field) ((int32_t)offsetof(block_t, field))

enum { SLOW_LOAD, SLOW_STORE, SLOW_DIV, SLOW_AMO };
typedef struct slow_path {
    uint8_t *from[3]; /* jumps to patch to the stub */
    uint8_t *back;    /* where the inline path goes on */
    uint8_t *access;  /* loads and stores: the inline access, rdx the offset in main RAM */
    uint32_t k;
    int kind;
    unsigned size;      /* loads and stores: bytes accessed; 0: straight to the helper */
    bool ftlb_inline;   /* the fast TLB was looked up inline (emit_ram_check): the stub calls the helper */
    bool store_tag;     /* from[2]: emit_memo_inline's store tag missed */
    bool addr_in_stub;  /* rax is not the address on the way to the stub (emit_window_offset) */
    bool addr_access;   /* the access is made from the address, rax (emit_memo_check and
                         * emit_memo_inline's loads): no rdx */
    bool watch_in_tag;  /* a store whose memo tag leaves out watched granules (l1_memo_t.watch):
                         * its inline hit tests no watch bit; the stub tests it (emit_ftlb) */
    int base;           /* a paged access (ACCESS_PAGED): the host register of rs1, made from
                         * [base + rdx + imm] */
    reg_state_t before; /* the pool when the stub is entered (its dirty registers: stored first) */
    reg_state_t after;  /* the pool where the stub goes back to (s->back) */
} slow_path_t;

/* The cold part of a block's way out, emit_leave's: the successor's lookup before its jump is
 * patched, the way back to the executor, the calls of a first execution and of a timing model's
 * retirement. emit_block writes them after the block's hot code, so that an execution of the
 * block touches fewer lines of the host's caches. */
typedef struct cold_exit {
    reg_cache_t rc; /* the pool at the exit */
    uint8_t *out[8], *miss[8], *slow, *budget_test;
    uint8_t *budget_out, *budget_on; /* the budget's test's jump when it ran out, and past it */
    uint8_t *lookup;                 /* a direct exit's jump to its lookup */
    uint8_t *site;                   /* the successor's jump, patched once found */
    int n_out, n_miss;
    bool taken, indirect;
    unsigned s;
    uint64_t next, target;
} cold_exit_t;

#define MAX_COLD_EXITS 2 /* a block's exits: its branch's two, or one */

typedef struct tr {
    x_emit_t e;
    hart_t *h;
    block_t *b;
    bool w; /* RV64 */
    unsigned n_slow;
    unsigned n_cold;
    uint8_t *start; /* the block's code: its entry, in the cold region */
    uint8_t *other; /* the emitter's other region (jit_cache_t): where it goes on at emit_swap_region */
    uint8_t *other_end;
    bool shared;         /* code the harts of a machine share (jit_share_t): no address of the hart's own */
    reg_cache_t rc;      /* the guest registers in host registers at this point of the code */
    uint8_t *loop_entry; /* a block kept in registers (emit_loop_regs): after their loads */
    /* The arrays (jit_translate zeroes what comes before them only: an entry is written before
     * it is read, slow[] by new_slow, reads[] by note_reads) */
    slow_path_t slow[2 * BLOCK_MAX_INSNS + 1]; /* a store has two entries to its stub */
    cold_exit_t cold[MAX_COLD_EXITS];          /* exits whose cold part is still to write */
    uint64_t reads[BLOCK_MAX_INSNS + 1];       /* the guest registers each instruction reads (rc.reads) */
} tr_t;

/* The emitter on to the other region of the cache: hot code to its cold parts and back. */
static void emit_swap_region(tr_t *t)
{
    uint8_t *p = t->e.p, *end = t->e.end;
    t->e.p = t->other;
    t->e.end = t->other_end;
    t->other = p;
    t->other_end = end;
}

/* The block's next slow path, zeroed */
static slow_path_t *new_slow(tr_t *t)
{
    slow_path_t *s = &t->slow[t->n_slow++];
    *s = (slow_path_t){ 0 };
    return s;
}

/* reg = the block's address: in a hart's own code, an immediate; in code the harts share, the
 * running hart's block, which h->jit_block holds while its code runs (the executor sets it before
 * the entry, and a jump to another block's code sets it to that block). */
static void emit_block_addr(tr_t *t, int reg)
{
    if (t->shared)
        x_load(&t->e, true, reg, x_m(X_RBX, HOFF(jit_block)));
    else
        x_mov_imm64(&t->e, reg, (uint64_t)(uintptr_t)t->b);
}

/* A hart whose D-side memo keeps replacement state (emit_memo_check) holds the memo in r13 and
 * its L1's tag model in rbp in translated code, loaded at entry. */
static bool memo_regs(const hart_t *h)
{
    return h->l1d_memo && h->l1d_memo->cache;
}

/* A hart of plain translated code (no memo, no core model, no timing memo) keeps its two hottest
 * guest registers in two callee-saved host registers in all of its translated code (rc_pin): r13
 * and rbp (r14, no longer holding RAM's base, joins the pool in their place). Which ones: those of
 * gcc's code used most (coremark on rv32imc: a5 in 31 % of the instructions executed, a3 in 26 %,
 * a4 in 14 %). Three (a4 in r14) cost more than they saved: the pool left for the other registers
 * was too small for the matrix loops kept in registers (emit_loop_regs). */
static const uint8_t pinned_host[] = { X_R13, X_RBP };
static const uint8_t pinned_guest[] = { 15, 13 }; /* a5, a3 */

static bool pin_regs(const hart_t *h)
{
    return !h->l1d_memo && !h->core_ext && !h->retire_gen && !h->memo_retire_core;
}

/* The host registers that keep guest registers within a block (jit/reg_cache.h): the ones no
 * emitted path uses between guest instructions. A D-side memo's inline code takes r9 (no
 * replacement state) or r13 (memo_regs); pin_regs pins r13 and rbp; same_translation compares
 * what decides. */
static void reg_pool_init(tr_t *t)
{
    const l1_memo_t *m = t->h->l1d_memo;
    uint8_t pool[RC_MAX_POOL];
    unsigned n = 0;
    pool[n++] = X_RSI;
    pool[n++] = X_RDI;
    pool[n++] = X_R11;
    if (!m || m->cache)
        pool[n++] = X_R9;
    if (pin_regs(t->h)) {
        pool[n++] = X_R10;
        pool[n++] = X_R14;
        unsigned first = n;
        for (unsigned i = 0; i < sizeof pinned_host; i++)
            pool[n++] = pinned_host[i];
        rc_init(&t->rc, pool, n, HX(0));
        for (unsigned i = 0; i < sizeof pinned_host; i++)
            rc_pin(&t->rc, first + i, pinned_guest[i]);
        return;
    }
    pool[n++] = X_R10;
    pool[n++] = X_RBP;
    if (!memo_regs(t->h))
        pool[n++] = X_R13;
    rc_init(&t->rc, pool, n, HX(0));
}

/* A hart with memo_regs keeps its L1D tag model's LRU clock (cache_t.clock) in r14 from the entry
 * into translated code, not the RAM's base (hart_t.ram_base, read from memory there): a hit's
 * stamp is then an increment of a register, not of memory (a chain through memory from one hit
 * to the next). The clock goes back to the tag model before every call and exit, and is read
 * again after every call (the model may have moved it). */
static void emit_clock_home(tr_t *t) /* r11 = the L1D's tag model: before a call or exit, after a call */
{
    x_load(&t->e, true, X_R11, x_m(X_RBX, HOFF(l1d_memo)));
    x_load(&t->e, true, X_R11, x_m(X_R11, (int32_t)offsetof(l1_memo_t, cache)));
}

static void emit_clock_store(tr_t *t)
{
    if (!memo_regs(t->h))
        return;
    emit_clock_home(t);
    x_store(&t->e, true, x_m(X_R11, (int32_t)offsetof(cache_t, clock)), X_R14);
}

static void emit_clock_load(tr_t *t)
{
    if (!memo_regs(t->h))
        return;
    emit_clock_home(t);
    x_load(&t->e, true, X_R14, x_m(X_R11, (int32_t)offsetof(cache_t, clock)));
}

/* After a call: the clock, and the memo's table in r13 (hart_t.memo_fast: the call may have
 * turned the memo's inline hits on or off). */
static void emit_after_call(tr_t *t)
{
    emit_clock_load(t);
    if (memo_regs(t->h))
        x_load(&t->e, true, X_R13, x_m(X_RBX, HOFF(memo_fast)));
}

/* reg -= the RAM's base: r14, or hart_t.ram_base while r14 keeps the clock (emit_clock_store) or
 * is a pool register (pin_regs) */
static void emit_sub_ram_base(tr_t *t, int reg)
{
    if (memo_regs(t->h) || pin_regs(t->h))
        x_alu(&t->e, true, X_SUB, reg, x_m(X_RBX, HOFF(ram_base)));
    else
        x_alu(&t->e, true, X_SUB, reg, x_r(X_R14));
}

static void emit_epilogue(tr_t *t)
{
    x_emit_t *e = &t->e;
    emit_clock_store(t);
    x_alu_imm(e, true, X_ADD, x_r(X_RSP), 8);
    x_pop(e, X_RBP);
    x_pop(e, X_R15);
    x_pop(e, X_R14);
    x_pop(e, X_R13);
    x_pop(e, X_R12);
    x_pop(e, X_RBX);
    x_ret(e);
}

/* Return `status` about this block. */
static void emit_exit(tr_t *t, uint32_t status)
{
    rc_store_pinned(&t->rc, &t->e);
    if (!t->shared) { /* shared code: the block's already */
        emit_block_addr(t, X_RCX);
        x_store(&t->e, true, x_m(X_RBX, HOFF(jit_block)), X_RCX);
    }
    x_mov_imm(&t->e, X_RAX, status);
    emit_epilogue(t);
}

/* A call of a service; the flags are not kept. */
static void emit_call(tr_t *t, const void *fn)
{
    emit_clock_store(t);
    x_mov_imm(&t->e, X_RAX, (uint64_t)(uintptr_t)fn);
    x_call_reg(&t->e, X_RAX);
    emit_after_call(t);
}

/* rax = rs1 + imm, the XLEN's address (an RV32 register is zero-extended already; a 32-bit lea
 * zero-extends its sum as the 32-bit add did), in one instruction; the flags are not set */
static void emit_addr(tr_t *t, const dinsn_t *d)
{
    int base = rc_use(&t->rc, &t->e, d->rs1);
    if (d->imm)
        x_lea(&t->e, t->w, X_RAX, x_m(base, d->imm));
    else
        x_load(&t->e, t->w, X_RAX, x_r(base));
}

static void emit_ftlb_lookup(x_emit_t *e, int32_t entry, unsigned size, bool key_zero, uint8_t *miss[2]);
static void emit_ftlb_lookup_rcx(x_emit_t *e, int32_t entry, unsigned size, bool key_zero, uint8_t *miss[2]);

/* May a load or store of a hart whose memo keeps replacement state (emit_memo_check) be made from
 * its address in rax, without its offset in main RAM (rdx)? So while the RAM's base, negated,
 * fits in a displacement and is page-aligned: the access is [r12 + rax - ram_base]
 * (memo_access), a store's watched-granule test reads the bitmap at r15 from the address too
 * (emit_watched_granule_test), which saves the offset's two instructions on every hit. */
static bool memo_addr_access(const hart_t *h)
{
    return h->ram_base <= 0x80000000ull && (h->ram_base & 0xfff) == 0;
}

/* The operand of a load or store made from its address (slow_path_t.addr_access). */
static x_mem_t memo_access(const hart_t *h)
{
    return x_mid(X_R12, X_RAX, (int32_t) - (int64_t)h->ram_base);
}

static void emit_memo_check(tr_t *t, slow_path_t *s, unsigned size);
static void emit_memo_inline(tr_t *t, slow_path_t *s, unsigned size);

/* Is the fast TLB's key zero whenever block b runs? So in a U-mode block (hart_ftlb_rekey):
 * its lookups compare the tag without the key. */
static bool ftlb_key_zero(const block_t *b)
{
    return (b->ctx & 3) == PRIV_U;
}

/* The fast TLB entry a load or store looks at: hart_t.ftlb[0] for loads, [1] for stores. */
static int32_t ftlb_entry(const slow_path_t *s)
{
    return (int32_t)(s->kind == SLOW_LOAD ? offsetof(hart_t, ftlb[0]) : offsetof(hart_t, ftlb[1]));
}

/* Do this block's loads and stores look the fast TLB up inline (a translated address space, or
 * loads and stores translated or checked page by page: emit_ram_check)? */
static bool ftlb_inline(const tr_t *t)
{
    return (t->b->ctx >> 2) || !t->h->mem_inline;
}

/* rdx = the offset in main RAM of the access at rax; to the slow path unless inside the inline
 * window and aligned. While the hart's loads and stores are translated (or checked by PMP page by
 * page) the window is closed to them (hart_update_paths): a block translated then, or decoded in
 * a translated address space, looks the fast TLB up inline instead of in its stub (emit_ftlb),
 * and for a load rdx is then the entry's delta: the load reads [rax + rdx] (s->ftlb_inline).
 * Either order finds the same: only the speed differs when the block later runs the other way. */
static void emit_ram_check(tr_t *t, slow_path_t *s, unsigned size)
{
    x_emit_t *e = &t->e;
    if (ftlb_inline(t)) {
        emit_ftlb_lookup(e, ftlb_entry(s), size, ftlb_key_zero(t->b), s->from);
        if (s->kind != SLOW_LOAD)
            x_alu(e, true, X_ADD, X_RDX, x_r(X_RAX)); /* the offset in main RAM */
        s->ftlb_inline = true;
        return;
    }
    const l1_memo_t *m = t->h->l1d_memo;
    if (m && (s->kind == SLOW_LOAD || s->kind == SLOW_STORE)) {
        if (m->cache)
            emit_memo_check(t, s, size);
        else
            emit_memo_inline(t, s, size);
        return;
    }
    x_mov(e, X_RDX, X_RAX);
    emit_sub_ram_base(t, X_RDX);
    x_alu(e, true, X_CMP, X_RDX, x_m(X_RBX, HOFF(fast_size)));
    s->from[0] = x_jcc(e, X_CC_AE);
    s->from[1] = NULL;
    if (size > 1) {
        x_test_al(e, (uint8_t)(size - 1));
        s->from[1] = x_jcc(e, X_CC_NE);
    }
}

/* Does a load or store of this block test the main-RAM window alone (no memo, no fast TLB inline,
 * a RAM whose offsets keep the address's alignment)? Then emit_window_offset computes the offset
 * without the address. */
static bool window_only(const tr_t *t)
{
    const hart_t *h = t->h;
    return !(t->b->ctx >> 2) && h->mem_inline && !h->l1d_memo && (h->ram_base & 7) == 0;
}

/* rdx = the offset in main RAM of the access of d (rs1 + imm - ram_base), in one lea where the
 * displacement fits; rax is not set: the stub computes the address itself (s->addr_in_stub). On
 * RV32 the offset is taken mod 2^32, which is below fast_size exactly when the address is in the
 * window as long as the RAM ends at or below 2^32; else the address less r14, as emit_ram_check. */
static void emit_window_offset(tr_t *t, const dinsn_t *d)
{
    x_emit_t *e = &t->e;
    int base = rc_use(&t->rc, e, d->rs1);
    const hart_t *h = t->h;
    int64_t disp = (int64_t)d->imm - (int64_t)h->ram_base;
    bool fold = t->w ? disp >= INT32_MIN : h->ram_base + h->ram_size <= (1ull << 32);
    if (fold) {
        x_lea(e, t->w, X_RDX, x_m(base, (int32_t)(uint32_t)(uint64_t)disp));
        return;
    }
    x_lea(e, t->w, X_RDX, x_m(base, d->imm));
    emit_sub_ram_base(t, X_RDX);
}

/* After emit_window_offset: to the slow path unless rdx is inside the window and aligned. */
static void emit_window_test(tr_t *t, slow_path_t *s, unsigned size)
{
    x_emit_t *e = &t->e;
    x_alu(e, true, X_CMP, X_RDX, x_m(X_RBX, HOFF(fast_size)));
    s->from[0] = x_jcc(e, X_CC_AE);
    s->from[1] = NULL;
    if (size > 1) {
        x_test8_imm(e, X_RDX, (uint8_t)(size - 1)); /* ram_base is 8-byte aligned (window_only) */
        s->from[1] = x_jcc(e, X_CC_NE);
    }
    s->addr_in_stub = true;
}

/* How a load or store finds its host address (emit_access_addr). */
enum access_way {
    ACCESS_WINDOW, /* rdx = its offset in main RAM (window_only) */
    ACCESS_ADDR,   /* rax = its address, then the window, a memo or the fast TLB (emit_ram_check) */
    /* rcx = its address, the fast TLB looked up inline (paged code), and the access made from
     * [rs1 + rdx + imm] with rdx the entry's delta: no copy of the address in rax, which the stub
     * computes (addr_in_stub). So where that sum is the address: on RV64, or with no offset (an
     * RV32 address wraps at 2^32) */
    ACCESS_PAGED,
};

/* The first half of a load's or store's RAM path; emit_access_check, after the instruction's
 * registers are taken from the pool, is the second. *base: rs1's host register (ACCESS_PAGED: the
 * pool keeps it for the instruction, rc_use) */
static enum access_way emit_access_addr(tr_t *t, const dinsn_t *d, int *base)
{
    if (window_only(t)) {
        emit_window_offset(t, d);
        return ACCESS_WINDOW;
    }
    if (ftlb_inline(t) && (t->w || !d->imm)) {
        *base = rc_use(&t->rc, &t->e, d->rs1);
        if (d->imm)
            x_lea(&t->e, true, X_RCX, x_m(*base, d->imm));
        else
            x_mov(&t->e, X_RCX, *base);
        return ACCESS_PAGED;
    }
    emit_addr(t, d);
    return ACCESS_ADDR;
}

static void emit_access_check(tr_t *t, slow_path_t *s, enum access_way way, int base, unsigned size,
                              const dinsn_t *d)
{
    if (way == ACCESS_WINDOW) {
        emit_window_test(t, s, size);
    } else if (way == ACCESS_ADDR) {
        emit_ram_check(t, s, size);
    } else {
        emit_ftlb_lookup_rcx(&t->e, ftlb_entry(s), size, ftlb_key_zero(t->b), s->from);
        if (s->kind != SLOW_LOAD) /* the offset in main RAM */
            x_lea(&t->e, true, X_RDX, x_misd(base, X_RDX, 0, d->imm));
        s->ftlb_inline = s->addr_in_stub = true;
        s->base = base;
    }
}

/* The operand of a load or store, after emit_access_check. */
static x_mem_t access_operand(const tr_t *t, const slow_path_t *s, const dinsn_t *d)
{
    if (s->ftlb_inline && s->addr_in_stub) /* ACCESS_PAGED: a load; a store's rdx is its offset */
        return s->kind == SLOW_LOAD ? x_misd(s->base, X_RDX, 0, d->imm) : x_mi(X_R12, X_RDX);
    if (s->ftlb_inline)
        return s->kind == SLOW_LOAD ? x_mi(X_RAX, X_RDX) : x_mi(X_R12, X_RDX);
    return s->addr_access ? memo_access(t->h) : x_mi(X_R12, X_RDX);
}

static bool emit_load(tr_t *t, const dinsn_t *d, uint32_t k, enum insn_op op)
{
    x_emit_t *e = &t->e;
    slow_path_t *s = new_slow(t);
    s->k = k;
    s->kind = SLOW_LOAD;
    int base = -1;
    enum access_way way = emit_access_addr(t, d, &base);
    int rd = rc_claim(&t->rc, e, d->rd); /* not rs1's register, used (busy), unless rd is rs1 */
    s->before = t->rc.s;
    emit_access_check(t, s, way, base, access_size(op), d);
    s->access = e->p;
    s->size = access_size(op);
    x_mem_t m = access_operand(t, s, d);
    switch (op) {
    case OP_LB: x_movx(e, t->w, 0x0fbe, rd, m); break;
    case OP_LH: x_movx(e, t->w, 0x0fbf, rd, m); break;
    case OP_LBU: x_movx(e, false, 0x0fb6, rd, m); break;
    case OP_LHU: x_movx(e, false, 0x0fb7, rd, m); break;
    case OP_LW:
        if (t->w)
            x_movsxd(e, rd, m);
        else
            x_load(e, false, rd, m);
        break;
    case OP_LWU: x_load(e, false, rd, m); break;
    default: x_load(e, true, rd, m); break;
    }
    rc_bind(&t->rc, d->rd, rd);
    s->after = t->rc.s;
    s->back = e->p;
    return true;
}

/* Tests the store-watch bit of the granule of offset RDX (code, tohost, reservations: the bitmap
 * at R15, one bit per 64 bytes); returns the jump taken when it is set, to patch. The bitmap is
 * read by 64-bit words (little-endian: bit g of the map is bit g mod 64 of word g / 64; the map
 * is whole pages, so the word is mapped), and bt of a register takes the bit number mod 64. */
static uint8_t *emit_watched_granule_test(x_emit_t *e)
{
    x_mov(e, X_R8, X_RDX);
    x_shift_imm(e, true, X_SHR, X_R8, 6); /* the granule */
    x_mov(e, X_RCX, X_R8);
    x_shift_imm(e, true, X_SHR, X_RCX, 6); /* its word */
    x_load(e, true, X_RCX, x_mis(X_R15, X_RCX, 3));
    x_bt(e, true, 0x0fa3, x_r(X_RCX), X_R8);
    return x_jcc(e, X_CC_B);
}

/* The same from the address in rax (slow_path_t.addr_access: a page-aligned RAM base): the
 * granule's word is (rax >> 12) - (ram_base >> 12), its bit the address's granule mod 64, as
 * that of the offset. */
static uint8_t *emit_watched_addr_test(tr_t *t)
{
    x_emit_t *e = &t->e;
    x_mov(e, X_R8, X_RAX);
    x_shift_imm(e, true, X_SHR, X_R8, 6); /* the granule, less ram_base's (a multiple of 64) */
    x_mov(e, X_RCX, X_RAX);
    x_shift_imm(e, true, X_SHR, X_RCX, 12); /* its word, less ram_base's */
    x_load(e, true, X_RCX, (x_mem_t){ X_R15, X_RCX, (int32_t) - (int64_t)((t->h->ram_base >> 12) * 8), 3 });
    x_bt(e, true, 0x0fa3, x_r(X_RCX), X_R8);
    return x_jcc(e, X_CC_B);
}

static bool emit_store(tr_t *t, const dinsn_t *d, uint32_t k, enum insn_op op)
{
    x_emit_t *e = &t->e;
    slow_path_t *s = new_slow(t);
    unsigned size = access_size(op);
    s->k = k;
    s->kind = SLOW_STORE;
    int base = -1;
    enum access_way way = emit_access_addr(t, d, &base);
    int v = rc_use(&t->rc, e, d->rs2);
    s->before = s->after = t->rc.s;
    emit_access_check(t, s, way, base, size, d);
    s->access = e->p;
    s->size = size;
    /* the granule's store-watch bit: code, tohost, reservations; none where a hit of the memo's
     * store tag proves the granule unwatched (emit_memo_check) */
    uint8_t *watched = s->watch_in_tag  ? NULL
                       : s->addr_access ? emit_watched_addr_test(t)
                                        : emit_watched_granule_test(e);
    x_mem_t m = access_operand(t, s, d);
    switch (size) {
    case 1: x_op(e, false, 0x88, 1, v, m, true); break;
    case 2:
        x_b(e, 0x66);
        x_store(e, false, m, v);
        break;
    case 4: x_store(e, false, m, v); break;
    default: x_store(e, true, m, v); break;
    }
    s->back = e->p;
    if (!watched)
        return true;
    /* the watched case shares the stub: a second slow path entry */
    slow_path_t *s2 = &t->slow[t->n_slow++];
    *s2 = *s;
    s2->from[0] = watched;
    s2->from[1] = s2->from[2] = NULL;
    s2->size = 0; /* a watched granule: the helper */
    return true;
}

/* An LR, an SC or an AMO with no inline form (min, max): a call of jit_amo, then on in translated
 * code, or out with its status (a trap, the block ended by the store). */
static bool emit_amo_call(tr_t *t, uint32_t k)
{
    x_emit_t *e = &t->e;
    rc_write_back(&t->rc, e); /* rs1, rs2 in hart_t.x for the call */
    x_mov(e, X_RDI, X_RBX);
    emit_block_addr(t, X_RSI);
    x_mov_imm(e, X_RDX, k);
    emit_call(t, (const void *)jit_amo);
    rc_forget(&t->rc, e); /* the pinned registers again: rd may be one */
    x_test(e, false, X_RAX, X_RAX);
    uint8_t *on = x_jcc(e, X_CC_E);
    emit_epilogue(t); /* jit_amo named the block */
    x_patch(e, on, e->p);
    return true;
}

/* AMOs (swap, add, and, or, xor) inline on main RAM, as the interpreter's AMO does them: the
 * address in the inline window or a page the fast TLB grants for stores (so for loads too: PMP and
 * page tables have no write-only pages), aligned, its granule not watched (code, tohost, another
 * hart's reservation); then the old value to rd, and the hart's own reservation goes. Anything
 * else calls jit_amo from the slow path. */
static bool emit_amo(tr_t *t, const dinsn_t *d, uint32_t k, enum insn_op op)
{
    x_emit_t *e = &t->e;
    bool dword =
        op == OP_AMOSWAP_D || op == OP_AMOADD_D || op == OP_AMOXOR_D || op == OP_AMOAND_D || op == OP_AMOOR_D;
    unsigned size = dword ? 8 : 4;
    slow_path_t *s = new_slow(t);
    s->k = k;
    s->kind = SLOW_AMO;
    int addr = rc_use(&t->rc, e, d->rs1), v = rc_use(&t->rc, e, d->rs2), rd = rc_claim(&t->rc, e, d->rd);
    x_mov(e, X_RAX, addr);
    s->before = t->rc.s;
    emit_ram_check(t, s, size);
    s->access = e->p;
    s->size = size;
    uint8_t *watched = emit_watched_granule_test(e);
    x_mem_t m = x_mi(X_R12, X_RDX);
    if (dword)
        x_load(e, true, X_RAX, m);
    else if (t->w)
        x_movsxd(e, X_RAX, m); /* rd gets the old word sign-extended */
    else
        x_load(e, false, X_RAX, m);
    x_mov(e, X_RCX, v); /* before rd is written: rd may be rs2 */
    switch (op) {
    case OP_AMOADD_W:
    case OP_AMOADD_D: x_alu(e, dword, X_ADD, X_RCX, x_r(X_RAX)); break;
    case OP_AMOXOR_W:
    case OP_AMOXOR_D: x_alu(e, dword, X_XOR, X_RCX, x_r(X_RAX)); break;
    case OP_AMOAND_W:
    case OP_AMOAND_D: x_alu(e, dword, X_AND, X_RCX, x_r(X_RAX)); break;
    case OP_AMOOR_W:
    case OP_AMOOR_D: x_alu(e, dword, X_OR, X_RCX, x_r(X_RAX)); break;
    default: break; /* swap: rs2 as it is */
    }
    x_store(e, dword, m, X_RCX);
    x_mov(e, rd, X_RAX);
    rc_bind(&t->rc, d->rd, rd);
    s->after = t->rc.s;
    x_alu(e, false, X_XOR, X_RCX, x_r(X_RCX));
    x_op(e, false, 0x88, 1, X_RCX, x_m(X_RBX, HOFF(reservation_valid)), true);
    s->back = e->p;
    slow_path_t *s2 = &t->slow[t->n_slow++]; /* a watched granule: straight to the interpreter */
    *s2 = *s;
    s2->from[0] = watched;
    s2->from[1] = s2->from[2] = NULL;
    s2->size = 0;
    return true;
}

enum { RR_IMUL = 8 }; /* emit_rr's operation: an enum x_alu or imul */

/* rd = rs1 op rs2 for the two-operand ALU forms and imul, in rd's host register: rs2 may be rd */
static void emit_rr(tr_t *t, const dinsn_t *d, int a, bool w, bool sext32)
{
    x_emit_t *e = &t->e;
    int s1 = rc_use(&t->rc, e, d->rs1), s2 = rc_use(&t->rc, e, d->rs2);
    int rd = rc_claim(&t->rc, e, d->rd);
    bool mul = a == RR_IMUL;
    bool commutes = a != X_SUB;
    if (rd == s2 && s1 != s2 && !commutes) {
        x_mov(e, X_RAX, s1);
        x_alu(e, w, X_SUB, X_RAX, x_r(s2));
        x_mov(e, rd, X_RAX);
    } else {
        int other = s2;
        if (rd == s2 && s1 != s2)
            other = s1; /* rd op= rs1 */
        else if (rd != s1)
            x_mov(e, rd, s1);
        if (mul)
            x_imul(e, w, rd, x_r(other));
        else
            x_alu(e, w, (enum x_alu)a, rd, x_r(other));
    }
    if (sext32)
        x_movsxd(e, rd, x_r(rd));
    rc_bind(&t->rc, d->rd, rd);
}

static void emit_set(tr_t *t, const dinsn_t *d, enum x_cc cc, bool imm)
{
    x_emit_t *e = &t->e;
    int s1 = rc_use(&t->rc, e, d->rs1), s2 = imm ? -1 : rc_use(&t->rc, e, d->rs2);
    int rd = rc_claim(&t->rc, e, d->rd);
    x_alu(e, false, X_XOR, X_RCX, x_r(X_RCX));
    if (imm)
        x_alu_imm(e, t->w, X_CMP, x_r(s1), d->imm);
    else
        x_alu(e, t->w, X_CMP, s1, x_r(s2));
    x_setcc(e, cc, X_RCX);
    x_mov(e, rd, X_RCX);
    rc_bind(&t->rc, d->rd, rd);
}

static void emit_shift_reg(tr_t *t, const dinsn_t *d, enum x_shift s, bool w, bool sext32)
{
    x_emit_t *e = &t->e;
    int s1 = rc_use(&t->rc, e, d->rs1), s2 = rc_use(&t->rc, e, d->rs2);
    int rd = rc_claim(&t->rc, e, d->rd);
    x_load(e, false, X_RCX, x_r(s2)); /* the count first: rd may be rs2 */
    if (rd != s1)
        x_mov(e, rd, s1);
    x_shift_cl(e, w, s, rd);
    if (sext32)
        x_movsxd(e, rd, x_r(rd));
    rc_bind(&t->rc, d->rd, rd);
}

/* Divisions inline; a zero divisor (its event) and the overflowing quotient go to jit_divrem. */
static bool emit_div(tr_t *t, const dinsn_t *d, uint32_t k, enum insn_op op)
{
    x_emit_t *e = &t->e;
    bool word = op >= OP_DIVW, w = t->w && !word;
    bool sgn = op == OP_DIV || op == OP_REM || op == OP_DIVW || op == OP_REMW;
    bool rem = op == OP_REM || op == OP_REMU || op == OP_REMW || op == OP_REMUW;
    slow_path_t *s = new_slow(t);
    s->k = k;
    s->kind = SLOW_DIV;
    s->from[1] = NULL;
    int s1 = rc_use(&t->rc, e, d->rs1), s2 = rc_use(&t->rc, e, d->rs2);
    int rd = rc_claim(&t->rc, e, d->rd);
    s->before = t->rc.s;
    x_load(e, w, X_RCX, x_r(s2));
    x_load(e, w, X_RAX, x_r(s1));
    x_test(e, w, X_RCX, X_RCX);
    s->from[0] = x_jcc(e, X_CC_E);
    if (sgn) { /* most negative / -1 */
        x_alu_imm(e, w, X_CMP, x_r(X_RCX), -1);
        uint8_t *go = x_jcc(e, X_CC_NE);
        x_mov_imm(e, X_RDX, w ? (uint64_t)INT64_MIN : (uint64_t)(uint32_t)INT32_MIN);
        x_alu(e, w, X_CMP, X_RAX, x_r(X_RDX));
        s->from[1] = x_jcc(e, X_CC_E);
        x_patch(e, go, e->p);
        if (w)
            x_b(e, 0x48);
        x_b(e, 0x99); /* cdq / cqo */
    } else {
        x_alu(e, false, X_XOR, X_RDX, x_r(X_RDX));
    }
    x_op(e, w, 0xf7, 1, sgn ? 7 : 6, x_r(X_RCX), false); /* idiv / div */
    int res = rem ? X_RDX : X_RAX;
    if (word)
        x_movsxd(e, rd, x_r(res));
    else
        x_mov(e, rd, res);
    rc_bind(&t->rc, d->rd, rd);
    s->after = t->rc.s;
    s->back = e->p;
    return true;
}

/* The stub of a division (emit_div), h->x as before the instruction: a zero divisor whose event
 * no counter selects (a `div` by zero is Linux's cpu_relax, in every spin-wait loop) writes rd as
 * the interpreter does and goes back, without jit_divrem; the overflowing quotient and a counted
 * division by zero go on to the call that follows. */
static void emit_div_by_zero(tr_t *t, const slow_path_t *s)
{
    x_emit_t *e = &t->e;
    const dinsn_t *d = &t->b->insn[s->k];
    enum insn_op op = (enum insn_op)t->b->info[s->k].op;
    bool word = op >= OP_DIVW, w = t->w && !word;
    bool rem = op == OP_REM || op == OP_REMU || op == OP_REMW || op == OP_REMUW;
    x_load(e, w, X_RCX, rc_home(&t->rc, d->rs2));
    x_test(e, w, X_RCX, X_RCX);
    uint8_t *overflow = x_jcc(e, X_CC_NE);
    x_movx(e, false, 0x0fb6, X_RCX, x_m(X_RBX, HOFF(pmu.dyn_interest) + EV_DIV_BY_ZERO / 8));
    x_test8_imm(e, X_RCX, (uint8_t)(1u << (EV_DIV_BY_ZERO % 8)));
    uint8_t *counted = x_jcc(e, X_CC_NE);
    if (d->rd) {
        if (!rem) /* all ones, as wide as the register (divw: sign-extended) */
            x_mov_imm(e, X_RAX, t->w ? UINT64_MAX : UINT32_MAX);
        else if (word) /* the dividend (remw: its low word sign-extended) */
            x_movsxd(e, X_RAX, rc_home(&t->rc, d->rs1));
        else
            x_load(e, true, X_RAX, rc_home(&t->rc, d->rs1));
        x_store(e, true, rc_home(&t->rc, d->rd), X_RAX);
    }
    rc_load_state(&t->rc, e, &s->after);
    x_patch(e, x_jmp(e), s->back);
    x_patch(e, overflow, e->p);
    x_patch(e, counted, e->p);
}

/* Emits instruction k that is not a terminator; false when it is not translated. */
static bool emit_insn(tr_t *t, uint32_t k)
{
    x_emit_t *e = &t->e;
    reg_cache_t *rc = &t->rc;
    block_t *b = t->b;
    const dinsn_t *d = &b->insn[k];
    enum insn_op op = (enum insn_op)b->info[k].op;
    bool w = t->w;
    uint64_t xmask = w ? UINT64_MAX : UINT32_MAX;
    int s1, rd;

    switch (op) {
    case OP_LB:
    case OP_LH:
    case OP_LW:
    case OP_LBU:
    case OP_LHU: return emit_load(t, d, k, op);
    case OP_LD:
    case OP_LWU: return w && emit_load(t, d, k, op);
    case OP_SB:
    case OP_SH:
    case OP_SW: return emit_store(t, d, k, op);
    case OP_SD: return w && emit_store(t, d, k, op);
    case OP_FENCE: return true;
    case OP_AMOSWAP_W:
    case OP_AMOADD_W:
    case OP_AMOXOR_W:
    case OP_AMOAND_W:
    case OP_AMOOR_W: return emit_amo(t, d, k, op);
    case OP_AMOSWAP_D:
    case OP_AMOADD_D:
    case OP_AMOXOR_D:
    case OP_AMOAND_D:
    case OP_AMOOR_D: return w && emit_amo(t, d, k, op);
    case OP_LR_W:
    case OP_SC_W:
    case OP_AMOMIN_W:
    case OP_AMOMAX_W:
    case OP_AMOMINU_W:
    case OP_AMOMAXU_W: return emit_amo_call(t, k);
    case OP_LR_D:
    case OP_SC_D:
    case OP_AMOMIN_D:
    case OP_AMOMAX_D:
    case OP_AMOMINU_D:
    case OP_AMOMAXU_D: return w && emit_amo_call(t, k);
    case OP_LUI:
    case OP_AUIPC:
        rd = rc_claim(rc, e, d->rd);
        x_mov_imm(e, rd, ((op == OP_AUIPC ? b->pc : 0) + (uint64_t)(int64_t)d->imm) & xmask);
        rc_bind(rc, d->rd, rd);
        return true;
    case OP_ADDI:
    case OP_XORI:
    case OP_ORI:
    case OP_ANDI: {
        static const enum x_alu alu[] = {
            [OP_ADDI] = X_ADD, [OP_XORI] = X_XOR, [OP_ORI] = X_OR, [OP_ANDI] = X_AND
        };
        if (d->rs1 == 0) { /* li: the constant itself (x0 & imm is 0) */
            rd = rc_claim(rc, e, d->rd);
            x_mov_imm(e, rd, op == OP_ANDI ? 0 : (uint64_t)(int64_t)d->imm & xmask);
            rc_bind(rc, d->rd, rd);
            return true;
        }
        s1 = rc_use(rc, e, d->rs1);
        rd = rc_claim(rc, e, d->rd);
        if (rd != s1)
            x_load(e, w, rd, x_r(s1)); /* RV32: a 32-bit move, zero-extending as the operation */
        if (d->imm || op == OP_ANDI)
            x_alu_imm(e, w, alu[op], x_r(rd), d->imm);
        rc_bind(rc, d->rd, rd);
        return true;
    }
    case OP_SLTI: emit_set(t, d, X_CC_L, true); return true;
    case OP_SLTIU: emit_set(t, d, X_CC_B, true); return true;
    case OP_SLT: emit_set(t, d, X_CC_L, false); return true;
    case OP_SLTU: emit_set(t, d, X_CC_B, false); return true;
    case OP_SLLI:
    case OP_SRLI:
    case OP_SRAI:
    case OP_ADDIW:
    case OP_SLLIW:
    case OP_SRLIW:
    case OP_SRAIW: {
        bool word = op == OP_ADDIW || op == OP_SLLIW || op == OP_SRLIW || op == OP_SRAIW;
        if (word && !w)
            return false;
        s1 = rc_use(rc, e, d->rs1);
        rd = rc_claim(rc, e, d->rd);
        if (rd != s1)
            x_mov(e, rd, s1);
        if (op == OP_ADDIW)
            x_alu_imm(e, false, X_ADD, x_r(rd), d->imm);
        else
            x_shift_imm(e, w && !word,
                        op == OP_SLLI || op == OP_SLLIW   ? X_SHL
                        : op == OP_SRLI || op == OP_SRLIW ? X_SHR
                                                          : X_SAR,
                        rd, (unsigned)d->imm);
        if (word)
            x_movsxd(e, rd, x_r(rd));
        rc_bind(rc, d->rd, rd);
        return true;
    }
    case OP_ADD: emit_rr(t, d, X_ADD, w, false); return true;
    case OP_SUB: emit_rr(t, d, X_SUB, w, false); return true;
    case OP_XOR: emit_rr(t, d, X_XOR, w, false); return true;
    case OP_OR: emit_rr(t, d, X_OR, w, false); return true;
    case OP_AND: emit_rr(t, d, X_AND, w, false); return true;
    case OP_MUL: emit_rr(t, d, RR_IMUL, w, false); return true;
    case OP_SLL: emit_shift_reg(t, d, X_SHL, w, false); return true;
    case OP_SRL: emit_shift_reg(t, d, X_SHR, w, false); return true;
    case OP_SRA: emit_shift_reg(t, d, X_SAR, w, false); return true;
    case OP_ADDW:
    case OP_SUBW:
    case OP_MULW:
        if (!w)
            return false;
        emit_rr(t, d, op == OP_ADDW ? X_ADD : op == OP_SUBW ? X_SUB : RR_IMUL, false, true);
        return true;
    case OP_SLLW:
    case OP_SRLW:
    case OP_SRAW:
        if (!w)
            return false;
        emit_shift_reg(t, d, op == OP_SLLW ? X_SHL : op == OP_SRLW ? X_SHR : X_SAR, false, true);
        return true;
    case OP_MULH:
    case OP_MULHU:
    case OP_MULHSU: {
        s1 = rc_use(rc, e, d->rs1);
        int s2 = rc_use(rc, e, d->rs2);
        rd = rc_claim(rc, e, d->rd);
        if (!w) { /* the 64-bit product of the extended operands, high half */
            if (op == OP_MULHU)
                x_load(e, false, X_RAX, x_r(s1));
            else
                x_movsxd(e, X_RAX, x_r(s1));
            if (op == OP_MULH)
                x_movsxd(e, X_RCX, x_r(s2));
            else
                x_load(e, false, X_RCX, x_r(s2));
            x_imul(e, true, X_RAX, x_r(X_RCX));
            x_shift_imm(e, true, X_SHR, X_RAX, 32);
            x_mov(e, rd, X_RAX);
        } else {
            x_mov(e, X_RAX, s1);
            x_mul_wide(e, op == OP_MULH, x_r(s2));
            if (op == OP_MULHSU) { /* unsigned high half, less rs2 when rs1 is negative */
                x_mov(e, X_RAX, s1);
                x_shift_imm(e, true, X_SAR, X_RAX, 63);
                x_alu(e, true, X_AND, X_RAX, x_r(s2));
                x_alu(e, true, X_SUB, X_RDX, x_r(X_RAX));
            }
            x_mov(e, rd, X_RDX);
        }
        rc_bind(rc, d->rd, rd);
        return true;
    }
    case OP_DIV:
    case OP_DIVU:
    case OP_REM:
    case OP_REMU:
    case OP_DIVW:
    case OP_DIVUW:
    case OP_REMW:
    case OP_REMUW:
        if (!w && op >= OP_DIVW)
            return false;
        if (b->timed && t->h->core_ext && t->h->core_ext->div) { /* the timing model sees the operands */
            rc_write_back(rc, e);
            rc_forget(rc, e); /* the call takes the caller-saved registers, and writes rd */
            x_mov(e, X_RDI, X_RBX);
            emit_block_addr(t, X_RSI);
            x_mov_imm(e, X_RDX, k);
            emit_call(t, (const void *)jit_divrem);
            return true;
        }
        return emit_div(t, d, k, op);
    default: return false;
    }
}

/* The LRU touch of a hit of the L1D's tag model, its clock in r14 (emit_clock_store), on the
 * stamp at `age` (a register): the line becomes the most recently used. cache_touch_age leaves a
 * line that already is as it is; stamping it again keeps the same order without a branch on the
 * data. */
static void emit_touch_age(x_emit_t *e, int age)
{
    x_alu_imm(e, true, X_ADD, x_r(X_R14), 1);
    x_store(e, true, x_m(age, 0), X_R14);
}

/* op byte [m], imm (cmp, add, adc, sub of the 0x80 group) */
static void emit_byte_imm(x_emit_t *e, enum x_alu op, x_mem_t m, uint8_t imm)
{
    x_op(e, false, 0x80, 1, (int)op, m, false);
    x_b(e, imm);
}

/* The tests an inline retirement starts with: the hart's flag byte at `flag` (retire_fast,
 * memo_retire) `value` and no cycle budget running; each miss is a jump to patch. Returns their
 * number. */
static int emit_retire_guards(x_emit_t *e, int32_t flag, uint8_t value, uint8_t **miss)
{
    _Static_assert(sizeof(bool) == 1, "the flags are bytes");
    int32_t budget = HOFF(budget_cycles);
    if (flag + 1 == budget || flag == budget + 1) { /* the two bytes in one compare: flag, budget 0 */
        bool flag_first = flag + 1 == budget;
        x_b(e, 0x66);
        x_op(e, false, 0x81, 1, X_CMP, x_m(X_RBX, flag_first ? flag : budget), false);
        x_b(e, flag_first ? value : 0); /* the imm16, little-endian: the lower address's byte first */
        x_b(e, flag_first ? 0 : value);
        miss[0] = x_jcc(e, X_CC_NE);
        return 1;
    }
    emit_byte_imm(e, X_CMP, x_m(X_RBX, flag), value);
    miss[0] = x_jcc(e, X_CC_NE);
    emit_byte_imm(e, X_CMP, x_m(X_RBX, HOFF(budget_cycles)), 0);
    miss[1] = x_jcc(e, X_CC_NE);
    return 2;
}

/* The end of an inline retirement of the block at `blk` (a register): its taken exit and timed
 * execution counted, the budget with its flags set for the test that follows. */
static void emit_retire_tail(tr_t *t, bool taken, int blk)
{
    x_emit_t *e = &t->e;
    if (taken)
        x_alu_imm(e, true, X_ADD, x_m(blk, BOFF(taken)), 1);
    x_alu_imm(e, true, X_ADD, x_m(blk, BOFF(timed_execs)), 1);
    x_alu_imm(e, true, X_SUB, x_m(X_RBX, HOFF(budget)), (int32_t)t->b->n_insns); /* flags: the test */
}

/* A timed block's retirement without the timing model, as exec_block_timing makes it when the
 * model left what it costs (hart_t.retire_fast, block_t.retire_gen still the model's generation;
 * a pc to go on at, not a cycle budget): the budget, the taken exit, the timed execution (the
 * block already pending) and its stall cycles, on to the budget's test with its flags set; the
 * jumps to the call of jit_retire in miss[], their number returned (at most 6). -1 when the hart's
 * model has none. */
static int emit_fast_retire(tr_t *t, bool taken, uint64_t next, uint8_t **miss)
{
    x_emit_t *e = &t->e;
    const uint64_t *gen = t->h->retire_gen;
    if (!gen || !next)
        return -1;
    int n = emit_retire_guards(e, HOFF(retire_fast), 1, miss);
    if (next == UINT64_MAX) { /* indirect: h->pc, which must not be 0 (no pc to go on at) */
        x_alu_imm(e, true, X_CMP, x_m(X_RBX, HOFF(pc)), 0);
        miss[n++] = x_jcc(e, X_CC_E);
    }
    emit_block_addr(t, X_RCX);
    x_alu_imm(e, false, X_CMP, x_m(X_RCX, BOFF(pending)), 0);
    miss[n++] = x_jcc(e, X_CC_E);
    x_load(e, true, X_RDX, x_m(X_RBX, HOFF(retire_gen))); /* the hart's own: the code is shared */
    x_load(e, true, X_RDX, x_m(X_RDX, 0));
    x_alu(e, true, X_CMP, X_RDX, x_m(X_RCX, BOFF(retire_gen)));
    miss[n++] = x_jcc(e, X_CC_NE);
    x_load(e, false, X_RDX, x_m(X_RCX, BOFF(retire_stall) + (taken ? 4 : 0)));
    x_alu(e, true, X_ADD, X_RDX, x_m(X_RBX, HOFF(stall_cycles)));
    x_store(e, true, x_m(X_RBX, HOFF(stall_cycles)), X_RDX);
    emit_retire_tail(t, taken, X_RCX);
    return n;
}

/* Does the hart's L1I tag model take its LRU stamps from the L1D's clock (cache_share_clock), which
 * translated code keeps in r14 (memo_regs)? Then a block end stamps its lines from r14. */
static bool clock_shared(const hart_t *h)
{
    return memo_regs(h) && h->l1i_memo && h->l1i_memo->cache &&
           h->l1i_memo->cache->tick == &h->l1d_memo->cache->clock;
}

/* A timed block's retirement on a hart whose core leaves its block end to a machine's L1I memo and
 * a branch predictor (hart_t.memo_retire), as exec_block_timing and the core's block_retired make
 * it when the block's lines are where it found them (block_t.fetch_gen still the memo's
 * generation, read through hart_t.memo_retire_gen, which also says that memo_retire is what the
 * block was translated for and that no cycle budget runs): each line's LRU touch in program order, the predictor's counter of the branch that
 * ends the block moved towards the way it went, the budget, the taken exit and the timed execution
 * (the block already pending), on to the budget's test with its flags set; the jumps to the
 * call of jit_retire in miss[], their number returned (at most 6). -1 when the hart has no such
 * core. */
static int emit_memo_retire(tr_t *t, bool taken, uint64_t next, uint8_t **miss)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    const hart_t *h = t->h;
    unsigned shift = h->l1i_memo ? h->l1i_memo->line_shift : 0;
    if (!h->memo_retire_core || !h->l1i_memo || !h->l1i_memo->cache || !next || b->end_pc == b->pc)
        return -1;
    if (!h->memo_retire_gen[0])
        return -1; /* before hart_update_paths */
    if (memo_regs(h) && h->l1i_memo->cache == h->l1d_memo->cache)
        return -1; /* one tag model: its clock is in r14 (emit_clock_store) */
    uint64_t first = b->fetch_pa >> shift, last = (b->fetch_pa + (b->end_pc - b->pc) - 1) >> shift;
    if (last - first >= BLOCK_MAX_LINES)
        return -1; /* never remembered (mem_fetch_block) */
    /* translated while mispredictions are counted: counts them (MEMO_RETIRE_LAZY) */
    bool lazy = (h->pmu.dyn_interest & h->memo_retire_events) != 0;
    int n = 0;
    if (b->priv != PRIV_M) { /* translated fetches: an I-TLB lookup (never for this block: its context) */
        x_alu_imm(e, false, X_CMP, x_m(X_RBX, HOFF(vm_levels)), 0);
        miss[n++] = x_jcc(e, X_CC_NE);
    }
    /* the generation, while memo_retire is what the block was translated for and no cycle budget
     * runs (hart_t.memo_retire_gen: the hart's own, the code is shared) */
    x_load(e, true, X_RAX,
           x_m(X_RBX, HOFF(memo_retire_gen) + 8 * ((lazy ? MEMO_RETIRE_LAZY : MEMO_RETIRE_PLAIN) - 1)));
    x_load(e, true, X_RDX, x_m(X_RAX, 0));
    emit_block_addr(t, X_R8); /* a block with a fetch_gen is pending (mem_fetch_block) */
    x_alu(e, true, X_CMP, X_RDX, x_m(X_R8, BOFF(fetch_gen)));
    miss[n++] = x_jcc(e, X_CC_NE);
    /* every line is where it was: touched in order, each stamped anew as in emit_touch_age (r8:
     * the block; rax the tag model's clock, rcx its value, or r14 when the L1D's is shared). Only
     * scratch registers: a loop kept in registers retires with its registers in the pool
     * (emit_loop_back). */
    if (clock_shared(h)) { /* the L1D's clock, in r14 */
        for (uint64_t k = 0; k <= last - first; k++) {
            x_load(e, true, X_RDX, x_m(X_R8, BOFF(fetch_age) + 8 * (int32_t)k));
            emit_touch_age(e, X_RDX);
        }
    } else {
        x_load(e, true, X_RAX, x_m(X_RBX, HOFF(imemo_clock)));
        x_load(e, true, X_RCX, x_m(X_RAX, 0));
        for (uint64_t k = 0; k <= last - first; k++) {
            x_load(e, true, X_RDX, x_m(X_R8, BOFF(fetch_age) + 8 * (int32_t)k));
            x_alu_imm(e, true, X_ADD, x_r(X_RCX), 1);
            x_store(e, true, x_m(X_RDX, 0), X_RCX);
        }
        x_store(e, true, x_m(X_RAX, 0), X_RCX);
    }
    if (h->bp_ctr && b->core_word[0] && b->n_insns) { /* a conditional branch ends it (hierarchy.c) */
        /* its counter: the same index on every hart of the machine (one configuration) */
        uint64_t pc = b->pc + b->core_word[1];
        int32_t index = (int32_t)((pc >> 1) & h->bp_mask);
        x_load(e, true, X_RCX, x_m(X_RBX, HOFF(bp_ctr)));
        if (lazy) {
            /* a misprediction counted lazily, without a branch (a test of the counter's
             * saturation would be a host branch as hard to predict as the guest's own): the
             * carry of the compare is 1 for a counter below 2 (predicted not taken), a miss when
             * taken (adc 0 adds it); when not taken a miss is a carry of 0 (sbb -1 adds 1 less
             * the carry) */
            emit_byte_imm(e, X_CMP, x_m(X_RCX, index), 2);
            x_alu_imm(e, true, taken ? X_ADC : X_SBB, x_m(X_RBX, HOFF(pmu.lazy_n[BP_LAZY_MISPREDICT])),
                      taken ? 0 : -1);
        }
        /* without a branch: the carry of the compare is 1 below 3 (taken: add it), 1 at 0 (not
         * taken: add it less 1) */
        emit_byte_imm(e, X_CMP, x_m(X_RCX, index), taken ? 3 : 1);
        emit_byte_imm(e, X_ADC, x_m(X_RCX, index), taken ? 0 : 0xff);
    }
    emit_retire_tail(t, taken, X_R8);
    return n;
}

/* The call of jit_retire for a timed block's retirement, the budget's test's flags set. */
static void emit_retire_call(tr_t *t, bool taken, uint64_t next)
{
    x_emit_t *e = &t->e;
    rc_store_pinned(&t->rc, e); /* hart_t.x complete for the timing model */
    x_mov(e, X_RDI, X_RBX);
    emit_block_addr(t, X_RSI);
    x_mov_imm(e, X_RDX, taken);
    if (next == UINT64_MAX)
        x_load(e, true, X_RCX, x_m(X_RBX, HOFF(pc)));
    else
        x_mov_imm(e, X_RCX, next);
    const core_ext_t *core = t->h->core_ext;
    if (core && core->retire_translated)
        x_mov_imm(e, X_R8,
                  next == UINT64_MAX || !core->retire_hint ? UINT32_MAX
                                                           : core->retire_hint(t->h, t->b, next));
    emit_call(t, core && core->retire_translated ? (const void *)core->retire_translated
                 : core && core->block_retired   ? (const void *)jit_retire_core
                                                 : (const void *)jit_retire);
    x_alu_imm(e, true, X_CMP, x_m(X_RBX, HOFF(budget)), 0);
}

/* The cold part of exit c (cold_exit_t), here: the successor's lookup (from c->lookup, a direct
 * exit), the way back to the executor, the calls after a failed inline retirement and of a first
 * execution, each back to the budget's test. */
static void emit_leave_cold(tr_t *t, cold_exit_t *c)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    if (!c->indirect && !t->shared) {
        x_patch(e, c->lookup, e->p);
        x_mov_imm64(e, X_RCX, (uint64_t)(uintptr_t)&b->succ[c->s]);
        x_load(e, true, X_RCX, x_m(X_RCX, 0));
        x_test(e, true, X_RCX, X_RCX);
        c->out[c->n_out++] = x_jcc(e, X_CC_E);
        x_load(e, true, X_RCX, x_m(X_RCX, BOFF(jit_body)));
        x_test(e, true, X_RCX, X_RCX);
        c->out[c->n_out++] = x_jcc(e, X_CC_E);
        x_mov_imm64(e, X_RDX, (uint64_t)(uintptr_t)(c->site + 4));
        x_mov(e, X_RAX, X_RCX);
        x_alu(e, true, X_SUB, X_RAX, x_r(X_RDX));
        x_store(e, false, x_m(X_RDX, -4), X_RAX);
        x_jmp_reg(e, X_RCX);
    }
    if (c->budget_out) { /* a lone running hart's next turn at once, else out as below */
        x_patch(e, c->budget_out, e->p);
        x_mov(e, X_RDI, X_RBX);
        emit_call(t, (const void *)jit_turn_end);
        x_test_al(e, 0xff); /* a bool: al alone */
        c->out[c->n_out++] = x_jcc(e, X_CC_E);
        if (!b->timed)
            emit_block_addr(t, X_RCX); /* as the count left it (emit_leave) */
        x_patch(e, x_jmp(e), c->budget_on);
    }
    for (int k = 0; k < c->n_out; k++)
        x_patch(e, c->out[k], e->p);
    if (!c->indirect) {
        x_mov_imm(e, X_RAX, c->target);
        x_store(e, true, x_m(X_RBX, HOFF(pc)), X_RAX);
    }
    emit_exit(t, JIT_CHAIN | (c->indirect ? 2u : c->s));
    if (c->n_miss > 0) { /* the inline retirement's tests failed: the call */
        for (int k = 0; k < c->n_miss; k++)
            x_patch(e, c->miss[k], e->p);
        emit_retire_call(t, c->taken, c->next);
        x_patch(e, x_jmp(e), c->budget_test);
    }
    if (c->slow) { /* the block's first execution since the PMU looked */
        x_patch(e, c->slow, e->p);
        rc_store_pinned(&t->rc, e);
        x_mov(e, X_RDI, X_RBX);
        emit_block_addr(t, X_RSI);
        emit_call(t, (const void *)jit_retire_first);
        x_alu_imm(e, true, X_SUB, x_m(X_RBX, HOFF(budget)), (int32_t)b->n_insns);
        if (t->shared)
            emit_block_addr(t, X_RCX); /* as on the hot path (emit_leave); a mov keeps the flags */
        x_patch(e, x_jmp(e), c->budget_test);
    }
}

/* On into the translated code of the block in rcx, if it has any (else to the exit c->out[]):
 * rdx its body; code the harts share notes the block it enters in h->jit_block. */
static void emit_enter_body(tr_t *t, cold_exit_t *c)
{
    x_emit_t *e = &t->e;
    x_load(e, true, X_RDX, x_m(X_RCX, BOFF(jit_body)));
    x_test(e, true, X_RDX, X_RDX);
    c->out[c->n_out++] = x_jcc(e, X_CC_E);
    if (t->shared)
        x_store(e, true, x_m(X_RBX, HOFF(jit_block)), X_RCX);
    x_jmp_reg(e, X_RDX);
}

/* The block retires (exec_retire_block) and control goes on through successor slot s to `target`
 * (indirect: h->pc, already set). The retirement is inline for a block without timing (the budget
 * and the block's own counts, whatever the counters count), else a call of jit_retire (`next`:
 * the timing model's next pc, UINT64_MAX for h->pc). Then, while the budget lasts, straight into the
 * next block's translated code: a direct successor's jump is patched to it the first time it is
 * found (successor links and translated code live until the same flush); an indirect one is
 * looked up in the block cache's hash table; otherwise back to the executor. What runs seldom
 * (emit_leave_cold) is written after the block's hot code. `retired`: a call retired the block
 * already (jit_csr), the rest is the same. */
static void emit_leave_as(tr_t *t, bool taken, uint64_t next, unsigned s, uint64_t target, bool indirect,
                          bool retired)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    assert(t->n_cold < MAX_COLD_EXITS);
    cold_exit_t *c = &t->cold[t->n_cold++];
    *c = (cold_exit_t){
        .taken = taken, .indirect = indirect, .s = s, .next = next, .target = target, .n_miss = -1
    };
    if (retired) { /* by a call (jit_csr): the budget's test, the block in rcx as after a count */
        emit_block_addr(t, X_RCX);
        x_alu_imm(e, true, X_CMP, x_m(X_RBX, HOFF(budget)), 0);
    } else if (!b->timed) {
        /* exec_retire_block inline (lazy counting, whatever the PMU configuration): the budget,
         * the block's taken exits and executions; the first execution since the PMU looked (the
         * count's carry) joins the pending list in jit_retire_first. */
        emit_block_addr(t, X_RCX);
        if (taken)
            x_alu_imm(e, true, X_ADD, x_m(X_RCX, BOFF(taken)), 1);
        x_alu_imm(e, true, X_ADD, x_m(X_RCX, BOFF(execs)), 1);
        c->slow = x_jcc(e, X_CC_E);
        x_alu_imm(e, true, X_SUB, x_m(X_RBX, HOFF(budget)), (int32_t)b->n_insns); /* flags: below */
    } else {
        c->n_miss = emit_fast_retire(t, taken, next, c->miss);
        if (c->n_miss < 0)
            c->n_miss = emit_memo_retire(t, taken, next, c->miss);
        if (c->n_miss < 0)
            emit_retire_call(t, taken, next);
    }
    c->budget_test = e->p;
    if (t->shared) { /* a machine's harts: the platform may give the budget more (emit_leave_cold) */
        c->budget_out = x_jcc(e, X_CC_LE);
        c->budget_on = e->p;
    } else {
        c->out[c->n_out++] = x_jcc(e, X_CC_LE);
    }
    if (!indirect && t->shared) {
        /* Code the harts share is patched for none of them: on through the hart's own link, which
         * is cut as the hart's blocks go (block_cache_drop_vm), to the successor's code. The
         * block is in rcx already after an inline count (and its first execution's call). */
        if (b->timed)
            emit_block_addr(t, X_RCX);
        x_load(e, true, X_RCX, x_m(X_RCX, BOFF(succ) + 8 * (int32_t)s));
        x_test(e, true, X_RCX, X_RCX);
        c->out[c->n_out++] = x_jcc(e, X_CC_E);
        emit_enter_body(t, c);
    } else if (!indirect) {
        c->site = x_jmp(e); /* to the lookup until patched */
        x_patch(e, c->site, e->p);
        block_jit_site(t->h, b, s, c->site); /* unpatched when blocks are dropped (block_cache_drop_vm) */
        c->lookup = x_jmp(e);
    } else {
        x_load(e, true, X_RAX, x_m(X_RBX, HOFF(pc)));
        x_mov(e, X_RDX, X_RAX);
        x_shift_imm(e, true, X_SHR, X_RDX, 1);
        x_alu_imm(e, false, X_AND, x_r(X_RDX), (int32_t)t->h->bc.mask);
        x_shift_imm(e, false, X_SHL, X_RDX, 3);
        x_load(e, true, X_RCX, x_m(X_RBX, (int32_t)(offsetof(hart_t, bc) + offsetof(block_cache_t, table))));
        x_alu(e, true, X_ADD, X_RCX, x_r(X_RDX));
        x_load(e, true, X_RCX, x_m(X_RCX, 0));
        /* the bucket's chain, as block_at walks it: blocks of other address spaces at the same
         * pc (every process's code at the same addresses) come before the one wanted */
        uint8_t *chain = e->p;
        x_test(e, true, X_RCX, X_RCX);
        c->out[c->n_out++] = x_jcc(e, X_CC_E);
        x_alu(e, true, X_CMP, X_RAX, x_m(X_RCX, BOFF(pc)));
        uint8_t *other[2];
        other[0] = x_jcc(e, X_CC_NE);
        x_load(e, false, X_RDX, x_m(X_RCX, BOFF(ctx)));
        x_alu(e, false, X_CMP, X_RDX, x_m(X_RBX, HOFF(ctx)));
        uint8_t *same = x_jcc(e, X_CC_E);
        x_alu(e, false, X_CMP, X_RDX, x_m(X_RBX, HOFF(ctx_g))); /* or global code */
        other[1] = x_jcc(e, X_CC_NE);
        x_patch(e, same, e->p);
        emit_enter_body(t, c);
        x_patch(e, other[0], e->p);
        x_patch(e, other[1], e->p);
        x_load(e, true, X_RCX, x_m(X_RCX, BOFF(hash_next)));
        x_patch(e, x_jmp(e), chain);
    }
    c->rc = t->rc;
}

static void emit_leave(tr_t *t, bool taken, uint64_t next, unsigned s, uint64_t target, bool indirect)
{
    emit_leave_as(t, taken, next, s, target, indirect, false);
}

/* The guest registers instruction d of operation op reads and writes, as a mask of x0..x32; false
 * when a block with it is no loop kept in registers (emit_loop_back): not translated inline alone. */
static bool insn_regs(const tr_t *t, const dinsn_t *d, enum insn_op op, uint64_t *read, uint64_t *written)
{
    uint64_t r1 = 1ull << d->rs1, r2 = 1ull << d->rs2, wd = 1ull << d->rd;
    switch (op) {
    case OP_LD:
    case OP_LWU:
        if (!t->w)
            return false;
        /* fall through */
    case OP_LB:
    case OP_LH:
    case OP_LW:
    case OP_LBU:
    case OP_LHU: *read |= r1, *written |= wd; return true;
    case OP_SD:
        if (!t->w)
            return false;
        /* fall through */
    case OP_SB:
    case OP_SH:
    case OP_SW: *read |= r1 | r2; return true;
    case OP_LUI:
    case OP_AUIPC: *written |= wd; return true;
    case OP_ADDI:
    case OP_XORI:
    case OP_ORI:
    case OP_ANDI:
    case OP_SLTI:
    case OP_SLTIU:
    case OP_SLLI:
    case OP_SRLI:
    case OP_SRAI: *read |= r1, *written |= wd; return true;
    case OP_ADDIW:
    case OP_SLLIW:
    case OP_SRLIW:
    case OP_SRAIW: *read |= r1, *written |= wd; return t->w;
    case OP_ADD:
    case OP_SUB:
    case OP_XOR:
    case OP_OR:
    case OP_AND:
    case OP_SLT:
    case OP_SLTU:
    case OP_SLL:
    case OP_SRL:
    case OP_SRA:
    case OP_MUL:
    case OP_MULH:
    case OP_MULHU:
    case OP_MULHSU: *read |= r1 | r2, *written |= wd; return true;
    case OP_ADDW:
    case OP_SUBW:
    case OP_MULW:
    case OP_SLLW:
    case OP_SRLW:
    case OP_SRAW: *read |= r1 | r2, *written |= wd; return t->w;
    default: return false; /* divisions (a call on timed cores), AMOs, the rest */
    }
}

/* The guest registers each instruction of the block reads, for the choice of the register a new
 * one takes the place of (rc_take): rs1 and rs2 where the operation is not known to read less. */
static void note_reads(tr_t *t)
{
    const block_t *b = t->b;
    for (uint32_t k = 0; k < b->n_insns; k++) {
        const dinsn_t *d = &b->insn[k];
        uint64_t read = 0, written = 0;
        if (!insn_regs(t, d, (enum insn_op)b->info[k].op, &read, &written))
            read = 1ull << d->rs1 | 1ull << d->rs2;
        t->reads[k] = read;
    }
    t->rc.reads = t->reads;
    t->rc.n_reads = b->n_insns;
}

/* A block that branches back to its own start whose registers all fit in the pool: they are
 * loaded once at its start (the loop's entry after them) and stay in their host registers
 * through the whole block, so that the branch back goes on without storing and loading
 * them again (emit_loop_back). Returns the registers written (dirty throughout: an iteration's
 * values are in the host registers whichever way the code was entered); 0 and nothing loaded
 * otherwise. */
static uint64_t emit_loop_regs(tr_t *t)
{
    const block_t *b = t->b;
    uint64_t read = 0, written = 0;
    if (!b->n_insns)
        return 0;
    /* a timed block only where its retirement is likely inline (emit_loop_back): else a call
     * every time, with the registers stored and loaded around it. So on a hart with an L1I memo's
     * retirement (memo_retire), or with fast retirements (retire_fast) for a block the model has
     * left one (block_t.retire_gen, which a core may never set for a block: MicroBlaze V's that
     * end in a BTC lookup) */
    if (b->timed && !t->h->memo_retire && !(t->h->retire_fast && b->retire_gen))
        return 0;
    const dinsn_t *br = &b->insn[b->n_insns - 1];
    enum insn_op op = (enum insn_op)b->info[b->n_insns - 1].op;
    uint64_t xmask = t->w ? UINT64_MAX : UINT32_MAX;
    if (op != OP_BEQ && op != OP_BNE && op != OP_BLT && op != OP_BGE && op != OP_BLTU && op != OP_BGEU)
        return 0;
    if (((b->pc + (uint64_t)(int64_t)br->imm) & xmask) != b->pc)
        return 0;
    read |= 1ull << br->rs1 | (br->rs2 ? 1ull << br->rs2 : 0);
    for (uint32_t k = 0; k + 1 < b->n_insns; k++)
        if (!insn_regs(t, &b->insn[k], (enum insn_op)b->info[k].op, &read, &written))
            return 0;
    uint64_t all = read | written, pinned = 0;
    for (unsigned i = 0; i < t->rc.n; i++)
        if (t->rc.pinned & (1u << i))
            pinned |= 1ull << t->rc.s.guest[i];
    if ((unsigned)__builtin_popcountll(all & ~pinned) > t->rc.n - (unsigned)__builtin_popcount(t->rc.pinned))
        return 0;
    for (int g = 0; g <= 32; g++)
        if (all & (1ull << g))
            (void)rc_use(&t->rc, &t->e, g);
    for (unsigned i = 0; i < t->rc.n; i++)
        if (t->rc.s.guest[i] >= 0 && (written & (1ull << t->rc.s.guest[i])))
            t->rc.s.dirty |= (uint8_t)(1u << i);
    rc_next(&t->rc);
    return written | 1; /* never 0 */
}

/* The taken branch of a block kept in registers (emit_loop_regs) back to its start: its
 * retirement as emit_leave makes it inline, then, while the budget lasts, on at loop_entry with
 * the registers where they are; else they are stored and the block leaves as emit_leave does. A
 * timed block's inline retirement whose tests fail calls jit_retire with the registers stored
 * around the call; one with no inline retirement at all (a call every time: nothing to gain from
 * the registers kept) leaves through emit_leave with them written back. */
static void emit_loop_back(tr_t *t, uint8_t *loop_entry)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    reg_state_t regs = t->rc.s;
    uint64_t next = b->pc | 1; /* the timing model's next pc: its own start, taken */
    uint8_t *slow = NULL, *miss[8];
    int n_miss = 0;
    if (!b->timed) {
        emit_block_addr(t, X_RCX);
        x_alu_imm(e, true, X_ADD, x_m(X_RCX, BOFF(taken)), 1);
        x_alu_imm(e, true, X_ADD, x_m(X_RCX, BOFF(execs)), 1);
        slow = x_jcc(e, X_CC_E);
        x_alu_imm(e, true, X_SUB, x_m(X_RBX, HOFF(budget)), (int32_t)b->n_insns); /* flags: below */
    } else {
        n_miss = emit_fast_retire(t, true, next, miss); /* nothing emitted when -1 */
        if (n_miss < 0)
            n_miss = emit_memo_retire(t, true, next, miss);
        if (n_miss < 0) {
            rc_write_back_chain(&t->rc, e);
            emit_leave(t, true, next, 0, b->pc, false);
            return;
        }
    }
    uint8_t *budget_test = e->p;
    uint8_t *out = x_jcc(e, X_CC_LE);
    x_patch(e, x_jmp(e), loop_entry);
    x_patch(e, out, e->p);
    rc_store_state(&t->rc, e, &regs);
    x_mov_imm(e, X_RAX, b->pc);
    x_store(e, true, x_m(X_RBX, HOFF(pc)), X_RAX);
    emit_exit(t, JIT_CHAIN | 0u);
    if (n_miss > 0) { /* the inline retirement's tests failed: the call, the registers around it */
        for (int k = 0; k < n_miss; k++)
            x_patch(e, miss[k], e->p);
        rc_store_state(&t->rc, e, &regs);
        emit_retire_call(t, true, next);
        rc_load_state(&t->rc, e, &regs);
        x_alu_imm(e, true, X_CMP, x_m(X_RBX, HOFF(budget)), 0);
        x_patch(e, x_jmp(e), budget_test);
    }
    if (slow) { /* the block's first execution since the PMU looked: a call, the registers around it */
        x_patch(e, slow, e->p);
        rc_store_state(&t->rc, e, &regs);
        x_mov(e, X_RDI, X_RBX);
        emit_block_addr(t, X_RSI);
        emit_call(t, (const void *)jit_retire_first);
        rc_load_state(&t->rc, e, &regs);
        x_alu_imm(e, true, X_SUB, x_m(X_RBX, HOFF(budget)), (int32_t)b->n_insns);
        x_patch(e, x_jmp(e), budget_test);
    }
}

/* rd = the return address of the jump ending the block (hart_t.x written back but for the
 * pinned registers) */
static void emit_link(tr_t *t, int rd)
{
    int i = rc_slot_of(&t->rc, rd);
    if (i >= 0 && (t->rc.pinned & (1u << i))) {
        x_mov_imm(&t->e, t->rc.host[i], t->b->end_pc);
        return;
    }
    x_mov_imm(&t->e, X_RAX, t->b->end_pc);
    x_store(&t->e, true, x_m(X_RBX, HX(rd)), X_RAX);
}

static void emit_terminator(tr_t *t, uint32_t k, enum insn_op op)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    const dinsn_t *d = &b->insn[k];
    uint64_t xmask = t->w ? UINT64_MAX : UINT32_MAX;
    uint64_t target = (b->pc + (uint64_t)(int64_t)d->imm) & xmask;
    reg_cache_t *rc = &t->rc;
    switch (op) {
    case OP_JAL:
        rc_write_back_chain(rc, e); /* then rd: the pool's copy of it (if any) is not used again */
        emit_link(t, d->rd);
        emit_leave(t, false, target, 0, target, false);
        break;
    case OP_JALR:
        x_mov(e, X_RAX, rc_use(rc, e, d->rs1));
        x_alu_imm(e, t->w, X_ADD, x_r(X_RAX), d->imm);
        x_alu_imm(e, t->w, X_AND, x_r(X_RAX), -2);
        x_store(e, true, x_m(X_RBX, HOFF(pc)), X_RAX);
        rc_write_back_chain(rc, e);
        emit_link(t, d->rd);
        emit_leave(t, false, UINT64_MAX, 0, 0, true);
        break;
    case OP_BEQ:
    case OP_BNE:
    case OP_BLT:
    case OP_BGE:
    case OP_BLTU:
    case OP_BGEU: {
        static const enum x_cc cc[] = { [OP_BEQ] = X_CC_E,  [OP_BNE] = X_CC_NE, [OP_BLT] = X_CC_L,
                                        [OP_BGE] = X_CC_GE, [OP_BLTU] = X_CC_B, [OP_BGEU] = X_CC_AE };
        int s1 = rc_use(rc, e, d->rs1);
        if (d->rs2 == 0) { /* test: the flags of a compare with 0 (CF and OF clear) */
            x_test(e, t->w, s1, s1);
        } else {
            int s2 = rc_use(rc, e, d->rs2);
            x_alu(e, t->w, X_CMP, s1, x_r(s2));
        }
        reg_state_t regs = rc->s;
        if (!t->loop_entry)
            rc_write_back_chain(rc, e); /* moves: the flags stay */
        uint8_t *taken = x_jcc(e, cc[op]);
        if (t->loop_entry)
            rc_write_back_chain(rc, e); /* kept in registers on the way back (emit_loop_back) */
        emit_leave(t, false, b->end_pc, 1, b->end_pc, false);
        x_patch(e, taken, e->p);
        if (t->loop_entry) {
            rc->s = regs;
            emit_loop_back(t, t->loop_entry);
        } else {
            emit_leave(t, true, target | 1, 0, target, false);
        }
        break;
    }
    default: /* the sentinel after a block cut short */
        rc_write_back_chain(rc, e);
        emit_leave(t, false, b->end_pc, 1, b->end_pc, false);
        break;
    }
}

/* Is the CSR instruction that ends block b translated (emit_csr)? Not in a timed block: its
 * retirement goes through the model (emit_retire_call), which jit_csr does not call. */
static bool csr_translated(const tr_t *t, enum insn_op op)
{
    switch (op) {
    case OP_CSRRW:
    case OP_CSRRS:
    case OP_CSRRC:
    case OP_CSRRWI:
    case OP_CSRRSI:
    case OP_CSRRCI: return !t->b->timed;
    default: return false;
    }
}

/* A CSR instruction that ends the block (csr_translated): a call of jit_csr, then on to the
 * fall-through successor in translated code as after any block, instead of a return to the
 * interpreter for each (an OS's interrupt masking and unmasking, sstatus.SIE, ends many blocks). */
static void emit_csr(tr_t *t, uint32_t k)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    rc_write_back(&t->rc, e); /* rs1, and every register, in hart_t.x for the call */
    x_mov(e, X_RDI, X_RBX);
    emit_block_addr(t, X_RSI);
    x_mov_imm(e, X_RDX, k);
    emit_call(t, (const void *)jit_csr);
    rc_forget(&t->rc, e); /* the pinned registers again: rd may be one */
    x_alu_imm(e, false, X_CMP, x_r(X_RAX), JIT_CSR_ON);
    uint8_t *other = x_jcc(e, X_CC_NE);
    reg_state_t after = t->rc.s;
    emit_leave_as(t, false, b->end_pc, 1, b->end_pc, false, true);
    x_patch(e, other, e->p);
    t->rc.s = after;
    x_alu_imm(e, false, X_CMP, x_r(X_RAX), JIT_CSR_TRAP);
    uint8_t *trap = x_jcc(e, X_CC_E);
    emit_exit(t, JIT_DONE);
    x_patch(e, trap, e->p);
    emit_exit(t, JIT_CONT | k); /* the interpreter raises the illegal instruction */
}

/* Is the wfi that ends block b translated (emit_wfi)? Not in a timed block (its retirement goes
 * through the model, as the interpreter's), nor in a U-mode block of a hart with S-mode, where
 * every wfi traps (exec_template.h). */
static bool wfi_translated(const tr_t *t)
{
    const block_t *b = t->b;
    return !b->timed && !(b->priv == PRIV_U && (t->h->isa & ISA_EXT_S));
}

/* A wfi that ends the block (wfi_translated), as the interpreter's: a nop while an interrupt is
 * pending and enabled in mie, whatever mstatus.MIE (sys_wfi), or always on a core whose wfi is
 * one: the block retires and goes on at its end as after a jump there, in translated code (a
 * firmware's wait loop around a wfi that returns at once: OpenSBI's secondary harts spin in
 * sbi_hsm_hart_wait with MSIP pending). Anything else, a trap (mstatus.TW below M-mode) or a
 * wait, leaves for the interpreter at the wfi. */
static void emit_wfi(tr_t *t, uint32_t k)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    uint8_t *out[2] = { NULL, NULL };
    rc_write_back_chain(&t->rc, e);
    if (b->priv != PRIV_M) { /* TW */
        x_load(e, true, X_RAX, x_m(X_RBX, HOFF(csr.mstatus)));
        x_shift_imm(e, true, X_SHR, X_RAX, 21);
        x_test_al(e, 1);
        out[0] = x_jcc(e, X_CC_NE);
    }
    if (!t->h->wfi_is_nop) {
        x_load(e, true, X_RAX, x_m(X_RBX, HOFF(csr.mip)));
        x_alu(e, true, X_AND, X_RAX, x_m(X_RBX, HOFF(csr.mie)));
        out[1] = x_jcc(e, X_CC_E);
    }
    reg_state_t before = t->rc.s;
    if (!t->h->wfi_is_nop && hart_spin_possible(t->h)) { /* a loop around it may spin (cpu/spin.h) */
        rc_store_pinned(&t->rc, e);
        x_mov(e, X_RDI, X_RBX);
        x_mov_imm(e, X_RSI, b->end_pc);
        x_mov_imm(e, X_RDX, b->n_insns);
        emit_call(t, (const void *)hart_spin_seen);
        rc_forget(&t->rc, e);
    }
    emit_leave(t, false, b->end_pc, 1, b->end_pc, false);
    t->rc.s = before;
    if (!out[0] && !out[1])
        return;
    x_patch(e, out[0], e->p);
    x_patch(e, out[1], e->p);
    emit_exit(t, JIT_CONT | k);
}

static bool is_translated_terminator(enum insn_op op)
{
    switch (op) {
    case OP_JAL:
    case OP_JALR:
    case OP_BEQ:
    case OP_BNE:
    case OP_BLT:
    case OP_BGE:
    case OP_BLTU:
    case OP_BGEU:
    case OP_BLOCK_END: return true;
    default: return false;
    }
}

/* The fast TLB's entry at `entry` (hart_t.ftlb[0] loads, [1] stores) for the access of `size`
 * bytes at rax: rdx its delta (rax + rdx: a load's host address, a store's offset in main RAM);
 * miss[0] jumps when the page is not there or the access is misaligned (its low bits, kept in the
 * compared tag, are never in an entry's), miss[1] is NULL. key_zero: the key is zero whenever the
 * code runs (ftlb_key_zero), and the tag is compared without it. The tag is rotated (FTLB_TAG):
 * its second byte, ch, is the index. */
static void emit_ftlb_lookup(x_emit_t *e, int32_t entry, unsigned size, bool key_zero, uint8_t *miss[2])
{
    x_mov(e, X_RCX, X_RAX);
    emit_ftlb_lookup_rcx(e, entry, size, key_zero, miss);
}

/* The same with the address in rcx (rax not read). */
static void emit_ftlb_lookup_rcx(x_emit_t *e, int32_t entry, unsigned size, bool key_zero, uint8_t *miss[2])
{
    x_alu_imm(e, true, X_AND, x_r(X_RCX), (int32_t)(~0xfffu | (size - 1)));
    if (!key_zero)
        x_alu(e, true, X_OR, X_RCX, x_m(X_RBX, HOFF(ftlb_key)));
    x_shift_imm(e, true, X_ROR, X_RCX, 4); /* FTLB_TAG */
    x_movzx_high8(e, X_RDX, X_RCX);        /* the index, vpn % 256 */
    x_alu(e, true, X_CMP, X_RCX, x_misd(X_RBX, X_RDX, 3, entry + (int32_t)offsetof(struct ftlb, tag)));
    miss[0] = x_jcc(e, X_CC_NE);
    miss[1] = NULL;
    x_load(e, true, X_RDX, x_misd(X_RBX, X_RDX, 3, entry + (int32_t)offsetof(struct ftlb, delta)));
}

/* A load or store off the main-RAM window (rax: the address): the fast TLB's entry for its page
 * (hart_t.ftlb, as the interpreter's FTLB_HIT) gives rdx, the offset in main RAM, and the inline
 * access goes on with it (a store still tests the store watch); else on to the helper call that
 * follows. */
static void emit_ftlb(tr_t *t, const slow_path_t *s)
{
    x_emit_t *e = &t->e;
    uint8_t *miss[2];
    emit_ftlb_lookup(e, ftlb_entry(s), s->size, ftlb_key_zero(t->b), miss);
    x_alu(e, true, X_ADD, X_RDX, x_r(X_RAX));
    if (s->kind == SLOW_LOAD)
        x_alu(e, true, X_SUB, X_RDX, x_r(X_R12)); /* the access's host address less the RAM's */
    /* a store whose inline path tests no watch bit (watch_in_tag): tested here, a watched
     * granule goes on to the helper */
    uint8_t *watched = s->watch_in_tag ? emit_watched_granule_test(e) : NULL;
    if (s->addr_access) { /* the access is made from rax: the offset's address (memo_access) */
        x_mov(e, X_RAX, X_RDX);
        x_alu_imm(e, true, X_SUB, x_r(X_RAX), (int32_t) - (int64_t)t->h->ram_base);
    }
    x_patch(e, x_jmp(e), s->access);
    x_patch(e, miss[0], e->p);
    if (miss[1])
        x_patch(e, miss[1], e->p);
    if (watched)
        x_patch(e, watched, e->p);
}

/* Flags E when the D-side memo's fast entry (hart_t.memo_fast, at `fast`, or loaded there from
 * the hart when `load`) has the tag at `tag` (l1_memo_fast's load_tag or store_tag) of the access
 * of `size` bytes at rax: rcx = the line's address, with the low bits of a misaligned access (no
 * tag has them); r8 = the entry's offset in the table. No entry has a tag while the memo's hits
 * need a call. */
static void emit_memo_tag_cmp(tr_t *t, int fast, int32_t tag, unsigned size, bool load)
{
    x_emit_t *e = &t->e;
    const l1_memo_t *m = t->h->l1d_memo;
    x_mov(e, X_RCX, X_RAX);
    x_alu_imm(e, true, X_AND, x_r(X_RCX), (int32_t)(~((1u << m->line_shift) - 1) | (size - 1)));
    x_mov(e, X_R8, X_RAX);
    if (m->line_shift > 6)
        x_shift_imm(e, true, X_SHR, X_R8, m->line_shift - 6);
    else if (m->line_shift < 6)
        x_shift_imm(e, true, X_SHL, X_R8, 6 - m->line_shift);
    _Static_assert(sizeof(struct l1_memo_fast) == 64, "entries of 64 bytes");
    x_alu_imm(e, false, X_AND, x_r(X_R8), (L1_MEMO_ENTRIES - 1) << 6);
    if (load)
        x_load(e, true, fast, x_m(X_RBX, HOFF(memo_fast)));
    x_alu(e, true, X_CMP, X_RCX, x_mid(fast, X_R8, tag));
}

/* rdx = the offset in main RAM of the access at rax; the jump returned is taken unless the
 * memo's hits may be made inline there (hart_t.memo_size: 0 unless memo_direct). */
static uint8_t *emit_memo_window(tr_t *t)
{
    x_emit_t *e = &t->e;
    x_mov(e, X_RDX, X_RAX);
    emit_sub_ram_base(t, X_RDX);
    x_alu(e, true, X_CMP, X_RDX, x_m(X_RBX, HOFF(memo_size)));
    return x_jcc(e, X_CC_AE);
}

/* emit_memo_window, then the access's alignment: out[0] is taken outside the window, out[1]
 * (NULL for a byte) for an access of `size` bytes at rax not aligned to its size. */
static void emit_memo_window_aligned(tr_t *t, unsigned size, uint8_t *out[2])
{
    out[0] = emit_memo_window(t);
    out[1] = NULL;
    if (size > 1) {
        x_test_al(&t->e, (uint8_t)(size - 1));
        out[1] = x_jcc(&t->e, X_CC_NE);
    }
}

/* Flags E while the hart's D-side memo's writes are not counted (l1_memo_t.writes_counted). r9
 * and rcx scratch. */
static void emit_writes_counted_test(x_emit_t *e)
{
    x_load(e, true, X_R9, x_m(X_RBX, HOFF(l1d_memo)));
    x_movx(e, false, 0x0fb6, X_RCX, x_m(X_R9, (int32_t)offsetof(l1_memo_t, writes_counted)));
    x_test(e, false, X_RCX, X_RCX);
}

/* Flags E when the D-side memo of a hart whose memo keeps no replacement state (l1_memo_t.cache
 * NULL) holds the line of the address in rax (writable, for a store). r8, r9 and rcx scratch. */
static void emit_memo_lookup(tr_t *t, bool store)
{
    x_emit_t *e = &t->e;
    const l1_memo_t *m = t->h->l1d_memo;
    /* r8 = the entry's offset in the memo, then the entry less the slot (and the writable bit,
     * for a load); rcx = what it must be */
    x_mov(e, X_R8, X_RAX);
    if (m->line_shift >= 3) {
        x_shift_imm(e, true, X_SHR, X_R8, m->line_shift - 3);
        x_alu_imm(e, false, X_AND, x_r(X_R8), (L1_MEMO_ENTRIES - 1) << 3);
    } else {
        x_shift_imm(e, true, X_SHR, X_R8, m->line_shift);
        x_alu_imm(e, false, X_AND, x_r(X_R8), L1_MEMO_ENTRIES - 1);
        x_shift_imm(e, true, X_SHL, X_R8, 3);
    }
    x_load(e, true, X_R9, x_m(X_RBX, HOFF(l1d_memo))); /* the hart's own: the code is shared */
    x_load(e, true, X_R8, x_mi(X_R9, X_R8));
    x_alu_imm(e, true, X_AND, x_r(X_R8), (int32_t) ~(L1_MEMO_SLOT_MASK | (store ? 0 : L1_MEMO_WRITABLE)));
    x_mov(e, X_RCX, X_RAX);
    x_shift_imm(e, true, X_SHR, X_RCX, m->line_shift);
    x_shift_imm(e, true, X_SHL, X_RCX, 12);
    x_alu_imm(e, true, X_OR, x_r(X_RCX), (int32_t)(L1_MEMO_VALID | (store ? L1_MEMO_WRITABLE : 0)));
    x_alu(e, true, X_CMP, X_R8, x_r(X_RCX));
}

/* The same hart's loads and stores (MicroBlaze V's D-cache: a core that sees every access, so the
 * main-RAM window is closed to them for good), in the access's own path instead of the window's
 * test: while the memo's hits need no call (memo_size, memo_direct), an aligned main-RAM access
 * whose line the memo holds is a hit, made inline (mem_load_slow and mem_store_slow, without the
 * calls); so is any store of a memo with writes_free while its writes are not counted. A load
 * finds its line by its load tag, a store whose misses are counted by its store tag (memo_fast:
 * one compare proves the line held, the access aligned and in main RAM). Anything else goes to
 * the stub (emit_memo: a write miss counted there, the fast TLB, the helper). rax: the address. */
static void emit_memo_inline(tr_t *t, slow_path_t *s, unsigned size)
{
    x_emit_t *e = &t->e;
    const l1_memo_t *m = t->h->l1d_memo;
    bool store = s->kind == SLOW_STORE;
    uint8_t *hit = NULL;
    if (!store) { /* the line's load tag (memo_fast), which none has while hits need a call */
        emit_memo_tag_cmp(t, X_R9, (int32_t)offsetof(struct l1_memo_fast, load_tag), size, true);
        s->from[0] = x_jcc(e, X_CC_NE);
        s->from[1] = s->from[2] = NULL;
        s->addr_access = memo_addr_access(t->h); /* else rdx = the offset in main RAM */
        if (!s->addr_access) {
            x_mov(e, X_RDX, X_RAX);
            emit_sub_ram_base(t, X_RDX);
        }
        return;
    }
    uint8_t *free_write = NULL;
    if (m->writes_free) {
        /* while the model must see the write misses: the line's store tag (memo_fast) proves it
         * held, the store aligned and in main RAM; a miss goes to the stub, which counts it */
        emit_writes_counted_test(e);
        free_write = x_jcc(e, X_CC_E);
        emit_memo_tag_cmp(t, X_R9, (int32_t)offsetof(struct l1_memo_fast, store_tag), size, true);
        s->from[2] = x_jcc(e, X_CC_NE);
        s->store_tag = true;
        x_mov(e, X_RDX, X_RAX);
        emit_sub_ram_base(t, X_RDX);
        hit = x_jmp(e);
        x_patch(e, free_write, e->p); /* else every write is a hit the model need not see */
    }
    emit_memo_window_aligned(t, size, s->from); /* from[0], from[1] */
    if (!free_write) {
        emit_memo_lookup(t, store);
        s->from[2] = x_jcc(e, X_CC_NE);
    }
    if (hit)
        x_patch(e, hit, e->p);
}

/* A store whose store tag emit_memo_inline compared, of a complete memo whose write misses
 * translated code counts: a miss in the window and aligned is a miss of the cache, counted
 * straight away in the stub (emit_memo). */
static bool write_miss_direct(const tr_t *t, const slow_path_t *s)
{
    return s->store_tag && s->size && t->h->l1d_memo->complete;
}

/* The stub of a load or store of a hart whose D-side memo keeps no replacement state, after
 * emit_memo_inline sent it there: a hit (the memo changed since, say) goes back to the access
 * (rdx: the offset in main RAM); a write miss of a complete memo whose writes are counted is
 * counted where it happens (pmu_t.lazy_n: it takes back the hit its store presumed when the
 * counters are next looked at) and made inline too; anything else goes on to the fast TLB and
 * the helper. rax: the address. */
static void emit_memo(tr_t *t, const slow_path_t *s)
{
    x_emit_t *e = &t->e;
    const l1_memo_t *m = t->h->l1d_memo;
    bool store = s->kind == SLOW_STORE;
    if (!m || m->cache || (s->kind != SLOW_LOAD && !store))
        return;
    uint8_t *outside[2]; /* memo_size is 0 unless memo_direct */
    emit_memo_window_aligned(t, s->size, outside);
    if (store && m->writes_free) {
        emit_writes_counted_test(e);
        x_patch(e, x_jcc(e, X_CC_E), s->access);
    }
    emit_memo_lookup(t, store);
    x_patch(e, x_jcc(e, X_CC_E), s->access); /* rdx: the offset in main RAM */
    if (!store) { /* a read miss: while the core sees it directly (no debugger), the core's call alone */
        x_movx(e, false, 0x0fb6, X_RCX, x_m(X_RBX, HOFF(core_direct)));
        x_test(e, false, X_RCX, X_RCX);
        uint8_t *not_direct = x_jcc(e, X_CC_E);
        x_alu_imm(e, true, X_CMP, x_m(X_RBX, HOFF(debug)), 0);
        uint8_t *debugged = x_jcc(e, X_CC_NE);
        x_mov(e, X_RDI, X_RBX);
        x_mov(e, X_RSI, X_RAX);
        x_mov_imm(e, X_RDX, s->size);
        emit_call(t, (const void *)jit_load_core);
        rc_load_state(&t->rc, e, &t->rc.s); /* the pool as the inline access has it */
        emit_addr(t, &t->b->insn[s->k]);    /* rax: the address again, rdx its offset */
        x_mov(e, X_RDX, X_RAX);
        emit_sub_ram_base(t, X_RDX);
        x_patch(e, x_jmp(e), s->access);
        x_patch(e, not_direct, e->p);
        x_patch(e, debugged, e->p);
    }
    uint8_t *outside_tag[2] = { NULL, NULL };
    if (write_miss_direct(t, s)) {
        /* emit_memo_inline's store tag missed: in the window (which holds the tags while it is
         * open) and aligned, the line is not held, a write miss */
        uint8_t *over = x_jmp(e);
        x_patch(e, s->from[2], e->p);
        rc_store_state(&t->rc, e, &s->before); /* what the stub's start stores */
        emit_memo_window_aligned(t, s->size, outside_tag);
        x_patch(e, over, e->p);
    }
    if (store && m->writes_free && m->complete) {
        uint8_t *watched = emit_watched_granule_test(e); /* the helper's: code, tohost */
        x_alu_imm(e, true, X_ADD, x_m(X_RBX, HOFF(pmu.lazy_n[L1_MEMO_WRITE_MISS_KIND])), 1);
        x_patch(e, x_jmp(e), s->access);
        x_patch(e, watched, e->p);
    }
    for (int k = 0; k < 2; k++) {
        if (outside[k])
            x_patch(e, outside[k], e->p);
        if (outside_tag[k])
            x_patch(e, outside_tag[k], e->p);
    }
}

/* The stub of a store of a hart whose memo keeps replacement state (emit_memo_check), made from
 * its address: a line the memo holds for loads but not for stores (its load tag, not its store
 * tag), if held exclusive and clean, becomes modified without the slow path (jit_store_upgrade:
 * as the model's store hit, no traffic; 58 % of p8700's slow stores on coremark-big), and the store
 * is made inline. Anything else goes on to the fast TLB and the helper. rax: the address. */
static void emit_memo_upgrade(tr_t *t, const slow_path_t *s)
{
    x_emit_t *e = &t->e;
    const l1_memo_t *m = t->h->l1d_memo;
    if (s->kind != SLOW_STORE || !memo_regs(t->h) || !m->upgrade || !s->addr_access || s->ftlb_inline)
        return;
    emit_memo_tag_cmp(t, X_R13, (int32_t)offsetof(struct l1_memo_fast, load_tag), s->size, false);
    uint8_t *not_held = x_jcc(e, X_CC_NE);
    x_mov(e, X_RDI, X_RBX);
    x_mov(e, X_RSI, X_RAX);
    emit_call(t, (const void *)jit_store_upgrade);
    x_test(e, false, X_RAX, X_RAX);
    rc_load_state(&t->rc, e, &t->rc.s); /* the pool as the inline access has it (moves: flags stay) */
    emit_addr(t, &t->b->insn[s->k]);    /* rax: the address again (no flags) */
    x_patch(e, x_jcc(e, X_CC_NE), s->access);
    x_patch(e, not_held, e->p);
}

/* The stub of a load or store of a hart whose core logs the accesses' addresses (hart_t
 * addr_log_end, VeeR EL2's timing model): while addr_log_size is not 0, an aligned main-RAM
 * access (a store not to a watched granule) appends its address to the log, which is all the
 * core's data_access would do with it (addr_log_ram), and goes back to the access (rdx: the offset in main RAM);
 * anything else, and a full log, goes on to the helper. rax: the address. */
static void emit_addr_log(tr_t *t, const slow_path_t *s)
{
    x_emit_t *e = &t->e;
    bool store = s->kind == SLOW_STORE;
    if (!t->h->addr_log_ram || s->ftlb_inline || (s->kind != SLOW_LOAD && !store))
        return;
    x_mov(e, X_RDX, X_RAX);
    emit_sub_ram_base(t, X_RDX);
    x_alu(e, true, X_CMP, X_RDX, x_m(X_RBX, HOFF(addr_log_size))); /* 0: not logged inline */
    uint8_t *outside = x_jcc(e, X_CC_AE), *misaligned = NULL, *watched = NULL;
    if (s->size > 1) {
        x_test_al(e, (uint8_t)(s->size - 1));
        misaligned = x_jcc(e, X_CC_NE);
    }
    if (store)
        watched = emit_watched_granule_test(e); /* the helper's: code, tohost */
    x_load(e, true, X_RCX, x_m(X_RBX, HOFF(addr_log_next)));
    x_alu(e, true, X_CMP, X_RCX, x_m(X_RBX, HOFF(addr_log_end)));
    uint8_t *full = x_jcc(e, X_CC_AE);
    x_store(e, false, x_m(X_RCX, 0), X_RAX);
    x_alu_imm(e, true, X_ADD, x_r(X_RCX), 4);
    x_store(e, true, x_m(X_RBX, HOFF(addr_log_next)), X_RCX);
    x_patch(e, x_jmp(e), s->access);
    x_patch(e, outside, e->p);
    x_patch(e, full, e->p);
    if (misaligned)
        x_patch(e, misaligned, e->p);
    if (watched)
        x_patch(e, watched, e->p);
}

/* A load or store of a hart whose D-side memo keeps replacement state (l1_memo_t.cache: an L1 of
 * a machine's memory model, p8700's coherence manager, which sees every access: the main-RAM
 * window is closed to them for good, machine.c's observe_mem), in the access's own path instead
 * of the window's test: while the memo's hits need no call (memo_size, memo_direct), an aligned
 * main-RAM access whose line the memo holds (writable, for a store) is a hit (l1_memo_hit): the
 * line's LRU position is touched and the access goes on inline with rdx, its offset in main RAM.
 * Anything else goes to the stub (the fast TLB, the helper). rax: the address. */
static void emit_memo_check(tr_t *t, slow_path_t *s, unsigned size)
{
    x_emit_t *e = &t->e;
    const l1_memo_t *m = t->h->l1d_memo;
    bool store = s->kind == SLOW_STORE;
    /* rdx = the offset in main RAM, which a tag found proves the access is in (memo_fast); none
     * where the access can be made from the address itself (memo_addr_access) */
    s->addr_access = memo_addr_access(t->h);
    s->watch_in_tag = store && m->watch && m->watch == t->h->store_watch;
    if (!s->addr_access) {
        x_mov(e, X_RDX, X_RAX);
        emit_sub_ram_base(t, X_RDX);
    }
    /* the tag, in r13: the hart's memo_fast (emit_block: the code is shared) */
    emit_memo_tag_cmp(
        t, X_R13,
        (int32_t)(store ? offsetof(struct l1_memo_fast, store_tag) : offsetof(struct l1_memo_fast, load_tag)),
        size, false);
    s->from[0] = x_jcc(e, X_CC_NE);
    s->from[1] = NULL;
    /* a hit: rcx = the line's LRU stamp */
    x_load(e, true, X_RCX, x_mid(X_R13, X_R8, (int32_t)offsetof(struct l1_memo_fast, age)));
    emit_touch_age(e, X_RCX);
}

static bool emit_block(tr_t *t)
{
    x_emit_t *e = &t->e;
    block_t *b = t->b;
    x_push(e, X_RBX);
    x_push(e, X_R12);
    x_push(e, X_R13);
    x_push(e, X_R14);
    x_push(e, X_R15);
    x_mov(e, X_RBX, X_RDI);
    x_load(e, true, X_R12, x_m(X_RBX, HOFF(ram)));
    x_load(e, true, X_R15, x_m(X_RBX, HOFF(store_watch)));
    reg_pool_init(t);
    x_push(e, X_RBP);                         /* a pinned or pool register */
    x_alu_imm(e, true, X_SUB, x_r(X_RSP), 8); /* calls: the stack 16-byte aligned */
    if (pin_regs(t->h)) {
        for (unsigned i = 0; i < sizeof pinned_host; i++)
            x_load(e, true, pinned_host[i], rc_home(&t->rc, pinned_guest[i]));
    } else if (memo_regs(t->h)) {
        x_load(e, true, X_R13, x_m(X_RBX, HOFF(memo_fast)));
        emit_clock_load(t);
    } else {
        x_load(e, true, X_R14, x_m(X_RBX, HOFF(ram_base)));
    }
    uint8_t *to_body = x_jmp(e); /* the entry is cold code: on to the body, in the hot region */
    emit_swap_region(t);
    uint8_t *body = e->p;
    x_patch(e, to_body, body);
    note_reads(t);
    if (emit_loop_regs(t))
        t->loop_entry = e->p;
    uint32_t k = 0;
    for (; k <= b->n_insns; k++) {
        rc_next(&t->rc);
        t->rc.at = k;
        /* the terminator: the last instruction, or the sentinel after a block cut short */
        enum insn_op op = (enum insn_op)b->info[k].op; /* k == n_insns: only after a cut-short block */
        if (op == OP_WFI && k < b->n_insns && wfi_translated(t)) {
            emit_wfi(t, k);
            k = b->n_insns + 1;
            break;
        }
        if (k + 1 == b->n_insns && csr_translated(t, op)) {
            emit_csr(t, k);
            k = b->n_insns + 1;
            break;
        }
        if (is_translated_terminator(op)) {
            emit_terminator(t, k, op);
            k = b->n_insns + 1;
            break;
        }
        if (!emit_insn(t, k))
            break;
    }
    if (k == 0)
        return false; /* nothing to translate */
    if (k <= b->n_insns) {
        rc_write_back(&t->rc, e);
        emit_exit(t, JIT_CONT | k); /* the interpreter runs the rest */
    }
    emit_swap_region(t);                       /* the rest in the cold region, after the entry */
    for (unsigned j = 0; j < t->n_cold; j++) { /* cold_exit_t */
        t->rc = t->cold[j].rc;
        emit_leave_cold(t, &t->cold[j]);
    }
    for (unsigned j = 0; j < t->n_slow; j++) {
        slow_path_t *s = &t->slow[j];
        x_patch(e, s->from[0], e->p);
        x_patch(e, s->from[1], e->p);
        if (!write_miss_direct(t, s))
            x_patch(e, s->from[2], e->p);
        /* h->x as the interpreter has it before instruction k; the pool as it was (the inline
         * access, s->access, goes on with it) */
        rc_store_state(&t->rc, e, &s->before);
        t->rc.s = s->before;
        t->rc.s.dirty = 0;
        rc_next(&t->rc);
        if (s->addr_in_stub) { /* rax = the address, from h->x as it is before instruction k */
            const dinsn_t *d = &b->insn[s->k];
            x_load(e, t->w, X_RAX, rc_home(&t->rc, d->rs1));
            if (d->imm)
                x_alu_imm(e, t->w, X_ADD, x_r(X_RAX), d->imm);
        }
        if (s->kind == SLOW_DIV) {
            emit_div_by_zero(t, s);
            x_mov(e, X_RDI, X_RBX);
            emit_block_addr(t, X_RSI);
            x_mov_imm(e, X_RDX, s->k);
            emit_call(t, (const void *)jit_divrem);
            rc_load_state(&t->rc, e, &s->after);
            x_patch(e, x_jmp(e), s->back);
            continue;
        }
        if (s->size) {
            emit_memo(t, s);
            emit_memo_upgrade(t, s);
            emit_addr_log(t, s);
            if (!s->ftlb_inline)
                emit_ftlb(t, s);
        }
        if (s->kind == SLOW_AMO) {
            x_mov(e, X_RDI, X_RBX);
            emit_block_addr(t, X_RSI);
            x_mov_imm(e, X_RDX, s->k);
            emit_call(t, (const void *)jit_amo);
        } else {
            x_mov(e, X_RDI, X_RBX);
            x_mov(e, X_RSI, X_RAX);
            emit_block_addr(t, X_RDX);
            x_mov_imm(e, X_RCX, s->k);
            emit_call(t, s->kind == SLOW_LOAD ? (const void *)jit_load_slow : (const void *)jit_store_slow);
        }
        x_test(e, false, X_RAX, X_RAX);
        rc_load_state(&t->rc, e, &s->after); /* moves: the flags stay */
        x_patch(e, x_jcc(e, X_CC_E), s->back);
        emit_epilogue(t);
    }
    if (e->full)
        return false;
    b->jit_body = body;
    return true;
}

static bool share_join(void *share, hart_t *h);
static jit_cache_t *share_cache(void *share);

/* The hart's code cache (its own, or its machine's), made at its first translation; false when
 * there is none (no executable memory: the hart interprets from now on). */
static bool code_cache_open(hart_t *h)
{
    if (h->jit)
        return h->jit->code != NULL;
    if (h->tier_share) {
        if (!share_join(h->tier_share, h)) {
            h->jit_threshold = 0;
            return false;
        }
        h->jit = share_cache(h->tier_share);
        if (h->jit->code)
            return true;
    } else if (!(h->jit = calloc(1, sizeof *h->jit)))
        return false;
    void *code =
        mmap(NULL, JIT_CACHE_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED) {
        h->jit_threshold = 0;
        return false;
    }
#ifdef MADV_HUGEPAGE
    (void)madvise(code, JIT_CACHE_SIZE, MADV_HUGEPAGE); /* fewer first-touch faults (mem/bus.h) */
#endif
    h->jit->code = code;
    h->jit->size = JIT_CACHE_SIZE;
    code_cache_empty(h->jit);
    return true;
}

/* ---- Translations shared by the harts of a machine ----
 *
 * The harts of a machine run the same code (a kernel on every hart). Their translations live in
 * one code cache, and a hart that decodes instructions another translated runs that code as its
 * own: translated code of a machine with several harts reaches its block through h->jit_block
 * and its successors through the hart's own links (emit_block_addr, emit_leave), so one copy of
 * the code serves every hart and the host's caches hold it once. The table keeps, for each
 * (pc, physical address), the last translation made there, with what it was made from (its key
 * and instructions); an entry is valid until the cache is emptied (its generation). */
#define JIT_SHARE_ENTRIES 65536u
#define JIT_SHARE_HARTS 64u /* MACHINE_MAX_HARTS: a hart beyond it translates nothing */

/* What a translation is a function of besides its instructions (tr_key_make): the hart's
 * configuration the emitter reads and the block's static data. Blocks with equal keys and equal
 * instructions translate to the same code on any hart of the machine. */
typedef struct tr_key {
    const void *dispatch, *core_ext;
    uint64_t pc, end_pc, fetch_pa, ram_base, ram_size;
    uint32_t isa, xlen, bc_mask, bp_mask, n_insns, timed, stall_cycles, priv;
    uint32_t core_word[10], amount[BLOCK_AMOUNTS];
    uint8_t amount_ev[BLOCK_AMOUNTS], amount_n[BLOCK_AMOUNTS], n_amounts;
    uint8_t paged, ftlb_key_zero, ram_inline, wfi_is_nop, spin, addr_log, pin_regs;
    uint8_t d_memo, d_line_shift, d_writes_free, d_complete, d_cache, d_upgrade, d_watch;
    uint8_t i_memo, i_line_shift, i_cache, i_same_cache, clock_shared;
    uint8_t retire_gen, fast_retire, memo_retires, memo_retire_core, memo_lazy, bp_ctr;
} tr_key_t;

/* A translation in the shared cache, written below the cache's meta_low: its code, what it was
 * made from, and the instructions' decode (info[], events[] for n_insns). */
typedef struct jit_shared {
    void *entry, *body;
    tr_key_t key;
    dinsn_info_t *info;
    evset_t *events;
} jit_shared_t;

typedef struct jit_share {
    struct jit_share_entry {
        uint64_t pc, pa, gen;
        const jit_shared_t *tr;
    } e[JIT_SHARE_ENTRIES];
    jit_cache_t cache;              /* the code of every hart of the machine */
    uint64_t gen;                   /* the cache's generation: entries of an older one are void */
    bool full, emptying;            /* full: the cache is emptied at the next flush (jit_flush) */
    hart_t *harts[JIT_SHARE_HARTS]; /* those that run code of the cache, in order */
    unsigned n_harts;
} jit_share_t;

static jit_cache_t *share_cache(void *share)
{
    return &((jit_share_t *)share)->cache;
}

/* Hart h's blocks went (drop_blocks). The code stays for the other harts, unless the cache is
 * full: then every hart's blocks go, and the cache is emptied. */
static void share_flush(hart_t *h)
{
    jit_share_t *s = h->tier_share;
    if (!s->full || s->emptying)
        return;
    s->emptying = true;
    for (unsigned k = 0; k < s->n_harts; k++)
        if (s->harts[k] != h)
            block_cache_flush(s->harts[k]); /* between its turns: one thread runs a machine's harts */
    code_cache_empty(&s->cache);
    s->gen++;
    s->full = s->emptying = false;
}

static void *jit_share_new(void)
{
    jit_share_t *s =
        (void *)bus_host_map_huge(sizeof(jit_share_t)); /* zeroed; touched all over: huge pages */
    if (s)
        s->gen = 1; /* entries of generation 0 are empty */
    return s;
}

static void jit_share_free(void *share)
{
    jit_share_t *s = share;
    if (s->cache.code)
        munmap(s->cache.code, s->cache.size);
    bus_host_unmap(share, sizeof(jit_share_t));
}

static size_t share_index(uint64_t pc, uint64_t pa)
{
    return (size_t)(((pc ^ (pa * 0x9e3779b97f4a7c15ull)) * 0xbf58476d1ce4e5b9ull) >> 48);
}

/* Every block a hart decodes looks the table up (take_shared), most of them in an entry that is
 * not in the host's cache: the load is started while the block is decoded. */
static void jit_share_prefetch(const void *share, uint64_t pc, uint64_t pa)
{
    __builtin_prefetch(&((const jit_share_t *)share)->e[share_index(pc, pa)]);
}

static void tr_key_make(const hart_t *h, const block_t *b, tr_key_t *k)
{
    memset(k, 0, sizeof *k); /* the padding too: keys are compared whole */
    const l1_memo_t *d = h->l1d_memo, *i = h->l1i_memo;
    k->dispatch = h->dispatch;
    k->core_ext = h->core_ext;
    k->pc = b->pc;
    k->end_pc = b->end_pc;
    k->fetch_pa = b->fetch_pa;
    k->ram_base = h->ram_base;
    k->ram_size = h->ram_size;
    k->isa = h->isa;
    k->xlen = h->xlen;
    k->bc_mask = h->bc.mask;
    k->bp_mask = h->bp_mask;
    k->n_insns = b->n_insns;
    k->timed = b->timed;
    k->stall_cycles = b->stall_cycles;
    k->priv = b->priv;
    memcpy(k->core_word, b->core_word, sizeof k->core_word);
    memcpy(k->amount, b->amount, sizeof k->amount);
    memcpy(k->amount_ev, b->amount_ev, sizeof k->amount_ev);
    memcpy(k->amount_n, b->amount_n, sizeof k->amount_n);
    k->n_amounts = b->n_amounts;
    k->paged = (b->ctx >> 2) != 0;
    k->ftlb_key_zero = ftlb_key_zero(b);
    k->ram_inline = h->mem_inline;
    k->wfi_is_nop = h->wfi_is_nop;
    k->spin = hart_spin_possible(h);
    k->addr_log = h->addr_log_ram;
    k->pin_regs = pin_regs(h);
    k->d_memo = d != NULL;
    if (d) {
        k->d_line_shift = (uint8_t)d->line_shift;
        k->d_writes_free = d->writes_free;
        k->d_complete = d->complete;
        k->d_cache = d->cache != NULL;
        k->d_upgrade = d->upgrade != NULL;
        k->d_watch = d->watch && d->watch == h->store_watch;
    }
    k->i_memo = i != NULL;
    if (i) {
        k->i_line_shift = (uint8_t)i->line_shift;
        k->i_cache = i->cache != NULL;
        k->i_same_cache = d && i->cache == d->cache;
    }
    k->clock_shared = clock_shared(h);
    k->retire_gen = h->retire_gen != NULL;
    k->fast_retire = h->retire_fast && b->retire_gen != 0;
    k->memo_retires = h->memo_retire != 0;
    k->memo_retire_core = h->memo_retire_core;
    k->memo_lazy = (h->pmu.dyn_interest & h->memo_retire_events) != 0;
    k->bp_ctr = h->bp_ctr != NULL;
}

/* The shared translation of block b on hart h another hart made, or NULL. */
static const jit_shared_t *shared_twin(const hart_t *h, const block_t *b)
{
    const jit_share_t *s = h->tier_share;
    const struct jit_share_entry *e = &s->e[share_index(b->pc, b->fetch_pa)];
    if (e->gen != s->gen || e->pc != b->pc || e->pa != b->fetch_pa)
        return NULL;
    tr_key_t k;
    tr_key_make(h, b, &k);
    const jit_shared_t *tr = e->tr;
    if (memcmp(&k, &tr->key, sizeof k) || memcmp(tr->info, b->info, b->n_insns * sizeof *b->info) ||
        memcmp(tr->events, b->events, b->n_insns * sizeof *b->events))
        return NULL;
    return tr;
}

/* Hart h runs code of the shared cache from now on: emptied, the cache empties its blocks
 * first. False when the machine has more harts than the list holds. */
static bool share_join(void *share, hart_t *h)
{
    jit_share_t *s = share;
    for (unsigned k = 0; k < s->n_harts; k++)
        if (s->harts[k] == h)
            return true;
    if (s->n_harts == JIT_SHARE_HARTS)
        return false;
    s->harts[s->n_harts++] = h;
    return true;
}

/* Hart h translated block b: the other harts' counted blocks at the same pc and physical address
 * ask for it at their next run (their count one short of hot: jit_translate takes it) instead of
 * being interpreted until they are hot on their own. */
static void share_announce(const hart_t *h, const block_t *b)
{
    const jit_share_t *s = h->tier_share;
    for (unsigned k = 0; k < s->n_harts; k++) {
        hart_t *o = s->harts[k];
        if (o == h || !o->jit_threshold)
            continue;
        for (block_t *t = o->bc.table[(uint32_t)(b->pc >> 1) & o->bc.mask]; t; t = t->hash_next)
            if (t->pc == b->pc && t->fetch_pa == b->fetch_pa && t->ctx != BLOCK_DEAD && !t->jit_entry &&
                t->insn[0].handler == o->dispatch[OP_JIT_COUNT] && t->jit_count < o->jit_threshold)
                t->jit_count = o->jit_threshold - 1;
    }
}

/* Notes translation b of hart h in the table, with what it was made from, below the cache's
 * meta_low; when that does not fit, the code is h's alone: no other hart finds it. */
static void share_note(hart_t *h, const block_t *b, size_t code_end)
{
    jit_share_t *s = h->tier_share;
    jit_cache_t *c = &s->cache;
    size_t n = b->n_insns;
    size_t size = (sizeof(jit_shared_t) + n * (sizeof *b->info + sizeof *b->events) + 15) & ~(size_t)15;
    if (c->meta_low < code_end + size)
        return;
    c->meta_low -= size;
    jit_shared_t *tr = (jit_shared_t *)(void *)(c->code + c->meta_low);
    tr->entry = b->jit_entry;
    tr->body = b->jit_body;
    tr_key_make(h, b, &tr->key);
    tr->events = (evset_t *)(void *)(tr + 1); /* evset_t's alignment first */
    tr->info = (dinsn_info_t *)(void *)(tr->events + n);
    memcpy(tr->events, b->events, n * sizeof *b->events);
    memcpy(tr->info, b->info, n * sizeof *b->info);
    s->e[share_index(b->pc, b->fetch_pa)] = (struct jit_share_entry){ b->pc, b->fetch_pa, s->gen, tr };
    share_announce(h, b);
}

bool jit_translate(hart_t *h, block_t *b)
{
    size_t sites = h->bc.n_sites; /* the jumps this translation notes (block_jit_site) */
    if (h->tier_share && take_shared(h, b))
        return true; /* another hart translated it since this one decoded it */
    if (!code_cache_open(h))
        goto fail;
    tr_t t; /* on the stack: harts of different machines translate on their own threads */
    memset(&t, 0, offsetof(tr_t, slow)); /* not the arrays (tr_t) */
    jit_cache_t *c = h->jit;
    t.e.p = c->code + c->cold_used; /* the entry first (emit_block) */
    t.e.end = c->code + c->meta_low;
    t.other = c->code + c->used;
    t.other_end = c->code + c->hot_size;
    t.h = h;
    t.b = b;
    t.w = h->xlen == 64;
    t.shared = h->tier_share != NULL;
    t.start = t.e.p;
    if (!emit_block(&t)) {
        if (t.e.full) { /* flushed with the blocks before the next run chunk (jit_flush) */
            h->code_dirty = true;
            if (t.shared)
                ((jit_share_t *)h->tier_share)->full = true;
        }
        goto fail;
    }
    /* the next translation's starts: the hot region's end is the other one now (emit_block) */
    c->used = (size_t)(t.other - c->code + 15) & ~(size_t)15;
    size_t code_end = (size_t)(t.e.p - c->code + 15) & ~(size_t)15;
    c->cold_used = code_end;
    b->jit_entry = t.start;
    b->insn[0].handler = h->dispatch[OP_JIT_ENTER];
    if (t.shared)
        share_note(h, b, code_end);
    return true;
fail:
    b->jit_body = NULL;
    b->jit_site[0] = b->jit_site[1] = NULL; /* in code that was not kept */
    h->bc.n_sites = sites;
    b->insn[0].handler = b->jit_orig;
    return false;
}

/* A block of a hart that shares translations: if another hart translated the same instructions,
 * its code from now on (true). */
static bool take_shared(hart_t *h, block_t *b)
{
    const jit_shared_t *tr = shared_twin(h, b);
    if (!tr || !code_cache_open(h))
        return false;
    b->jit_entry = tr->entry;
    b->jit_body = tr->body;
    b->insn[0].handler = h->dispatch[OP_JIT_ENTER];
    return true;
}

#endif

const exec_tier_t jit_tier = {
    .block_built = jit_block_built,
    .translate = jit_translate,
    .flush = jit_flush,
    .free = jit_free,
#if PMUSIM_HAVE_JIT
    .share_new = jit_share_new,
    .share_free = jit_share_free,
    .share_prefetch = jit_share_prefetch,
#endif
};
