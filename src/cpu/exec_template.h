/* The interpreter, written once and instantiated per XLEN (exec_rv32.c, exec_rv64.c).
 *
 * Threaded dispatch over pre-decoded blocks: every handler ends by jumping to the next decoded
 * instruction's label; only block terminators (branches, jumps, system instructions) look at the
 * world. A terminator first retires the whole block (cpu/exec_retire.h: the block counts its own
 * executions; the PMU derives counter values from them when it is read), so a counter read by a
 * CSR instruction (always a terminator) sees every older instruction. Instructions that trap
 * mid-block retire the prefix.
 *
 * Expects XLEN (32 or 64) and EXEC_RUN (the function name) to be defined. */
/* The handlers keep their one-line form, so the executor reads as a table. */
/* clang-format off */
#include <string.h>

#include "cpu/csr.h"
#include "cpu/debug.h"
#include "cpu/prof.h"
#include "cpu/exec.h"
#include "cpu/exec_retire.h"
#include "cpu/tier.h"
#include "cpu/fpu.h"
#include "cpu/mmu.h"
#include "isa/isa.h"

#if XLEN == 32
typedef uint32_t ureg;
typedef int32_t sreg;
#elif XLEN == 64
typedef uint64_t ureg;
typedef int64_t sreg;
#else
#error "XLEN must be 32 or 64"
#endif

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* RV32 values live zero-extended in the 64-bit register file. */
#define R(n) ((ureg)h->x[n])
#define SR(n) ((sreg)h->x[n])
#define W(n, v) (h->x[n] = (uint64_t)(ureg)(v))
#define RS1 R(i->rs1)
#define RS2 R(i->rs2)
#define IMM ((ureg)(sreg)i->imm)
#define INFO (b->info[i - b->insn])
#define PC (b->pc + INFO.pcoff)        /* cold: traps and system instructions only */
#define SHAMT_MASK (XLEN - 1)

#define DISPATCH() goto *i->handler
#define NEXT() do { i++; DISPATCH(); } while (0)

/* The profiling executor (EXEC_PROFILE, cpu/prof.h) also counts the block, follows calls and
 * returns, and attributes dynamic events to their instruction; the ordinary one compiles none of
 * it. */
#define PROF_TAKEN_add 0
#define PROF_TAKEN_add_taken 1
#ifdef EXEC_PROFILE
#define PROF_RETIRE(addends) prof_block(h, b, PROF_TAKEN_##addends)
#define PROF_TIMED() prof_timed(h)
#define PROF_AT() (h->prof->at_pc = PC)
#define PROF_AT_END(n) (h->prof->at_pc = b->pc + b->info[(n) - 1].pcoff)
#define PROF_JUMP(rd, rs1, target) do { \
        if (h->prof->callchains) { \
            if ((rd) == 1 || (rd) == 5) prof_call(h, (target), PC); \
            else if ((rd) == 32 && ((rs1) == 1 || (rs1) == 5)) prof_return(h); \
        } \
    } while (0)
#else
#define PROF_RETIRE(addends) ((void)0)
#define PROF_TIMED() ((void)0)
#define PROF_AT() ((void)0)
#define PROF_AT_END(n) ((void)0)
#define PROF_JUMP(rd, rs1, target) ((void)0)
#endif

/* `next`: where control goes on (0: not known here, a trap or an xRET), for a timing model; bit 0
 * set: a conditional branch was taken (its target may be the next instruction). */
#define RETIRE_TAKEN_add false
#define RETIRE_TAKEN_add_taken true
#define RETIRE_BLOCK_VIA(addends, next) do { \
        bool timed_ = exec_retire_block(h, b, RETIRE_TAKEN_##addends); \
        PROF_RETIRE(addends); \
        if (unlikely(timed_)) { \
            PROF_AT_END(b->n_insns); exec_block_timing(h, b, b->n_insns, (next)); PROF_TIMED(); \
        } \
    } while (0)
#define RETIRE_BLOCK() RETIRE_BLOCK_VIA(add, b->end_pc)
#define RETIRE_BLOCK_TO(next) RETIRE_BLOCK_VIA(add, next)

/* A timing model's divide hook (core_ext_t.div): the operands of a divide in a timed block. */
#define TIMING_DIV(sgn, rem) do { \
        if (unlikely(b->timed) && h->core_ext && h->core_ext->div) \
            h->core_ext->div(h, b, (unsigned)(i - b->insn), RS1, RS2, (sgn), (rem)); \
    } while (0)

