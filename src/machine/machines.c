/* The built-in machines. Adding a machine is adding an entry here (docs/architecture.md). */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/generic/hierarchy.h"
#include "machine/machine.h"

/* QEMU virt's devices at its addresses: the UART's interrupt is PLIC source 10 (UART0_IRQ). */
static const device_desc_t virt_devices[] = {
    { "clint", 0x2000000, NULL, 0 },
    { "plic", 0xc000000, NULL, 0 },
    { "ns16550", 0x10000000, "plic", 10 },
    { "sifive-test", 0x100000, NULL, 0 },
    { NULL, 0, NULL, 0 },
};

/* QEMU `virt`-compatible: RAM at 0x80000000, CLINT, PLIC, ns16550, SiFive test finisher. mtime ticks
 * at 10 MHz against a 1 GHz clock of one instruction per cycle, as QEMU with -icount shift=0. */
#define VIRT_MACHINE(nm, core_desc, summ) \
    { \
        .name = nm, .summary = summ, .core = core_desc, .reset_pc = 0x80000000, .ram_base = 0x80000000, \
        .ram_size = 128u << 20, .dev = virt_devices, .cycles_per_mtime_tick = 100, .time_csr = true, \
        .boot_protocol = true, .pmu_dt = true, .params = virt_params, \
    }

static bool parse_on_off(const char *value, bool *out)
{
    if (!strcmp(value, "on") || !strcmp(value, "yes") || !strcmp(value, "true") || !strcmp(value, "1"))
        *out = true;
    else if (!strcmp(value, "off") || !strcmp(value, "no") || !strcmp(value, "false") || !strcmp(value, "0"))
        *out = false;
    else
        return false;
    return true;
}

static bool set_user_mode(machine_opts_t *o, const char *value)
{
    return parse_on_off(value, &o->user_mode);
}

static bool set_memory(machine_opts_t *o, const char *value)
{
    if (!strcmp(value, "testbench"))
        o->bounded_memory = false;
    else if (!strcmp(value, "bounded"))
        o->bounded_memory = true;
    else
        return false;
    return true;
}

