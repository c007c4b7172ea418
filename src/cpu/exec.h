/* Executor entry points and the services the interpreter template calls out of line. */
#ifndef PMUSIM_CPU_EXEC_H
#define PMUSIM_CPU_EXEC_H

#include "cpu/hart.h"

/* Runs pre-decoded blocks from h->pc until h->budget is used up (hart_kick) or a stop.
 * On return h->pc is the next instruction to execute and all counters are exact. */
void exec_run_rv32(hart_t *h);
void exec_run_rv64(hart_t *h);
/* The same, recording a profile (cpu/prof.h): used while hart_t.prof is set. */
void exec_prof_run_rv32(hart_t *h);
void exec_prof_run_rv64(hart_t *h);

typedef void (*exec_fn_t)(hart_t *h);
/* The executor hart h runs. */
static inline exec_fn_t exec_for(const hart_t *h)
{
    if (h->prof)
        return h->xlen == 32 ? exec_prof_run_rv32 : exec_prof_run_rv64;
    return h->xlen == 32 ? exec_run_rv32 : exec_run_rv64;
}

/* Exception causes (privileged spec, mcause). */
enum exc_cause {
    CAUSE_MISALIGNED_FETCH = 0,
    CAUSE_FETCH_ACCESS = 1,
    CAUSE_ILLEGAL_INSN = 2,
    CAUSE_BREAKPOINT = 3,
    CAUSE_MISALIGNED_LOAD = 4,
    CAUSE_LOAD_ACCESS = 5,
    CAUSE_MISALIGNED_STORE = 6,
    CAUSE_STORE_ACCESS = 7,
    CAUSE_ECALL_U = 8,
    CAUSE_ECALL_S = 9,
    CAUSE_ECALL_M = 11,
    CAUSE_FETCH_PAGE_FAULT = 12,
    CAUSE_LOAD_PAGE_FAULT = 13,
    CAUSE_STORE_PAGE_FAULT = 15,
};

/* Outcome of a slow-path memory access. */
typedef enum mem_result {
    MEM_OK = 0,
    MEM_FAULT,        /* h->trap_cause / h->trap_tval hold the exception */
    MEM_STOP,         /* the access completed and asked the run to stop (exit device) */
    MEM_CODE_WRITTEN, /* the store completed over decoded code (exec_code_store_ends_block) */
} mem_result_t;

/* `done`: instructions of the current block executed before this one (devices see the exact cycle). */
mem_result_t mem_load_slow(hart_t *h, uint64_t addr, unsigned size, uint64_t *val, evset_t insn_events,
                           unsigned done);
mem_result_t mem_store_slow(hart_t *h, uint64_t addr, unsigned size, uint64_t val, evset_t insn_events,
                            unsigned done);
/* Harts with observe_mem: the first n instructions of block b were fetched (when they retire):
 * the memory-hierarchy model sees the lines, unless the L1 I-cache memo says they are all still
 * where the block last found them (cpu/mem_observe.c). */
void mem_fetch_block(hart_t *h, block_t *b, unsigned n);
/* An AMO or a successful SC stored to addr: over decoded code the hart drops its blocks
 * (MEM_CODE_WRITTEN: see exec_code_store_ends_block); a watched granule (tohost, another
 * hart's reservation) is the platform's to see (MEM_STOP if that ended the run). */
mem_result_t mem_amo_stored(hart_t *h, uint64_t addr, unsigned size);
/* An LR, SC or AMO (op, rs2's value src) at addr: *rd_value is what rd gets. MEM_FAULT (the
 * exception in h->trap_cause: rd keeps its value), else what mem_amo_stored says of its store
 * (MEM_OK for an LR or an SC that failed). The interpreter's handler and translated code's
 * helper, jit_amo; translated code makes the plain AMOs inline itself (jit/jit.c, emit_amo). */
mem_result_t mem_atomic(hart_t *h, enum insn_op op, uint64_t addr, uint64_t src, uint64_t *rd_value);

/* Block cache. */
block_t *block_at(hart_t *h, uint64_t pc);         /* NULL: fetch fault, cause in h->trap_cause */
block_t *block_find(const hart_t *h, uint64_t pc); /* the block at pc if decoded, else NULL */
/* Bytes of a granule map (code map, store watch) of main RAM: one bit per 64 bytes. */
size_t block_granule_map_bytes(uint64_t ram_size);
/* The block cache of a hart; code_map and store_watch are granule maps shared by the harts of a
 * machine (owned by the caller). False when out of memory. */
bool block_cache_init(hart_t *h, uint8_t *code_map, uint8_t *store_watch);
void block_cache_flush(hart_t *h);
/* Before the hart runs on: drops the blocks over code stores hit (hart_t.n_code_written), or all
 * of them (code_dirty: flushed; code_unwatched: forgotten). */