/* Dynamic event of the current instruction: free unless some active counter selects it. */
#define DYN(ev) do { \
        if (unlikely(h->pmu.dyn_interest & EVBIT(ev))) { \
            PROF_AT(); \
            pmu_commit_events(&h->pmu, EVBIT(ev), b->events[i - b->insn]); \
        } \
    } while (0)

/* Continue with the block starting at `target`, through chained successor slot `s`. A direct
 * successor (static target) never changes until the cache is flushed, which clears every link;
 * an indirect one (jalr, trap vector) is a one-entry cache checked against the target. */
#define CHAIN_(s, target, indirect) do { \
        uint64_t t_ = (target); \
        if (unlikely(h->budget <= 0)) { \
            h->bc.resume = b->succ[s]; h->bc.resume_flushes = h->bc.flushes; h->pc = t_; return; \
        } \
        block_t *n_ = b->succ[s]; \
        if (unlikely(!n_ || ((indirect) && (n_->pc != t_ || ((indirect) > 1 && n_->ctx != h->ctx && \
                                                            n_->ctx != h->ctx_g))))) { \
            uint64_t gen_ = h->bc.flushes; \
            n_ = block_at(h, t_); \
            if (!n_) { h->pc = t_; goto fetch_fault; } \
            /* a link must hold wherever b runs: a block of global code links to global code only */ \
            if (gen_ == h->bc.flushes && (n_->ctx == b->ctx || n_->ctx == h->ctx_g)) block_link(h, b, s, n_); \
        } \
        b = n_; i = b->insn; DISPATCH(); \
    } while (0)
#define CHAIN(s, target) CHAIN_(s, target, 0)
#define CHAIN_INDIRECT(target) CHAIN_(0, target, 1)
/* After a trap or an xRET the privilege may differ: the cached successor must match the context
 * too (blocks are decoded for one privilege and translation context; within a block chain neither
 * changes). */
#define CHAIN_PRIV(target) CHAIN_(0, target, 2)

#define TRAP(cause, tval) do { h->trap_cause = (cause); h->trap_tval = (tval); goto trap_mid_block; } while (0)

/* Loads and stores: main RAM inline; misaligned, other regions, devices and PMU address events
 * on the slow path. */
#define ADDR ((ureg)(RS1 + IMM))
/* The fast TLB (hart_t.ftlb): the page of an aligned access at a_ is there for this kind of access
 * under the current key; r_ is then a_ + the entry's delta: the host address of a load, the offset
 * in main RAM of a store. */
#define FTLB_HIT(kind, a_, size, r_) ({ \
        const struct ftlb *e_ = &h->ftlb[kind]; \
        unsigned i_ = ((a_) >> 12) & 255; \
        r_ = (a_) + e_->delta[i_]; \
        e_->tag[i_] == FTLB_TAG(((a_) & (~0xfffull | ((size) - 1))) | h->ftlb_key); /* misaligned: no tag */ \
    })
#define LOAD(type, conv) do { \
        uint64_t a_ = ADDR, off_ = a_ - h->ram_base; \
        type v_; \
        if (likely(off_ < h->fast_size && !(a_ & (sizeof(type) - 1)))) { \
            memcpy(&v_, h->ram + off_, sizeof v_); \
        } else if (FTLB_HIT(0, a_, sizeof(type), off_)) { \
            memcpy(&v_, (const uint8_t *)(uintptr_t)off_, sizeof v_); /* off_: the host address */ \
        } else { \
            uint64_t w_; \
            h->access_base = RS1; \
            PROF_AT(); \
            mem_result_t r_ = mem_load_slow(h, a_, sizeof(type), &w_, b->events[i - b->insn], \
                                          (unsigned)(i - b->insn)); \
            if (unlikely(r_ == MEM_FAULT)) goto trap_mid_block; \
            v_ = (type)w_; \
            if (unlikely(r_ == MEM_STOP)) { W(i->rd, conv v_); goto stop_after_insn; } \
        } \
        W(i->rd, conv v_); \
        NEXT(); \
    } while (0)

