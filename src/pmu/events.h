/* The core-independent event vocabulary.
 *
 * The decoder tags every instruction with the STATIC events it produces when it commits (its
 * class, its length, CSR access kind, ...). The executor raises DYNAMIC events where they happen
 * (taken branch, misaligned access, trap...). A core PMU model maps each selector value to a set of
 * these events; a counter increments by one for an instruction when the instruction's event set
 * intersects the counter's set (one per instruction even when several selected events occur: the
 * MicroBlaze V rule, and trivially VeeR's single-event rule). */
#ifndef PMUSIM_PMU_EVENTS_H
#define PMUSIM_PMU_EVENTS_H

#include <stdint.h>

/* An event set: one bit per event of the list below. 128 bits (two machine words, GCC's and
 * Clang's unsigned __int128), so that the vocabulary can grow past 64 events; the block path only
 * ever tests or ANDs sets, which stays a word or two of work. */
typedef unsigned __int128 evset_t;

#define PMUSIM_EVENT_LIST(X) \
    /* --- static: known at decode time --- */ \
    X(COMMIT, "instruction committed (incl. ecall/ebreak, excl. illegal and faulting)") \
    X(INSTRET, "instruction retired (minstret: excludes ecall/ebreak)") \
    X(LEN16, "16-bit (compressed) instruction") \
    X(LEN32, "32-bit instruction") \
    X(LOAD, "integer load") \
    X(STORE, "integer store") \
    X(ATOMIC, "atomic (LR/SC/AMO)") \
    X(MUL, "integer multiply (mul, mulh, mulhsu, mulhu, mulw)") \
    X(DIV, "integer divide or remainder") \
    X(ALU, "integer ALU op: add/sub/logic/shift/slt/lui/auipc/wfi, incl. compressed forms") \
    X(BITMANIP, "bit manipulation (Zba/Zbb/Zbc/Zbs)") \
    X(CSR_READ, "CSR read only: csrrs/csrrc with rs1=x0, csrrsi/csrrci with uimm=0") \
    X(CSR_RW, "CSR read/write: csrrw(i) with rd!=x0, csrrs/c(i) with nonzero source") \
    X(CSR_WRITE, "CSR write only: csrrw(i) with rd=x0") \
    X(SYSTEM, "system instruction (CSR, ecall, ebreak, xret, wfi, fence, fence.i)") \
    X(ECALL, "ecall") \
    X(EBREAK, "ebreak / c.ebreak") \
    X(FENCE, "fence") \
    X(FENCEI, "fence.i") \
    X(MRET, "mret") \
    X(SRET, "sret") \
    X(WFI, "wfi") \
    X(BRANCH, "conditional branch") \
    X(JAL, "jal / c.j / c.jal") \
    X(JALR, "jalr / c.jr / c.jalr") \
    X(JUMP_UNPRED, "unpredictable jump: jal outside +-4 KiB, or jalr that is not a return") \
    X(RETURN, "return: jalr with rd=x0 and rs1 in {x1,x5}") \
    X(FP_LOAD, "floating-point load (flw, fld and compressed forms)") \
    X(FP_STORE, "floating-point store (fsw, fsd and compressed forms)") \
    X(FP_ADDSUB, "floating-point add or subtract") \
    X(FP_MUL, "floating-point multiply") \
    X(FP_DIV, "floating-point divide") \
    X(FP_FUSED, "floating-point fused multiply-add (fmadd, fmsub, fnmsub, fnmadd)") \
    X(FP_OTHER, \
      "other floating-point instruction (sqrt, min/max, sign injection, compare, classify, convert, move)") \
    /* --- dynamic: raised by the executor --- */ \
    X(BR_TAKEN, "conditional branch taken") \
    X(BR_NOT_TAKEN, "conditional branch not taken") \
    X(LOAD_MISALIGNED, "misaligned load (halfword at odd address, word not 4-aligned...)") \
    X(STORE_MISALIGNED, "misaligned store") \
    X(LOAD_EXTERNAL, "load to an address outside core-local memory") \
    X(STORE_EXTERNAL, "store to an address outside core-local memory") \
    X(DIV_BY_ZERO, "divide or remainder by zero") \
    X(FP_SUBNORMAL, "floating-point instruction whose rounded result is subnormal") \
    X(EXCEPTION, "synchronous exception taken") \
    X(IRQ_TIMER, "timer interrupt taken") \
    X(IRQ_EXTERNAL, "external interrupt taken") \
    X(IRQ_SOFTWARE, "software interrupt taken") \
    X(IRQ_OTHER, "other interrupt taken (local/counter overflow)") \
    /* --- dynamic, from a core's memory-hierarchy and timing model (src/mem/cache.c) --- */ \
    X(ICACHE_REQ, "instruction fetch request to the I-cache") \
    X(ICACHE_HIT, "instruction fetch hit in the I-cache") \
    X(DCACHE_READ, "read request to the D-cache") \
    X(DCACHE_READ_HIT, "read hit in the D-cache") \
    X(DCACHE_WRITE, "write request to the D-cache") \
    X(DCACHE_WRITE_HIT, "write hit in the D-cache") \
    X(BTC_HIT, "branch target cache hit") \
    X(BTC_MISPREDICT, "branch target mispredicted") \
    X(STALL_OF, "stall cycles in operand fetch (amount: cycles)") \
    X(STALL_EX, "stall cycles in execute (amount: cycles)") \
    X(STALL_MEM, "stall cycles in the memory stage (amount: cycles)") \
    X(LAT_IRQ, "interrupt latency (amount: cycles from request to handler)") \
    X(LAT_DCACHE_READ, "D-cache memory read: line fill (amount: cycles)") \
    X(LAT_DCACHE_WRITE, "D-cache memory write (amount: cycles)") \
    X(LAT_ICACHE_READ, "I-cache memory read: line fill (amount: cycles)") \
    X(LAT_PERIPH_READ, "uncached data read on the peripheral bus (amount: cycles)") \
    X(LAT_PERIPH_WRITE, "uncached data write on the peripheral bus (amount: cycles)") \
    /* --- from the VeeR EL2 timing model (src/core/veer_el2/timing.c) --- */ \
    X(BR_MISPREDICT, "predictable control transfer mispredicted") \
    X(TM_ICACHE_HIT, "fetch groups read from the I-cache (amount)") \
    X(TM_ICACHE_MISS, "I-cache misses (amount)") \
    X(TM_IBUS_TRANS, "I-bus transactions (amount)") \
    X(TM_IBUS_BUSY, "cycles the I-bus is busy (amount)") \
    X(TM_DBUS_TRANS, "D-bus transactions (amount)") \
    X(TM_DBUS_MISALIGNED, "misaligned D-bus accesses split in two (amount)") \
    X(TM_FETCH_STALL, "cycles fetch stalled (amount)") \
    X(TM_DECODE_STALL, "cycles decode stalled (amount)") \
    X(TM_POSTSYNC_STALL, "cycles stalled after a postsync instruction (amount)") \
    X(TM_PRESYNC_STALL, "cycles stalled before a presync instruction (amount)") \
    X(TM_SB_STALL, "cycles stalled on the store buffer or the load/store bus queue (amount)") \
    X(TM_DBUS_BUSY, "cycles the D-bus is busy (amount)") \
    /* --- from the virt machines' memory-hierarchy model (src/core/generic/hierarchy.c) --- */ \
    X(DCACHE_READ_MISS, "read miss in the L1 D-cache") \
    X(DCACHE_WRITE_MISS, "write miss in the L1 D-cache") \
    X(ICACHE_MISS, "line fetch missing in the L1 I-cache") \
    X(L2_READ, "read request to the L2 (an L1 line fill)") \
    X(L2_READ_MISS, "read miss in the L2") \
    X(L2_WRITE, "write request to the L2 (an L1 write-back)") \
    X(L2_WRITE_MISS, "write miss in the L2") \
    X(DTLB_READ, "translated load: D-TLB lookup") \
    X(DTLB_READ_MISS, "translated load missing in the D-TLB") \
    X(DTLB_WRITE, "translated store or AMO: D-TLB lookup") \
    X(DTLB_WRITE_MISS, "translated store or AMO missing in the D-TLB") \
    X(ITLB_READ, "translated fetch: I-TLB lookup") \
    X(ITLB_MISS, "translated fetch missing in the I-TLB") \
    X(BP_LOOKUP, "conditional branch direction predicted")