static bool parse_count(const char *value, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    if (!*value || *value == '-')
        return false;
    unsigned long long v = strtoull(value, &end, 0);
    if (*end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static bool set_harts(machine_opts_t *o, const char *value)
{
    uint64_t n;
    if (!parse_count(value, 1, MACHINE_MAX_HARTS, &n))
        return false;
    o->harts = (unsigned)n;
    return true;
}

static bool set_quantum(machine_opts_t *o, const char *value)
{
    return parse_count(value, 1, 1ull << 30, &o->quantum);
}

static bool parse_size(const char *value, uint64_t *out);

/* The memory-hierarchy model of the virt machines (docs/machine-virt.md): `caches` switches it,
 * and giving the size of a part turns it on too (unless caches=off is given). */
static bool set_caches(machine_opts_t *o, const char *value)
{
    o->core.given |= CORE_CFG_HIERARCHY;
    return parse_on_off(value, &o->core.hierarchy);
}
/* 0 or off (absent), or a power of two from lo to hi bytes (K or M suffix). */
static bool hier_size(const char *value, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (!strcmp(value, "off"))
        v = 0;
    else if (!parse_size(value, &v) || (v && (v < lo || v > hi || (v & (v - 1)))))
        return false;
    *out = v;
    return true;
}
static bool hier_count(const char *value, uint64_t hi, unsigned *out)
{
    uint64_t v;
    if (!strcmp(value, "off"))
        v = 0;
    else if (!parse_count(value, 0, hi, &v) || (v & (v - 1)))
        return false;
    *out = (unsigned)v;
    return true;
}
#define HIER_SET_SIZE(fn, field, flag, lo, hi) \
    static bool fn(machine_opts_t *o, const char *value) \
    { \
        o->core.given |= flag; \
        return hier_size(value, lo, hi, &o->core.field); \
    }
#define HIER_SET_COUNT(fn, field, flag, hi) \
    static bool fn(machine_opts_t *o, const char *value) \
    { \
        o->core.given |= flag; \
        return hier_count(value, hi, &o->core.field); \
    }
HIER_SET_SIZE(set_virt_l1i, l1i_bytes, CORE_CFG_L1I, 1u << 10, 1u << 20)
HIER_SET_SIZE(set_virt_l1d, l1d_bytes, CORE_CFG_L1D, 1u << 10, 1u << 20)
HIER_SET_SIZE(set_virt_l2, l2_bytes, CORE_CFG_L2, 16u << 10, 64u << 20)
HIER_SET_COUNT(set_itlb, itlb_entries, CORE_CFG_ITLB, 256)
HIER_SET_COUNT(set_dtlb, dtlb_entries, CORE_CFG_DTLB, 256)
HIER_SET_COUNT(set_bp, bp_entries, CORE_CFG_BP, 1u << 16)

static const machine_param_t virt_params[] = {
    { "harts", "1..64", "number of harts (default 1); each starts at the ELF entry with a0 = mhartid",
      set_harts },
    { "quantum", "1..2^30",
      "cycles a hart runs before the next hart's turn, with several harts (default 1000)", set_quantum },
    { "caches", "on|off",
      "memory-hierarchy model: L1I, L1D, L2, TLBs, branch predictor counted in the PMU's cache events "
      "(default off; on when a size below is given)",
      set_caches },
    { "l1i", "0|1K..1M (power of two)", "L1 I-cache bytes, 8-way, 64-byte lines (default 32K)",
      set_virt_l1i },
    { "l1d", "0|1K..1M (power of two)", "L1 D-cache bytes, 8-way, 64-byte lines, write-back (default 32K)",
      set_virt_l1d },
    { "l2", "0|16K..64M (power of two)", "unified L2 bytes, 16-way, 64-byte lines, write-back (default 512K)",
      set_virt_l2 },
    { "itlb", "0|1..256 (power of two)", "I-TLB entries, fully associative, 4 KiB pages (default 32)",
      set_itlb },
    { "dtlb", "0|1..256 (power of two)", "D-TLB entries, fully associative, 4 KiB pages (default 32)",
      set_dtlb },
    { "bp", "0|1..64K (power of two)", "branch predictor: 2-bit counters indexed by pc (default 1024)",
      set_bp },
    { 0 },
};

static const machine_desc_t virt32 =
    VIRT_MACHINE("virt32", &core_generic_rv32, "RV32IMAFDC+Zb*, M/S/U, Sv32, PMP, QEMU virt memory map");
static const machine_desc_t virt64 =
    VIRT_MACHINE("virt64", &core_generic_rv64, "RV64IMAFDC+Zb*, M/S/U, Sv39/Sv48, PMP, QEMU virt memory map");

static bool set_veer_timing(machine_opts_t *o, const char *value)
{
    o->core.given |= CORE_CFG_TIMING;
    return parse_on_off(value, &o->core.timing);
}

static const machine_param_t veer_el2_params[] = {
    { "memory", "testbench|bounded",
      "testbench: every address outside ICCM, DCCM, PIC and the devices is memory, as in the VeeR "
      "testbench (default); bounded: only RAM at 0x80000000 (--ram-size), ICCM and DCCM",
      set_memory },
    { "user-mode", "on|off", "implement U-mode (off by default, as in the default VeeR build)",
      set_user_mode },
    { "timing", "on|off",
      "on (default): the VeeR EL2 timing model (pipeline, predictor, I-cache, buses) drives mcycle "
      "and the pipeline events; off: one cycle per instruction",
      set_veer_timing },
    { 0 },
};

/* VeeR EL2 default build (configs/veer.config): RV32IMC + Zba/Zbb/Zbc/Zbs, machine mode only,
 * external memory at 0x80000000, ICCM, DCCM, PIC, the testbench mailbox. See
 * docs/machine-veer-el2.md. */
static const machine_desc_t veer_el2 = {
    .name = "veer-el2",
    .summary = "VeeR EL2 RV32IMC+Zba/Zbb/Zbc/Zbs, M-mode, testbench memory map, VeeR PMU",
    .core = &core_veer_el2,
    .reset_pc = 0x80000000,
    .ram_base = 0x80000000, .ram_size = 64u << 20,
    .mem = {
        /* Only DCCM and PIC accesses stay off the D-bus (RTL addr_external): ICCM loads and
         * stores count as external (events 55/56). */
        {"iccm", 0xEE000000, 64u << 10, REGION_EXEC},
        {"dccm", 0xF0040000, 64u << 10, REGION_CORE_LOCAL},
        /* PIC registers: aligned 32-bit accesses only, anything else is an access fault. */
        {"pic", 0xF00C0000, 32u << 10, REGION_CORE_LOCAL | REGION_SIDE_EFFECT | REGION_WORD_ONLY},
        /* The rest of the DCCM/PIC region (0xF) is no memory, even in the testbench's sparse
         * memory: an access there is an access fault (RTL el2_lsu_addrcheck, el2_ifu_mem_ctl). */
        {"dccm-region", 0xF0000000, 0x10000000, REGION_UNMAPPED},
    },
    .dev = (const device_desc_t[]){ { "veer-mailbox", 0xD0580000, NULL, 0 },
                                    { "clint", 0x2000000, NULL, 0 },
                                    { NULL, 0, NULL, 0 } },
    .cycles_per_mtime_tick = 1,
    .accept_high_preload = true,
    .testbench_memory = true,
    .params = veer_el2_params,
};

/* ---- AMD MicroBlaze V: the options are the IP's generics (docs/pmu-microblaze-v.md) ---- */

/* "16K", "1M", "4096": a byte count with an optional K or M suffix. */
static bool parse_size(const char *value, uint64_t *out)
{
    char *end;
    if (!*value || *value == '-')
        return false;
    unsigned long long v = strtoull(value, &end, 0);
    if (*end == 'K' || *end == 'k')
        v <<= 10, end++;
    else if (*end == 'M' || *end == 'm')
        v <<= 20, end++;
    if (*end)
        return false;
    *out = v;
    return true;
}

#define MBV_SET_COUNT(fn, field, flag, lo, hi) \
    static bool fn(machine_opts_t *o, const char *value) \
    { \
        uint64_t n; \
        if (!parse_count(value, lo, hi, &n)) \
            return false; \
        o->core.field = (unsigned)n; \
        o->core.given |= flag; \
        return true; \
    }
#define MBV_SET_BOOL(fn, field, flag) \
    static bool fn(machine_opts_t *o, const char *value) \
    { \
        o->core.given |= flag; \
        return parse_on_off(value, &o->core.field); \
    }
MBV_SET_COUNT(mbv_event_counters, event_counters, CORE_CFG_EVENT_COUNTERS, 0, 29)
MBV_SET_COUNT(mbv_latency_counters, latency_counters, CORE_CFG_LATENCY_COUNTERS, 0, 14)
MBV_SET_COUNT(mbv_mem_latency, mem_latency, CORE_CFG_MEM_LATENCY, 1, 1000)
MBV_SET_COUNT(mbv_io_latency, io_latency, CORE_CFG_IO_LATENCY, 1, 1000)
MBV_SET_BOOL(mbv_use_counters, use_counters, CORE_CFG_USE_COUNTERS)
MBV_SET_BOOL(mbv_fpu, fpu, CORE_CFG_FPU)
MBV_SET_BOOL(mbv_smode, smode, CORE_CFG_SMODE)
MBV_SET_BOOL(mbv_timing, timing, CORE_CFG_TIMING)

/* Cache sizes: 0 or off (no cache), or a power of two from 64 bytes to 64K (C_CACHE_BYTE_SIZE). */
static bool mbv_cache_size(const char *value, uint64_t *out)
{
    if (!strcmp(value, "off")) {
        *out = 0;
        return true;
    }
    uint64_t v;
    if (!parse_size(value, &v) || (v && (v < 64 || v > (64u << 10) || (v & (v - 1)))))
        return false;
    *out = v;
    return true;
}
static bool mbv_icache(machine_opts_t *o, const char *value)
{
    o->core.given |= CORE_CFG_ICACHE;
    return mbv_cache_size(value, &o->core.icache_bytes);
}
static bool mbv_dcache(machine_opts_t *o, const char *value)
{
    o->core.given |= CORE_CFG_DCACHE;
    return mbv_cache_size(value, &o->core.dcache_bytes);
}
static bool mbv_cache_line(machine_opts_t *o, const char *value)
{
    uint64_t n;
    if (!parse_count(value, 4, 16, &n) || (n != 4 && n != 8 && n != 16))
        return false;
    o->core.cache_line_words = (unsigned)n;
    o->core.given |= CORE_CFG_CACHE_LINE;
    return true;
}
static bool mbv_pipeline(machine_opts_t *o, const char *value)
{
    uint64_t n;
    if (!parse_count(value, 3, 8, &n) || (n != 3 && n != 5 && n != 8))
        return false;
    o->core.pipeline = (unsigned)n;
    o->core.given |= CORE_CFG_PIPELINE;
    return true;
}
static bool mbv_btc(machine_opts_t *o, const char *value)
{
    uint64_t n;
    if (!parse_count(value, 0, 1024, &n) || (n & (n - 1)))
        return false;
    o->core.btc_entries = (unsigned)n;
    o->core.given |= CORE_CFG_BTC;
    return true;
}

static const machine_param_t mbv_params[] = {
    { "event-counters", "0..29", "C_DEBUG_EVENT_COUNTERS: event counters mhpmcounter3.. (default 5)",
      mbv_event_counters },
    { "latency-counters", "0..14",
      "C_DEBUG_LATENCY_COUNTERS: latency pairs (sum, min/max) after the event counters (default 1); "
      "event-counters + 2 x latency-counters <= 29",
      mbv_latency_counters },
    { "use-counters", "on|off", "C_USE_COUNTERS: mcycle/minstret and their user views (default on)",
      mbv_use_counters },
    { "icache", "off|64..64K (power of two)", "instruction cache size in bytes, K or M suffix (default off)",
      mbv_icache },
    { "dcache", "off|64..64K (power of two)",
      "data cache size in bytes, write-through, K or M suffix (default off)", mbv_dcache },
    { "cache-line", "4|8|16", "cache line length in 32-bit words (default 4)", mbv_cache_line },
    { "btc", "0|power of two <= 1024", "branch target cache entries (default 0: none)", mbv_btc },
    { "pipeline", "3|5|8", "pipeline stages (default 5)", mbv_pipeline },
    { "timing", "on|off",
      "timing model: stalls, cache fills, bus latencies in mcycle and class 3 (default: on when a cache or "
      "the BTC is configured)",
      mbv_timing },
    { "mem-latency", "1..1000",
      "cycles of an external memory (AXI) access or line fill's first word (default 10)", mbv_mem_latency },
    { "io-latency", "1..1000", "cycles of a peripheral (AXI) access (default 4)", mbv_io_latency },
    { "fpu", "on|off", "F (and D on mbv64) extensions (default off)", mbv_fpu },
    { "smode", "on|off", "S and U modes (default off: M only)", mbv_smode },
    { 0 },
};

static const device_desc_t mbv_devices[] = {
    { "xlnx,xps-uartlite", 0x40600000, NULL, 0 },
    { "xlnx,xps-intc", 0x41200000, NULL, 0 },
    { "xlnx,xps-timer", 0x41C00000, "xlnx,xps-intc", 0 },
    { NULL, 0, NULL, 0 },
};

/* A common Vivado MicroBlaze V design (and QEMU's amd-microblaze-v-generic): LMB block RAM at 0,
 * external memory at 0x80000000, AXI UART Lite, AXI timer (interrupt controller input 0) and AXI
 * interrupt controller at their usual addresses. */
#define MBV_MACHINE(nm, core_desc, summ) \
    { \
        .name = nm, .summary = summ, .core = core_desc, .reset_pc = 0x80000000, .ram_base = 0x80000000, \
        .ram_size = 256u << 20, .mem = { { "lmb", 0x0, 128u << 10, REGION_EXEC | REGION_CORE_LOCAL } }, \
        .dev = mbv_devices, .cycles_per_mtime_tick = 1, .params = mbv_params, \
    }

static const machine_desc_t mbv32 =
    MBV_MACHINE("mbv32", &core_mbv32,
                "AMD MicroBlaze V RV32IMAC(F)+Zb*, HPM class+mask, caches and pipeline as configured");
static const machine_desc_t mbv64 =
    MBV_MACHINE("mbv64", &core_mbv64,
                "AMD MicroBlaze V RV64IMAC(FD)+Zb*, HPM class+mask, caches and pipeline as configured");

/* ---- p8700: RV64 harts behind a MIPS Coherence Manager (docs/mips-cm.md) ---- */

static bool set_cores(machine_opts_t *o, const char *value)
{
    uint64_t n;
    if (!parse_count(value, 1, 8, &n))
        return false;
    o->cores = (unsigned)n;
    return true;
}

static bool set_harts_per_core(machine_opts_t *o, const char *value)
{
    uint64_t n;
    if (!parse_count(value, 1, 4, &n))
        return false;
    o->harts_per_core = (unsigned)n;
    if (!o->cores)
        o->cores = 1;
    return true;
}

/* a power of two from 64 KiB to 8 MiB */
static bool set_l2(machine_opts_t *o, const char *value)
{
    uint64_t v;
    if (!parse_size(value, &v) || v < (64u << 10) || v > (8u << 20) || (v & (v - 1)))
        return false;
    o->l2_size = v;
    return true;
}

/* 32 KiB aligned, below RAM */
static bool set_gcr_base(machine_opts_t *o, const char *value)
{
    uint64_t v;
    if (!parse_count(value, 0, 0x80000000ull - 0x10000, &v) || (v & 0x7FFF) || v == 0)
        return false;
    o->cm_base = v;
    return true;
}

static bool set_boot(machine_opts_t *o, const char *value)
{
    if (strcmp(value, "cpc") && strcmp(value, "all"))
        return false;
    o->all_harts_start = !strcmp(value, "all");
    return true;
}

static const machine_param_t p8700_params[] = {
    { "cores", "1..8", "cores behind the CM (default 1), each with its own L1 I and D caches", set_cores },
    { "harts-per-core", "1..4", "harts per core (default 1); harts = cores * harts-per-core",
      set_harts_per_core },
    { "l2", "64K..8M", "size of the shared L2, a power of two (default 1M)", set_l2 },
    { "gcr-base", "ADDR", "address of the CM's GCR block, 32 KiB aligned, below RAM (default 0x16100000)",
      set_gcr_base },
    { "boot", "cpc|all",
      "cpc (default): only the first hart runs at reset, the others wait until the CPC starts them at "
      "their GCR reset base; all: every hart starts at the ELF entry",
      set_boot },
    { "quantum", "1..2^30",
      "cycles a hart runs before the next hart's turn, with several harts (default 1000)", set_quantum },
    /* the generic core's TLB and predictor models beside the CM's caches (docs/mips-cm.md) */
    { "itlb", "0|1..256 (power of two)",
      "I-TLB entries counted in the harts' PMU, fully associative, 4 KiB pages (default 32)", set_itlb },
    { "dtlb", "0|1..256 (power of two)",
      "D-TLB entries counted in the harts' PMU, fully associative, 4 KiB pages (default 32)", set_dtlb },
    { "bp", "0|1..64K (power of two)",
      "branch predictor counted in the harts' PMU: 2-bit counters indexed by pc (default 1024)", set_bp },
    { 0 },
};

static const device_desc_t p8700_devices[] = {
    { "clint", 0x2000000, NULL, 0 },
    { "plic", 0xc000000, NULL, 0 },
    { "ns16550", 0x10000000, "plic", 10 },
    { "sifive-test", 0x100000, NULL, 0 },
    { "mips-cm", 0x16100000, NULL, 0 },
    { "iocu-dma", 0x16000000, NULL, 0 },
    { NULL, 0, NULL, 0 },
};

/* P8700-like: RV64 M/S/U harts with mhartid core 11:4, hart 3:0; the virt devices; the CM GCR at
 * Boston's address; a DMA engine behind the IOCUs; memory windows the caches do not hold. */
static const machine_desc_t p8700 = {
    .name = "p8700",
    .summary = "RV64 harts behind a MIPS Coherence Manager: L1s, shared L2, CM performance counters",
    .core = &core_generic_rv64,
    .reset_pc = 0x80000000,
    .ram_base = 0x80000000,
    .ram_size = 128u << 20,
    .mem = {
        {"sram-uncached", 0x70000000, 1u << 20, REGION_UNCACHED},
        {"sram-uca", 0x70100000, 1u << 20, REGION_UNCACHED_ACCEL},
    },
    .dev = p8700_devices,
    .cycles_per_mtime_tick = 100,
    .time_csr = true,
    .boot_protocol = true,
    .pmu_dt = true,
    .params = p8700_params,
    .hartid_core_shift = 4,
    .hier_machine_parts = HIER_L1I | HIER_L1D | HIER_L2, /* the CM's L1s and L2 in the harts' PMU */
};

static const machine_desc_t *const all_machines[] = { &veer_el2, &virt32, &virt64, &mbv32,
                                                      &mbv64,    &p8700,  NULL };
const char *const machine_default_name = "veer-el2";

const machine_desc_t *const *machine_list(void)
{
    return all_machines;
}

const machine_desc_t *machine_find(const char *name)
{
    for (const machine_desc_t *const *m = all_machines; *m; m++)
        if (!strcmp((*m)->name, name))
            return *m;
    return NULL;
}