#define STORE(type) do { \
        uint64_t a_ = ADDR, off_ = a_ - h->ram_base; \
        type v_ = (type)RS2; \
        if (likely(off_ < h->fast_size && !(a_ & (sizeof(type) - 1)) && \
                   !(h->store_watch[off_ >> 9] & (1u << ((off_ >> 6) & 7))))) { \
            memcpy(h->ram + off_, &v_, sizeof v_); \
        } else if (FTLB_HIT(1, a_, sizeof(type), off_) && \
                   !(h->store_watch[off_ >> 9] & (1u << ((off_ >> 6) & 7)))) { \
            memcpy(h->ram + off_, &v_, sizeof v_); \
        } else { \
            h->access_base = RS1; \
            PROF_AT(); \
            mem_result_t r_ = mem_store_slow(h, a_, sizeof(type), (uint64_t)v_, b->events[i - b->insn], \
                                            (unsigned)(i - b->insn)); \
            if (unlikely(r_ != MEM_OK)) { \
                if (r_ == MEM_FAULT) goto trap_mid_block; \
                if (r_ != MEM_CODE_WRITTEN || exec_code_store_ends_block(h, b)) goto stop_after_insn; \
            } \
        } \
        NEXT(); \
    } while (0)

#define BRANCH(cond) do { \
        if (cond) { \
            RETIRE_BLOCK_VIA(add_taken, (ureg)(b->pc + IMM) | 1); /* counts BR_TAKEN (block_refresh_addends); bit 0: taken */ \
            CHAIN(0, (ureg)(b->pc + IMM)); \
        } \
        RETIRE_BLOCK(); CHAIN(1, b->end_pc); \
    } while (0)

static inline ureg clmul_lo(ureg a, ureg b) {
    ureg r = 0;
    for (unsigned k = 0; k < XLEN; k++)
        if ((b >> k) & 1) r ^= a << k;
    return r;
}
static inline ureg clmul_hi(ureg a, ureg b) {
    ureg r = 0;
    for (unsigned k = 1; k < XLEN; k++)
        if ((b >> k) & 1) r ^= a >> (XLEN - k);
    return r;
}
static inline ureg clmul_r(ureg a, ureg b) {
    ureg r = 0;
    for (unsigned k = 0; k < XLEN; k++)
        if ((b >> k) & 1) r ^= a >> (XLEN - k - 1);
    return r;
}
static inline ureg rotl(ureg v, unsigned s) { s &= XLEN - 1; return s ? (v << s) | (v >> (XLEN - s)) : v; }
static inline ureg rotr(ureg v, unsigned s) { s &= XLEN - 1; return s ? (v >> s) | (v << (XLEN - s)) : v; }
static inline uint32_t rotr32(uint32_t v, unsigned s) { s &= 31; return s ? (v >> s) | (v << (32 - s)) : v; }
static inline ureg orc_b(ureg v) {
    ureg r = 0;
    for (unsigned k = 0; k < XLEN; k += 8)
        if ((v >> k) & 0xff) r |= (ureg)0xff << k;
    return r;
}
static inline ureg rev8(ureg v) {
    ureg r = 0;
    for (unsigned k = 0; k < XLEN; k += 8)
        r |= ((v >> k) & 0xff) << (XLEN - 8 - k);
    return r;
}
#if XLEN == 32
#define CLZ_X(v) ((v) ? (ureg)__builtin_clz(v) : 32u)
#define CTZ_X(v) ((v) ? (ureg)__builtin_ctz(v) : 32u)
#define POP_X(v) ((ureg)__builtin_popcount(v))
static inline ureg mulh_ss(sreg a, sreg b) { return (ureg)(((int64_t)a * b) >> 32); }
static inline ureg mulh_su(sreg a, ureg b) { return (ureg)(((int64_t)a * (int64_t)(uint64_t)b) >> 32); }
static inline ureg mulh_uu(ureg a, ureg b) { return (ureg)(((uint64_t)a * b) >> 32); }
#else
#define CLZ_X(v) ((v) ? (ureg)__builtin_clzll(v) : 64u)
#define CTZ_X(v) ((v) ? (ureg)__builtin_ctzll(v) : 64u)
#define POP_X(v) ((ureg)__builtin_popcountll(v))
static inline ureg mulh_ss(sreg a, sreg b) { return (ureg)(((__int128)a * b) >> 64); }
static inline ureg mulh_su(sreg a, ureg b) { return (ureg)(((__int128)a * (__int128)(unsigned __int128)b) >> 64); }
static inline ureg mulh_uu(ureg a, ureg b) { return (ureg)(((unsigned __int128)a * b) >> 64); }
#endif
#define SMIN ((sreg)((ureg)1 << (XLEN - 1)))