enum pmusim_event {
#define X(name, desc) EV_##name,
    PMUSIM_EVENT_LIST(X)
#undef X
        EV_COUNT
};

#define EVBIT(name) ((evset_t)1 << EV_##name)
_Static_assert(EV_COUNT <= 128, "the event vocabulary outgrew evset_t");

/* The lowest event of a non-empty set. */
static inline unsigned evset_first(evset_t e)
{
    uint64_t lo = (uint64_t)e;
    return lo ? (unsigned)__builtin_ctzll(lo) : 64u + (unsigned)__builtin_ctzll((uint64_t)(e >> 64));
}

/* Events that are not decided at decode time. */
#define EV_DYNAMIC_MASK \
    (EVBIT(BR_TAKEN) | EVBIT(BR_NOT_TAKEN) | EVBIT(LOAD_MISALIGNED) | EVBIT(STORE_MISALIGNED) | \
     EVBIT(LOAD_EXTERNAL) | EVBIT(STORE_EXTERNAL) | EVBIT(DIV_BY_ZERO) | EVBIT(FP_SUBNORMAL) | \
     EVBIT(EXCEPTION) | EVBIT(IRQ_TIMER) | EVBIT(IRQ_EXTERNAL) | EVBIT(IRQ_SOFTWARE) | EVBIT(IRQ_OTHER) | \
     EV_MEMORY_MASK | EVBIT(BR_MISPREDICT) | EV_HIERARCHY_MASK)

