/* The VeeR EL2 PMU: mhpmcounter3-6, events 1-56 and 512-516 (seed 000, and
 * ../shared/reference/veer-el2.md §3-5 for what the RTL really counts).
 *
 * Instruction-level events are exact: they come from the decoder's classes and the executor's
 * dynamic events. Pipeline events (cycles, stalls, caches, buses) have no timing model yet; each
 * entry's `accuracy` says what pmusim counts instead. */
#include "pmu/model.h"

#define EXACT NULL
#define NOT_MODELLED "not modelled yet: counts 0"
/* Events of the timing model (timing.c); with -M veer-el2,timing=off they count 0 (mcycle: one
 * cycle per instruction). Tolerances: measured on tests/veer-timing against the RTL. */
#define TIMED(what) "timing model: " what "; 0 with timing=off"

/* clang-format off */
#define SUM(set) {SLOT_SUM, (set)}
/* clang-format on */

/* clang-format off */
#define EVS(set) {SLOT_EVENTS, (set)}
#define NONE {SLOT_OFF, 0}
/* clang-format on */

static const pmu_event_desc_t veer_events[] = {
    { 1,
      "cycles",
      "Cycles clock active",
      "timing model: within 3% of the RTL on 74 of 80 measured programs and cases (tests/veer-timing), "
      "every bundled example and the CoreMark-like runs included, 0.7% on average over the micro-cases; "
      "worst -12% (a load 2 instructions after an external store) and -9% (switch code: BHT timing); one "
      "per instruction with timing=off",
      { SLOT_CYCLES, 0 } },
    { 2, "icache-hits", "I-cache hits",
      TIMED("4-byte fetches of the fetch stream in lines that hit, one wrong-path fetch per mispredicted "
            "branch; -0.4% in total on the calibration programs, -2.2% on the held-out ones; far fewer in "
            "code larger than the cache"),
      SUM(EVBIT(TM_ICACHE_HIT)) },
    { 3, "icache-misses", "I-cache misses",
      TIMED("16 KiB 2-way LRU I-cache, no prefetch; within one miss per measured case"),
      SUM(EVBIT(TM_ICACHE_MISS)) },
    { 4, "instr-committed", "Instructions committed, all (incl. ecall, ebreak, mret)", EXACT,
      EVS(EVBIT(COMMIT)) },
    { 5, "instr-committed-16b", "16-bit instructions committed", EXACT, EVS(EVBIT(LEN16)) },
    { 6, "instr-committed-32b", "32-bit instructions committed", EXACT, EVS(EVBIT(LEN32)) },
    { 7, "instr-aligned", "Instructions aligned (speculative)",
      "committed instructions: the RTL also aligns wrong-path ones (within 0.1% in total, at most 1.1% "
      "more on the measured programs)",
      EVS(EVBIT(COMMIT)) },
    { 8, "instr-decoded", "Instructions decoded (speculative)",
      "committed instructions: the RTL also decodes wrong-path ones (within 0.1% in total, at most 1.1% "
      "more on the measured programs)",
      EVS(EVBIT(COMMIT)) },
    { 9, "muls", "Multiplications committed", EXACT, EVS(EVBIT(MUL)) },
    { 10, "divs", "Divisions and remainders committed", EXACT, EVS(EVBIT(DIV)) },
    { 11, "loads", "Loads committed", EXACT, EVS(EVBIT(LOAD)) },
    { 12, "stores", "Stores committed", EXACT, EVS(EVBIT(STORE)) },
    { 13, "misaligned-loads", "Misaligned loads", EXACT, EVS(EVBIT(LOAD_MISALIGNED)) },
    { 14, "misaligned-stores", "Misaligned stores", EXACT, EVS(EVBIT(STORE_MISALIGNED)) },
    { 15, "alus", "ALU operations committed", EXACT, EVS(EVBIT(ALU)) },
    { 16, "csr-read", "CSR read instructions committed", EXACT, EVS(EVBIT(CSR_READ)) },
    { 17, "csr-read-write", "CSR read/write instructions committed", EXACT, EVS(EVBIT(CSR_RW)) },
    { 18, "csr-write", "CSR write rd==0 instructions committed", EXACT, EVS(EVBIT(CSR_WRITE)) },
    { 19, "ebreaks", "ebreak instructions committed", EXACT, EVS(EVBIT(EBREAK)) },
    { 20, "ecalls", "ecall instructions committed", EXACT, EVS(EVBIT(ECALL)) },
    { 21, "fences", "fence instructions committed", EXACT, EVS(EVBIT(FENCE)) },
    { 22, "fence-i", "fence.i instructions committed", EXACT, EVS(EVBIT(FENCEI)) },
    { 23, "mrets", "mret instructions committed", EXACT, EVS(EVBIT(MRET)) },
    { 24, "branches", "Branches committed (conditional, jal, jalr)", EXACT,
      EVS(EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR)) },
    { 25, "branch-misses", "Branches mispredicted",
      TIMED("gshare, BTB and return stack as the RTL; +0.6% in total, within 10% on each measured "
            "program (switch code: +9%), -2.1% on the held-out ones"),
      EVS(EVBIT(BR_MISPREDICT)) },
    { 26, "branches-taken", "Branches taken (taken conditional, every jal/jalr)", EXACT,
      EVS(EVBIT(BR_TAKEN) | EVBIT(JAL) | EVBIT(JALR)) },
    { 27, "branches-unpredictable", "Unpredictable branches (far jal, non-return jalr)", EXACT,
      EVS(EVBIT(JUMP_UNPRED)) },
    { 28, "fetch-stall-cycles", "Cycles fetch ready but stalled",
      TIMED("I-cache miss cycles and cycles the fetch buffer is full and nothing is consumed; -0.7% in "
            "total on the calibration programs, +0.5% on the held-out ones"),
      SUM(EVBIT(TM_FETCH_STALL)) },
    { 30, "decode-stall-cycles", "Cycles instruction valid in IB but decode stalled",
      TIMED("external load-to-use, bus queue, divide, presync/postsync cycles; -2% in total, misaligned "
            "loads and switch code far lower"),
      SUM(EVBIT(TM_DECODE_STALL)) },
    { 31, "postsync-stall-cycles", "Cycles postsync stalled at decode",
      TIMED("2 per postsync CSR write and per fence.i; -8% in total on the measured programs"),
      SUM(EVBIT(TM_POSTSYNC_STALL)) },
    { 32, "presync-stall-cycles", "Cycles presync stalled at decode",
      TIMED("2 per presync CSR access, fence and fence.i; +8% in total on the measured programs"),
      SUM(EVBIT(TM_PRESYNC_STALL)) },
    { 34, "sb-wb-stall-cycles", "Cycles decode stalled due to SB or WB full",
      TIMED("cycles the bus buffer holds 4 external accesses; -22% in total on the calibration programs: "
            "no DCCM store buffer, misaligned accesses as one entry"),
      SUM(EVBIT(TM_SB_STALL)) },
    { 35, "dma-dccm-stall-cycles", "Cycles DMA stalled due to decode for load/store",
      EXACT /* no DMA master: 0, as the RTL without DMA traffic */, NONE },
    { 36, "dma-iccm-stall-cycles", "Cycles DMA stalled due to fetch", EXACT /* no DMA master */, NONE },
    { 37, "exceptions", "Exceptions taken", EXACT, EVS(EVBIT(EXCEPTION)) },
    { 38, "timer-interrupts", "Timer interrupts taken (mtip and internal timers)", EXACT,
      EVS(EVBIT(IRQ_TIMER)) },
    { 39, "external-interrupts", "External interrupts taken", EXACT, EVS(EVBIT(IRQ_EXTERNAL)) },
    { 40, "tlu-flushes", "TLU flushes (flush lower)",
      "trap entries, mret and fence.i (no refetch/PAUSE flushes)",
      EVS(EVBIT(EXCEPTION) | EVBIT(IRQ_TIMER) | EVBIT(IRQ_EXTERNAL) | EVBIT(IRQ_SOFTWARE) | EVBIT(IRQ_OTHER) |
          EVBIT(MRET) | EVBIT(FENCEI)) },
    { 41, "branch-error-flushes", "Branch error flushes",
      "not modelled: 0; the RTL's 5-bit BTB tags alias only in code spread over more than 32 KiB (69 in "
      "the 24 KiB straight-line micro-case, 0 in every other measured program)",
      NONE },
    { 42, "ibus-transactions", "Instruction transactions on the I-bus",
      TIMED("8 per I-cache line fill; within 0.4% on the measured programs"), SUM(EVBIT(TM_IBUS_TRANS)) },
    { 43, "dbus-transactions", "Load/store transactions on the D-bus",
      TIMED("one per external access, stores to one word and loads of one bus word coalescing as the RTL; "
            "+0.2% in total, within 10% on every measured program"),
      SUM(EVBIT(TM_DBUS_TRANS)) },
    { 44, "dbus-misaligned", "Misaligned transactions on the D-bus",
      TIMED("misaligned external accesses; equal to the RTL on the measured programs"),
      SUM(EVBIT(TM_DBUS_MISALIGNED)) },
    { 45, "ibus-errors", "Transaction errors on the I-bus",
      "0: pmusim's I-bus never errors (a fetch from no memory is an access fault)", NONE },
    { 46, "dbus-errors", "Transaction errors on the D-bus",
      "0: accesses to no memory are precise access faults in pmusim, not bus errors", NONE },
    { 47, "ibus-busy-cycles", "Cycles stalled due to I-bus busy",
      TIMED("7 per I-cache line fill; the RTL's other busy cycles are not modelled"),
      SUM(EVBIT(TM_IBUS_BUSY)) },
    { 48, "dbus-busy-cycles", "Cycles stalled due to D-bus busy",
      TIMED("a store right after a store to another bus word, a load right after an unmerged load of "
            "another; +12% in total, within 10% on the measured programs but quicksort (2x, 4x)"),
      SUM(EVBIT(TM_DBUS_BUSY)) },
    { 49,
      "irq-disabled-cycles",
      "Cycles interrupts disabled (mstatus.MIE==0)",
      "cycles of the one-cycle-per-instruction clock",
      { SLOT_IRQ_OFF_CYCLES, 0 } },
    { 50,
      "irq-stalled-cycles",
      "Cycles interrupts stalled while disabled (MIE==0, enabled interrupt pending)",
      "cycles of the one-cycle-per-instruction clock",
      { SLOT_IRQ_STALLED_CYCLES, 0 } },
    { 54, "bitmanip", "Bit-manipulation operations committed", EXACT, EVS(EVBIT(BITMANIP)) },
    { 55, "dbus-loads", "Load instructions to the D-bus committed", EXACT, EVS(EVBIT(LOAD_EXTERNAL)) },
    { 56, "dbus-stores", "Store instructions to the D-bus committed", EXACT, EVS(EVBIT(STORE_EXTERNAL)) },
    { 512,
      "sleep-cycles",
      "Cycles in sleep (C3) state: firmware halt via mpmc",
      EXACT,
      { SLOT_SLEEP_CYCLES, 0 } },
    { 513, "dma-reads", "DMA slave read transactions", EXACT /* no DMA master: 0 */, NONE },
    { 514, "dma-writes", "DMA slave write transactions", EXACT /* no DMA master: 0 */, NONE },
    { 515, "dma-dccm-reads", "DMA slave read transactions to DCCM", EXACT /* no DMA master: 0 */, NONE },
    { 516, "dma-dccm-writes", "DMA slave write transactions to DCCM", EXACT /* no DMA master: 0 */, NONE },
};
#define N_VEER_EVENTS (sizeof veer_events / sizeof veer_events[0])