void EXEC_RUN(hart_t *h) {
    static const void *const labels[OP_COUNT] = {
#define OP(name, events) [OP_##name] = &&L_##name,
        INSN_OP_LIST(OP)
#undef OP
    };
    block_t *b;
    const dinsn_t *i;

    h->dispatch = labels;
    if (h->budget <= 0)
        return;
    /* where the last run's chain stopped, if still valid (block_at would find the same block) */
    b = h->bc.resume;
    if (!b || b->pc != h->pc || h->bc.resume_flushes != h->bc.flushes || (b->ctx != h->ctx && b->ctx != h->ctx_g))
        b = block_at(h, h->pc);
    if (!b)
        goto fetch_fault;
    i = b->insn;
    DISPATCH();

    /* ---- RV32I / RV64I ---- */
L_LUI: W(i->rd, IMM); NEXT();
L_AUIPC: W(i->rd, b->pc + IMM); NEXT();
L_ADDI: W(i->rd, RS1 + IMM); NEXT();
L_SLTI: W(i->rd, SR(i->rs1) < (sreg)IMM); NEXT();
L_SLTIU: W(i->rd, RS1 < IMM); NEXT();
L_XORI: W(i->rd, RS1 ^ IMM); NEXT();
L_ORI: W(i->rd, RS1 | IMM); NEXT();
L_ANDI: W(i->rd, RS1 & IMM); NEXT();
L_SLLI: W(i->rd, RS1 << i->imm); NEXT();
L_SRLI: W(i->rd, RS1 >> i->imm); NEXT();
L_SRAI: W(i->rd, SR(i->rs1) >> i->imm); NEXT();
L_ADD: W(i->rd, RS1 + RS2); NEXT();
L_SUB: W(i->rd, RS1 - RS2); NEXT();
L_SLL: W(i->rd, RS1 << (RS2 & SHAMT_MASK)); NEXT();
L_SLT: W(i->rd, SR(i->rs1) < SR(i->rs2)); NEXT();
L_SLTU: W(i->rd, RS1 < RS2); NEXT();
L_XOR: W(i->rd, RS1 ^ RS2); NEXT();
L_SRL: W(i->rd, RS1 >> (RS2 & SHAMT_MASK)); NEXT();
L_SRA: W(i->rd, SR(i->rs1) >> (RS2 & SHAMT_MASK)); NEXT();
L_OR: W(i->rd, RS1 | RS2); NEXT();
L_AND: W(i->rd, RS1 & RS2); NEXT();
    /* RV64 word operations (decoder never emits them on RV32) */
L_ADDIW: W(i->rd, (sreg)(int32_t)(uint32_t)(RS1 + IMM)); NEXT();
L_SLLIW: W(i->rd, (sreg)(int32_t)((uint32_t)RS1 << i->imm)); NEXT();
L_SRLIW: W(i->rd, (sreg)(int32_t)((uint32_t)RS1 >> i->imm)); NEXT();
L_SRAIW: W(i->rd, (sreg)((int32_t)(uint32_t)RS1 >> i->imm)); NEXT();
L_ADDW: W(i->rd, (sreg)(int32_t)(uint32_t)(RS1 + RS2)); NEXT();
L_SUBW: W(i->rd, (sreg)(int32_t)(uint32_t)(RS1 - RS2)); NEXT();
L_SLLW: W(i->rd, (sreg)(int32_t)((uint32_t)RS1 << (RS2 & 31))); NEXT();
L_SRLW: W(i->rd, (sreg)(int32_t)((uint32_t)RS1 >> (RS2 & 31))); NEXT();
L_SRAW: W(i->rd, (sreg)((int32_t)(uint32_t)RS1 >> (RS2 & 31))); NEXT();

L_LB: LOAD(int8_t, (sreg));
L_LH: LOAD(int16_t, (sreg));
L_LW: LOAD(int32_t, (sreg));
L_LD: LOAD(int64_t, (sreg));
L_LBU: LOAD(uint8_t, (ureg));
L_LHU: LOAD(uint16_t, (ureg));
L_LWU: LOAD(uint32_t, (ureg));
L_SB: STORE(uint8_t);
L_SH: STORE(uint16_t);
L_SW: STORE(uint32_t);
L_SD: STORE(uint64_t);

L_BEQ: BRANCH(RS1 == RS2);
L_BNE: BRANCH(RS1 != RS2);
L_BLT: BRANCH(SR(i->rs1) < SR(i->rs2));
L_BGE: BRANCH(SR(i->rs1) >= SR(i->rs2));
L_BLTU: BRANCH(RS1 < RS2);
L_BGEU: BRANCH(RS1 >= RS2);
L_JAL: {
    uint64_t target = (ureg)(b->pc + IMM);
    W(i->rd, b->end_pc);
    RETIRE_BLOCK_TO(target);
    PROF_JUMP(i->rd, 0, target);
    CHAIN(0, target);
}
L_JALR: {
    uint64_t target = (ureg)(RS1 + IMM) & ~(uint64_t)1;
    W(i->rd, b->end_pc);
    RETIRE_BLOCK_TO(target);
    PROF_JUMP(i->rd, i->rs1, target);
    CHAIN_INDIRECT(target);
}
L_FENCE: NEXT();

    /* ---- M ---- */
L_MUL: W(i->rd, RS1 * RS2); NEXT();
L_MULH: W(i->rd, mulh_ss(SR(i->rs1), SR(i->rs2))); NEXT();
L_MULHSU: W(i->rd, mulh_su(SR(i->rs1), RS2)); NEXT();
L_MULHU: W(i->rd, mulh_uu(RS1, RS2)); NEXT();
L_DIV: {
    TIMING_DIV(true, false);
    sreg a = SR(i->rs1), d = SR(i->rs2);
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, (ureg)-1); }
    else if (unlikely(a == SMIN && d == -1)) W(i->rd, a);
    else W(i->rd, a / d);
    NEXT();
}
L_DIVU: {
    TIMING_DIV(false, false);
    ureg d = RS2;
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, (ureg)-1); } else W(i->rd, RS1 / d);
    NEXT();
}
L_REM: {
    TIMING_DIV(true, true);
    sreg a = SR(i->rs1), d = SR(i->rs2);
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, a); }
    else if (unlikely(a == SMIN && d == -1)) W(i->rd, 0);
    else W(i->rd, a % d);
    NEXT();
}
L_REMU: {
    TIMING_DIV(false, true);
    ureg d = RS2;
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, RS1); } else W(i->rd, RS1 % d);
    NEXT();
}
L_MULW: W(i->rd, (sreg)(int32_t)(uint32_t)(RS1 * RS2)); NEXT();
L_DIVW: {
    int32_t a = (int32_t)(uint32_t)RS1, d = (int32_t)(uint32_t)RS2;
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, (ureg)-1); }
    else if (unlikely(a == INT32_MIN && d == -1)) W(i->rd, (sreg)a);
    else W(i->rd, (sreg)(a / d));
    NEXT();
}
L_DIVUW: {
    uint32_t a = (uint32_t)RS1, d = (uint32_t)RS2;
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, (ureg)-1); } else W(i->rd, (sreg)(int32_t)(a / d));
    NEXT();
}
L_REMW: {
    int32_t a = (int32_t)(uint32_t)RS1, d = (int32_t)(uint32_t)RS2;
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, (sreg)a); }
    else if (unlikely(a == INT32_MIN && d == -1)) W(i->rd, 0);
    else W(i->rd, (sreg)(a % d));
    NEXT();
}
L_REMUW: {
    uint32_t a = (uint32_t)RS1, d = (uint32_t)RS2;
    if (unlikely(d == 0)) { DYN(DIV_BY_ZERO); W(i->rd, (sreg)(int32_t)a); } else W(i->rd, (sreg)(int32_t)(a % d));
    NEXT();
}

    /* ---- A (mem_atomic). A store of an AMO or SC to a watched granule (decoded code, tohost,
     * another hart's reservation) is seen at once, like a plain store's: over the block's own
     * code, the block ends after it. ---- */