void block_cache_sync_code(hart_t *h);
/* Drops the hart's blocks because another hart's store hit code outside main RAM: the code map is
 * left as it is (bits still set only send stores to the slow path). */
void block_cache_forget(hart_t *h);
/* fence.i: decoded blocks always follow the stores of the harts (the store watch), so they go
 * only if the host may have written guest memory since the last flush (block_cache_host_wrote). */
void block_cache_fence_i(hart_t *h);
/* Links block `from`'s successor slot s to `to` (the executor's chaining), and notes a jump of
 * translated code to successor s of b that its code may patch: both are cut when blocks are
 * dropped. */
void block_link(hart_t *h, block_t *from, unsigned s, block_t *to);
void block_jit_site(hart_t *h, block_t *b, unsigned s, uint8_t *site);
bool block_cache_host_wrote(const hart_t *h);
/* Drops the blocks decoded through the translation contexts id with ctx_drop[id] (id > 0) whose code
 * lies in virtual page vpn (UINT64_MAX: anywhere), and, if there were any, every link between
 * blocks (sfence.vma). */
void block_cache_drop_vm(hart_t *h, uint64_t vpn, const bool *ctx_drop);
void block_cache_free(hart_t *h);
void block_mark_code(hart_t *h, uint64_t pc, uint64_t end);
/* Does [addr, addr + len) hold code some hart decoded (main RAM: the shared code map; other
 * memories: this hart's range)? A write there by something other than a hart (DMA) must drop it. */
bool block_range_has_code(const hart_t *h, uint64_t addr, uint64_t len);
/* A store of the running block b reported MEM_CODE_WRITTEN (hart_t.code_store): true when it wrote
 * over b's own code, which then ends after it. Otherwise b runs on to its end and the run loop
 * drops the blocks written over before going on (hart_kick): data next to code costs no early
 * block end, and a core's timing model sees the block whole, as the core runs it. */
bool exec_code_store_ends_block(hart_t *h, const block_t *b);

/* Lazy counting: folds the executed blocks of hart `ctx` into its PMU (pmu_t.flush), and makes
 * the hart's PMU use it (after pmu_init). */
void block_counts_flush(void *ctx);
void block_counts_attach(hart_t *h);

/* Traps. */
void trap_enter(hart_t *h, uint64_t cause, uint64_t tval, uint64_t epc);
/* A non-maskable interrupt at the current pc (an instruction boundary): mepc, mcause (as given,
 * the core's NMI cause), mstatus as for a trap into M-mode, and on to `vector`. */
void trap_enter_nmi(hart_t *h, uint64_t mcause, uint64_t vector);
void trap_return_m(hart_t *h);
void trap_return_s(hart_t *h);
bool hart_take_interrupt(hart_t *h); /* takes the highest-priority one if any */

/* Instruction-level helpers that need machine state. */
typedef enum sys_result { SYS_OK = 0, SYS_TRAP, SYS_STOP, SYS_WAIT } sys_result_t;
sys_result_t csr_exec(hart_t *h, const dinsn_t *d, enum insn_op op, evset_t own_events);
/* wfi: SYS_OK when it does not wait (a core whose wfi is a nop, or an interrupt pending), SYS_WAIT
 * when the hart stops until one is. */
sys_result_t sys_wfi(hart_t *h);
/* ebreak: SYS_OK when the platform performed a host call (semihosting), else SYS_TRAP. */
static inline sys_result_t sys_ebreak(hart_t *h, uint64_t pc)
{
    return h->platform && h->platform->host_call && h->platform->host_call(h->platform_ctx, h, pc) ? SYS_OK
                                                                                                   : SYS_TRAP;
}
/* Brings core-local timers (core_ext) up to the current cycle, the time since the last call having
 * been spent in `state`; returns the cycles until one of them next raises an interrupt. */
uint64_t hart_advance_core(hart_t *h, enum hart_run_state state);
/* A timed block (b->timed) retired its first n instructions; control goes on at next_pc. */
void exec_block_timing(hart_t *h, const block_t *b, unsigned n, uint64_t next_pc);
/* Commits the events of instructions [0, n) of b and their cycles (partial block); trapped:
 * instruction n raised an exception (else the run stopped after instruction n - 1). */
void exec_commit_prefix(hart_t *h, const block_t *b, unsigned n, bool trapped);
/* Runs the block at h->pc with `exec` and returns after it (also after a trap), executing at most
 * its first n instructions (n > 0): exact ends of --max-insns. */
void exec_run_prefix(hart_t *h, void (*exec)(hart_t *), uint64_t n);

#endif