/* WARL (reference §4): stored in 10 bits; any value with bits 31:10 set, or outside the legal set
 * 0-28, 30-32, 34-50, 54-56, 512-516, stores 0. */
static uint64_t veer_legalize(const pmu_model_t *model, uint64_t value)
{
    if (value > 0x3FF)
        return 0;
    return pmu_model_event_by_code(model, value) ? value : 0;
}

static pmu_selection_t veer_select(const pmu_model_t *model, uint64_t value)
{
    const pmu_event_desc_t *e = pmu_model_event_by_code(model, value);
    return e ? e->sel : (pmu_selection_t){ SLOT_OFF, 0 };
}

/* mhpmevent holds the event number in 10 bits (perf's format "event: config:0-9") */
static const pmu_format_field_t veer_formats[] = { { "event", 0, 9 }, { NULL, 0, 0 } };

extern const pmu_metric_table_t pmu_metrics_veer_el2; /* metrics.json, compiled in */

const pmu_model_t pmu_model_veer_el2 = {
    /* RTL mhpmc3_incr, minstretl_cout_ns: the other half comes from the incremented counter */
    .half_write_keeps_increment = true,
    .name = "veer-el2",
    .raw_pmu = "veer",
    .formats = veer_formats,
    .metrics = &pmu_metrics_veer_el2,
    .hpm_mask = 0x78, /* mhpmcounter3-6; 7-31 read 0 and ignore writes */
    .hpm_bits = 64,
    .inhibit_mask = 0x7D, /* bits 0, 2-6 */
    .events = veer_events,
    .n_events = N_VEER_EVENTS,
    .legalize = veer_legalize,
    .select = veer_select,
};