L_LR_W: L_SC_W: L_AMOSWAP_W: L_AMOADD_W: L_AMOXOR_W: L_AMOAND_W: L_AMOOR_W: L_AMOMIN_W: L_AMOMAX_W:
L_AMOMINU_W: L_AMOMAXU_W: L_LR_D: L_SC_D: L_AMOSWAP_D: L_AMOADD_D: L_AMOXOR_D: L_AMOAND_D: L_AMOOR_D:
L_AMOMIN_D: L_AMOMAX_D: L_AMOMINU_D: L_AMOMAXU_D: {
    uint64_t v_;
    mem_result_t r_ = mem_atomic(h, (enum insn_op)INFO.op, RS1, RS2, &v_);
    if (unlikely(r_ == MEM_FAULT)) goto trap_mid_block;
    W(i->rd, v_);
    if (unlikely(r_ != MEM_OK) && (r_ != MEM_CODE_WRITTEN || exec_code_store_ends_block(h, b)))
        goto stop_after_insn;
    NEXT();
}

    /* ---- Zba ---- */
L_SH1ADD: W(i->rd, (RS1 << 1) + RS2); NEXT();
L_SH2ADD: W(i->rd, (RS1 << 2) + RS2); NEXT();
L_SH3ADD: W(i->rd, (RS1 << 3) + RS2); NEXT();
L_ADD_UW: W(i->rd, (uint64_t)(uint32_t)RS1 + RS2); NEXT();
L_SH1ADD_UW: W(i->rd, ((uint64_t)(uint32_t)RS1 << 1) + RS2); NEXT();
L_SH2ADD_UW: W(i->rd, ((uint64_t)(uint32_t)RS1 << 2) + RS2); NEXT();
L_SH3ADD_UW: W(i->rd, ((uint64_t)(uint32_t)RS1 << 3) + RS2); NEXT();
L_SLLI_UW: W(i->rd, (uint64_t)(uint32_t)RS1 << i->imm); NEXT();
    /* ---- Zbb ---- */