/* The dynamic events of the virt machines' memory-hierarchy model. */
#define EV_HIERARCHY_MASK \
    (EVBIT(DCACHE_READ_MISS) | EVBIT(DCACHE_WRITE_MISS) | EVBIT(ICACHE_MISS) | EVBIT(L2_READ) | \
     EVBIT(L2_READ_MISS) | EVBIT(L2_WRITE) | EVBIT(L2_WRITE_MISS) | EVBIT(DTLB_READ) | \
     EVBIT(DTLB_READ_MISS) | EVBIT(DTLB_WRITE) | EVBIT(DTLB_WRITE_MISS) | EVBIT(ITLB_READ) | \
     EVBIT(ITLB_MISS) | EVBIT(BP_LOOKUP))

/* Events that come with an amount of cycles (pmu_latency): their occurrences, sum and min/max. */
#define EV_LATENCY_MASK \
    (EVBIT(LAT_IRQ) | EVBIT(LAT_DCACHE_READ) | EVBIT(LAT_DCACHE_WRITE) | EVBIT(LAT_ICACHE_READ) | \
     EVBIT(LAT_PERIPH_READ) | EVBIT(LAT_PERIPH_WRITE))

/* The dynamic events of a memory-hierarchy and timing model. */
#define EV_MEMORY_MASK \
    (EVBIT(ICACHE_REQ) | EVBIT(ICACHE_HIT) | EVBIT(DCACHE_READ) | EVBIT(DCACHE_READ_HIT) | \
     EVBIT(DCACHE_WRITE) | EVBIT(DCACHE_WRITE_HIT) | EVBIT(BTC_HIT) | EVBIT(BTC_MISPREDICT) | \
     EVBIT(STALL_OF) | EVBIT(STALL_EX) | EVBIT(STALL_MEM) | EVBIT(LAT_IRQ) | EVBIT(LAT_DCACHE_READ) | \
     EVBIT(LAT_DCACHE_WRITE) | EVBIT(LAT_ICACHE_READ) | EVBIT(LAT_PERIPH_READ) | EVBIT(LAT_PERIPH_WRITE))

#endif
