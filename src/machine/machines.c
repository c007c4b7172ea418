/* The built-in machines. Adding a machine is adding an entry here (docs/architecture.md). */
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "machine/machine.h"

/* QEMU `virt`-compatible: RAM at 0x80000000, CLINT, ns16550, SiFive test finisher. mtime ticks
 * at 10 MHz against a 1 GHz clock of one instruction per cycle, as QEMU with -icount shift=0. */
#define VIRT_MACHINE(nm, core_desc, summ) \
    { \
        .name = nm, .summary = summ, .core = core_desc, .reset_pc = 0x80000000, .ram_base = 0x80000000, \
        .ram_size = 128u << 20, \
        .dev = { { "clint", 0x2000000 }, { "ns16550", 0x10000000 }, { "sifive-test", 0x100000 } }, \
        .cycles_per_mtime_tick = 100, .time_csr = true, .params = virt_params, \
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

static const machine_param_t virt_params[] = {
    { "harts", "1..64", "number of harts (default 1); each starts at the ELF entry with a0 = mhartid",
      set_harts },
    { "quantum", "1..2^30",
      "cycles a hart runs before the next hart's turn, with several harts (default 1000)", set_quantum },
    { 0 },
};

static const machine_desc_t virt32 =
    VIRT_MACHINE("virt32", &core_generic_rv32, "RV32IMAC+Zb*, M/S/U, QEMU virt memory map");
static const machine_desc_t virt64 =
    VIRT_MACHINE("virt64", &core_generic_rv64, "RV64IMAC+Zb*, M/S/U, QEMU virt memory map");

static const machine_param_t veer_el2_params[] = {
    { "memory", "testbench|bounded",
      "testbench: every address outside ICCM, DCCM, PIC and the devices is memory, as in the VeeR "
      "testbench (default); bounded: only RAM at 0x80000000 (--ram-size), ICCM and DCCM",
      set_memory },
    { "user-mode", "on|off", "implement U-mode (off by default, as in the default VeeR build)",
      set_user_mode },
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
    .dev = { { "veer-mailbox", 0xD0580000 }, { "clint", 0x2000000 } },
    .cycles_per_mtime_tick = 1,
    .accept_high_preload = true,
    .testbench_memory = true,
    .params = veer_el2_params,
};

static const machine_desc_t *const all_machines[] = { &veer_el2, &virt32, &virt64, NULL };
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