L_ANDN: W(i->rd, RS1 & ~RS2); NEXT();
L_ORN: W(i->rd, RS1 | ~RS2); NEXT();
L_XNOR: W(i->rd, ~(RS1 ^ RS2)); NEXT();
L_CLZ: W(i->rd, CLZ_X(RS1)); NEXT();
L_CTZ: W(i->rd, CTZ_X(RS1)); NEXT();
L_CPOP: W(i->rd, POP_X(RS1)); NEXT();
L_CLZW: { uint32_t v = (uint32_t)RS1; W(i->rd, v ? (ureg)__builtin_clz(v) : 32u); NEXT(); }
L_CTZW: { uint32_t v = (uint32_t)RS1; W(i->rd, v ? (ureg)__builtin_ctz(v) : 32u); NEXT(); }
L_CPOPW: W(i->rd, (ureg)__builtin_popcount((uint32_t)RS1)); NEXT();
L_MAX: W(i->rd, SR(i->rs1) > SR(i->rs2) ? RS1 : RS2); NEXT();
L_MAXU: W(i->rd, RS1 > RS2 ? RS1 : RS2); NEXT();
L_MIN: W(i->rd, SR(i->rs1) < SR(i->rs2) ? RS1 : RS2); NEXT();
L_MINU: W(i->rd, RS1 < RS2 ? RS1 : RS2); NEXT();
L_SEXT_B: W(i->rd, (sreg)(int8_t)RS1); NEXT();
L_SEXT_H: W(i->rd, (sreg)(int16_t)RS1); NEXT();
L_ZEXT_H: W(i->rd, (uint16_t)RS1); NEXT();
L_ROL: W(i->rd, rotl(RS1, (unsigned)RS2)); NEXT();
L_ROR: W(i->rd, rotr(RS1, (unsigned)RS2)); NEXT();
L_RORI: W(i->rd, rotr(RS1, (unsigned)i->imm)); NEXT();
L_ROLW: W(i->rd, (sreg)(int32_t)rotr32((uint32_t)RS1, 32 - ((unsigned)RS2 & 31))); NEXT();
L_RORW: W(i->rd, (sreg)(int32_t)rotr32((uint32_t)RS1, (unsigned)RS2)); NEXT();
L_RORIW: W(i->rd, (sreg)(int32_t)rotr32((uint32_t)RS1, (unsigned)i->imm)); NEXT();
L_ORC_B: W(i->rd, orc_b(RS1)); NEXT();
L_REV8: W(i->rd, rev8(RS1)); NEXT();
    /* ---- Zbc ---- */
L_CLMUL: W(i->rd, clmul_lo(RS1, RS2)); NEXT();
L_CLMULH: W(i->rd, clmul_hi(RS1, RS2)); NEXT();
L_CLMULR: W(i->rd, clmul_r(RS1, RS2)); NEXT();
    /* ---- Zbs ---- */
L_BCLR: W(i->rd, RS1 & ~((ureg)1 << (RS2 & SHAMT_MASK))); NEXT();
L_BCLRI: W(i->rd, RS1 & ~((ureg)1 << i->imm)); NEXT();
L_BEXT: W(i->rd, (RS1 >> (RS2 & SHAMT_MASK)) & 1); NEXT();
L_BEXTI: W(i->rd, (RS1 >> i->imm) & 1); NEXT();
L_BINV: W(i->rd, RS1 ^ ((ureg)1 << (RS2 & SHAMT_MASK))); NEXT();
L_BINVI: W(i->rd, RS1 ^ ((ureg)1 << i->imm)); NEXT();
L_BSET: W(i->rd, RS1 | ((ureg)1 << (RS2 & SHAMT_MASK))); NEXT();
L_BSETI: W(i->rd, RS1 | ((ureg)1 << i->imm)); NEXT();

    /* ---- F, D ---- */
#include "cpu/exec_fp.h"

    /* ---- System: always block terminators ---- */
L_CSRRW: L_CSRRS: L_CSRRC: L_CSRRWI: L_CSRRSI: L_CSRRCI: {
    enum insn_op op = (enum insn_op)INFO.op;
    if (unlikely(!csr_permitted(h, i, op))) TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);
    RETIRE_BLOCK();   /* counters read below include every older instruction */
    sys_result_t r = csr_exec(h, i, op, b->events[i - b->insn]);
    if (r == SYS_STOP) { h->pc = b->end_pc; return; }
    CHAIN(1, b->end_pc);
}
L_ECALL: {
    RETIRE_BLOCK_TO(0); /* ecall commits (counts as COMMIT, not INSTRET) */
    static const uint64_t cause_by_priv[4] = {CAUSE_ECALL_U, CAUSE_ECALL_S, 10, CAUSE_ECALL_M};
    if (h->priv == PRIV_S && h->platform && h->platform->firmware_call &&
        h->platform->firmware_call(h->platform_ctx, h)) {
        if (h->stop) { h->pc = PC + 4; return; }   /* firmware served on the host (built-in SBI) */
        CHAIN_INDIRECT(PC + 4);
    }
    trap_enter(h, cause_by_priv[h->priv], 0, PC);
    if (h->stop) return;
    CHAIN_PRIV(h->pc);
}
L_EBREAK: {
    uint64_t pc = PC;
    sys_result_t r = sys_ebreak(h, pc);  /* semihosting, or a breakpoint exception */
    if (r == SYS_OK) {                    /* semihosting call: the ebreak retires */
        PROF_AT();
        pmu_commit_events(&h->pmu, EVBIT(INSTRET), b->events[i - b->insn]);
        RETIRE_BLOCK();
        if (h->stop) { h->pc = b->end_pc; return; }
        CHAIN(1, b->end_pc);
    }
    RETIRE_BLOCK_TO(0);
    trap_enter(h, CAUSE_BREAKPOINT, pc, pc);
    if (h->stop) return;
    CHAIN_PRIV(h->pc);
}
L_MRET: {
    if (unlikely(h->priv != PRIV_M)) TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);
    RETIRE_BLOCK_TO(0);
    trap_return_m(h);
    CHAIN_PRIV(h->pc);
}
L_SRET: {
    if (unlikely(h->priv < PRIV_S || (h->priv == PRIV_S && (h->csr.mstatus & (1ull << 22)) /* TSR */)))
        TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);
    RETIRE_BLOCK_TO(0);
    trap_return_s(h);
    CHAIN_PRIV(h->pc);
}
L_WFI: {
    /* Below M-mode: illegal with mstatus.TW = 1; in U-mode also whenever S-mode exists (QEMU's
     * reading of the privileged spec, 3.1.6.5: U-mode wfi may only complete within a bounded
     * time, and pmusim's may wait for ever). */
    if (unlikely(h->priv != PRIV_M && ((h->csr.mstatus & (1ull << 21)) /* TW */ ||
                                       (h->priv == PRIV_U && (h->isa & ISA_EXT_S)))))
        TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);
    RETIRE_BLOCK();
    h->pc = b->end_pc;
    if (sys_wfi(h) != SYS_OK) return;
    CHAIN(1, b->end_pc);
}
L_SFENCE_VMA: {
    if (unlikely(h->priv == PRIV_U || (h->priv == PRIV_S && (h->csr.mstatus & (1ull << 20)) /* TVM */)))
        TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);
    RETIRE_BLOCK();
    h->pc = b->end_pc;
    /* rs1 = x0: every address; rs2 = x0: every address space */
    mmu_sfence(h, i->rs1 != 0, R(i->rs1), i->rs2 != 0, R(i->rs2));
    return;
}
L_FENCE_I: {
    RETIRE_BLOCK();
    h->pc = b->end_pc;
    block_cache_fence_i(h);
    return;
}
L_BLOCK_END: {
    /* Sentinel after a block cut short (length limit, page end): i is one past the last insn. */
    RETIRE_BLOCK();
    CHAIN(1, b->end_pc);
}
L_BUDGET_STOP: {
    /* Patched over instruction i for one call by the run loop (exec_run_prefix): the run budget
     * ends before it, so only the instructions before it commit. */
    unsigned idx = (unsigned)(i - b->insn);
    h->pc = PC;
    exec_commit_prefix(h, b, idx, false);
    return;
}
L_DEBUG_BREAK: {
    /* Patched over an instruction at a debugger's breakpoint (cpu/debug.c): the hart stops before
     * it, except once when it resumes from there. */
    hart_debug_t *dbg_ = h->debug;
    if (dbg_->skip_armed && dbg_->skip_pc == PC) {
        dbg_->skip_armed = false;
        goto *labels[INFO.op];
    }
    unsigned idx = (unsigned)(i - b->insn);
    h->pc = PC;
    exec_commit_prefix(h, b, idx, false);
    dbg_->hit = DEBUG_HIT_BREAK;
    h->stop = STOP_DEBUG;
    return;
}
#if PMUSIM_HAVE_JIT && !defined(EXEC_PROFILE)
L_JIT_COUNT:
    /* A block not yet translated (cpu/tier.h): counted until it is hot. */
    if (++b->jit_count < h->jit_threshold || !h->tier->translate(h, b)) goto *b->jit_orig;
    /* fall through: translated now */
L_JIT_ENTER: {
    /* Translated code runs the block and, while the budget lasts, the translated blocks after it;
     * it returns where the interpreter takes over, naming the block (h->jit_block) and instruction. */
    if (unlikely(h->one_block)) goto *b->jit_orig; /* exact --max-insns: interpreted */
    h->jit_block = b; /* code harts share finds its block there */
    uint32_t st_ = ((jit_entry_t)b->jit_entry)(h);
    unsigned k_ = JIT_INDEX(st_);
    b = h->jit_block;
    i = b->insn + k_;
    switch (JIT_KIND(st_)) {
    case JIT_CONT: if (k_ == 0) goto *b->jit_orig; /* insn[0]'s handler enters translated code */
        DISPATCH();
    case JIT_TRAP: goto trap_mid_block;
    case JIT_STOP: goto stop_after_insn;
    case JIT_DONE: return;
    default: break;
    }
    if (k_ == 2) CHAIN_INDIRECT(h->pc);
    CHAIN(k_, h->pc);
}
#else
L_JIT_COUNT: L_JIT_ENTER: goto *b->jit_orig; /* never patched in: no translation here */
#endif
L_ILLEGAL:
    TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);

trap_mid_block: {
    /* The instruction at i raised h->trap_cause: the instructions before it commit, it does not. */
    unsigned idx = (unsigned)(i - b->insn);
    uint64_t epc = PC;
    exec_commit_prefix(h, b, idx, true);
    trap_enter(h, h->trap_cause, h->trap_tval, epc);
    /* The budget is checked here as at every block boundary: a handler that runs a few
     * instructions and traps again must not keep the executor from the run loop. */
    if (h->stop || h->budget <= 0 || h->one_block) return;
    b = block_at(h, h->pc);
    if (!b) goto fetch_fault;
    i = b->insn;
    DISPATCH();
}
stop_after_insn: {
    /* The instruction at i completed and ended the block early (exit device, code overwritten). */
    unsigned idx = (unsigned)(i - b->insn);
    h->pc = PC + i->len;
    exec_commit_prefix(h, b, idx + 1, false);
    if (hart_code_stale(h))
        block_cache_sync_code(h);
    return;
}
fetch_fault:
    /* Instruction fetch at h->pc failed: h->trap_cause/tval set by block_at. */
    trap_enter(h, h->trap_cause, h->trap_tval, h->pc);
    if (h->stop || h->budget <= 0 || h->one_block)
        return;
    b = block_at(h, h->pc);
    if (!b) goto fetch_fault;
    i = b->insn;
    DISPATCH();
}

#undef PROF_TAKEN_add
#undef PROF_TAKEN_add_taken
#undef PROF_RETIRE
#undef PROF_TIMED
#undef PROF_AT
#undef PROF_AT_END
#undef PROF_JUMP
#undef R
#undef SR
#undef W
#undef RS1
#undef RS2
#undef IMM
#undef PC
#undef INFO
#undef CHAIN_
#undef CHAIN_INDIRECT
#undef CHAIN_PRIV
#undef SHAMT_MASK
#undef DISPATCH
#undef NEXT
#undef RETIRE_BLOCK
#undef RETIRE_BLOCK_TO
#undef RETIRE_BLOCK_VIA
#undef RETIRE_TAKEN_add
#undef RETIRE_TAKEN_add_taken
#undef DYN
#undef TIMING_DIV
#undef CHAIN
#undef TRAP
#undef ADDR
#undef FTLB_HIT
#undef LOAD
#undef STORE
#undef BRANCH
#undef CLZ_X
#undef CTZ_X
#undef POP_X
#undef SMIN
/* clang-format on */
