/* Building a machine from its description, and the run loop. */
#include "machine/machine.h"

#include <assert.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/csr.h"
#include "cpu/pmp.h"
#include "cpu/exec.h"
#include "cpu/spin.h"
#include "cpu/sscofpmf.h"
#include "jit/jit.h"
#include "dev/devices.h"
#include "loader/elf_load.h"
#include "loader/raw_load.h"
#include "mem/l1_memo.h"
#include "util/u64.h"

/* The executor returns to the run loop at least this often (instructions) to look at devices. */
#define RUN_CHUNK (1 << 20)

/* HTIF: one half of tohost written alone is taken as the command after this many more
 * instructions without a store to the other half (see platform_watched_store). */
#define HTIF_HALF_GRACE 16

static const hart_platform_t machine_platform;
static void platform_rewatch(void *ctx, hart_t *h);
static bool machine_add_run_sources(machine_t *m);

/* "4G", "1760M", "1316352K", "100 bytes": a size as --ram-size takes it. */
static const char *size_text(uint64_t v, char *buf, size_t n)
{
    static const char units[] = "TGMK";
    for (int k = 0; k < 4; k++) {
        unsigned shift = 10u * (unsigned)(4 - k);
        if (v && (v & ((1ull << shift) - 1)) == 0) {
            snprintf(buf, n, "%llu%c", (unsigned long long)(v >> shift), units[k]);
            return buf;
        }
    }
    snprintf(buf, n, "%llu bytes", (unsigned long long)v);
    return buf;
}

/* Main memory of `size` bytes must lie inside the hart's address space and below every other
 * region of the machine above it. Prints why not (one line, with the largest size that fits) and
 * returns false. */
static bool ram_size_fits(const machine_desc_t *desc, uint64_t size, const diag_t *diag)
{
    uint64_t base = desc->ram_base;
    /* the bytes from base to the end of the address space (2^64 - base: 0 means all of it) */
    uint64_t space = desc->core->xlen == 32 ? (1ull << 32) - base : (uint64_t)0 - base;
    uint64_t largest = space ? space : UINT64_MAX;
    /* the other regions above main memory, in address order */
    unsigned n_dev = 0;
    while (desc->dev && desc->dev[n_dev].cls)
        n_dev++;
    struct {
        const char *name;
        uint64_t base;
    } above[MACHINE_MAX_MEM + n_dev + 1];
    unsigned n_above = 0;
    for (unsigned k = 0; k < MACHINE_MAX_MEM + n_dev; k++) {
        const char *name = NULL;
        uint64_t rbase = 0;
        if (k < MACHINE_MAX_MEM && desc->mem[k].name && !(desc->mem[k].flags & REGION_UNMAPPED)) {
            name = desc->mem[k].name;
            rbase = desc->mem[k].base;
        } else if (k >= MACHINE_MAX_MEM) {
            name = desc->dev[k - MACHINE_MAX_MEM].cls;
            rbase = desc->dev[k - MACHINE_MAX_MEM].base;
        }
        if (!name || rbase < base)
            continue;
        unsigned at = n_above++;
        for (; at > 0 && above[at - 1].base > rbase; at--)
            above[at] = above[at - 1];
        above[at].name = name;
        above[at].base = rbase;
    }
    if (n_above && above[0].base - base < largest)
        largest = above[0].base - base;
    if (size <= largest)
        return true;

    char given[32], fit[32], why[400];
    size_t used;
    if (space && size > space) {
        used =
            (size_t)snprintf(why, sizeof why, "at 0x%llx would run past the end of the %u-bit address space",
                             (unsigned long long)base, desc->core->xlen);
    } else {
        used = (size_t)snprintf(why, sizeof why, "0x%llx-0x%llx would overlap", (unsigned long long)base,
                                (unsigned long long)(base + size - 1));
        for (unsigned k = 0; k < n_above && above[k].base - base < size && used < sizeof why; k++)
            used += (size_t)snprintf(why + used, sizeof why - used, "%s %s at 0x%llx", k ? "," : "",
                                     above[k].name, (unsigned long long)above[k].base);
    }
    diag_error(diag,
               "--ram-size %s does not fit machine %s: main memory %s; the largest size that fits is %s "
               "(0x%llx bytes)",
               size_text(size, given, sizeof given), desc->name, why, size_text(largest, fit, sizeof fit),
               (unsigned long long)largest);
    return false;
}

/* ---- what devices get (dev_host_t) ---- */

static void host_console_write(void *ctx, const void *buf, size_t n)
{
    machine_console_write(ctx, buf, n);
}

static int host_console_read(void *ctx)
{
    return machine_console_getc(ctx);
}

static bool host_console_ended(void *ctx)
{
    const machine_t *m = ctx;
    return m->console_in > 0;
}

static void host_exit(void *ctx, int code)
{
    machine_exit(ctx, code);
}

static void host_set_irq(void *ctx, unsigned hart, unsigned irq, bool level)
{
    machine_t *m = ctx;
    if (hart < m->n_harts && irq < 64)
        machine_set_irq(m, hart, irq, level);
}

static void host_core_signal(void *ctx, unsigned hart, unsigned sig, uint64_t value)
{
    machine_t *m = ctx;
    if (hart < m->n_harts && m->harts[hart].core_ext && m->harts[hart].core_ext->signal)
        m->harts[hart].core_ext->signal(&m->harts[hart], sig, value);
}

/* The time base devices see: the clock of the hart running now (harts are at most one quantum
 * apart; docs/architecture.md "Several harts"). */
static uint64_t host_cycles(void *ctx)
{
    machine_t *m = ctx;
    return hart_cycle(m->running);
}

static void host_deadline_changed(void *ctx)
{
    machine_t *m = ctx;
    m->bus.wake_events++;
    hart_kick(m->running);
}

/* Hart k's mhartid: k, or on a coherence-manager machine core << shift | hart in core. */
static uint64_t machine_hart_id(const machine_t *m, unsigned k)
{
    unsigned shift = m->desc->hartid_core_shift;
    return shift ? (uint64_t)(k / m->harts_per_core) << shift | k % m->harts_per_core : k;
}

static bool add_device(machine_t *m, const device_desc_t *d)
{
    const device_class_t *cls = device_class_find(d->cls);
    uint64_t base = cls == &mips_cm_class && m->cm_base ? m->cm_base : d->base;
    struct machine_device *md = &m->dev[m->n_dev];
    uint64_t *hart_ids = malloc(m->n_harts * sizeof(*hart_ids));
    if (!hart_ids)
        return false;
    for (unsigned k = 0; k < m->n_harts; k++)
        hart_ids[k] = machine_hart_id(m, k);
    device_params_t params = { .n_harts = m->n_harts,
                               .hart_ids = hart_ids,
                               .cycles_per_tick = m->desc->cycles_per_mtime_tick,
                               .has_s_mode = m->desc->core->has_s_mode,
                               .irq = &md->irq,
                               .cores = m->cores,
                               .l2_size = m->l2_size,
                               .base = base };
    void *state = cls ? cls->create(&m->dev_host, &params) : NULL;
    free(hart_ids); /* a device keeps what it needs of them */
    if (!state)
        return false;
    *md = (struct machine_device){ cls, state, base, { 0 }, -1 };
    m->n_dev++;
    if (cls == &clint_class)
        m->clint = state;
    if (cls == &mips_cm_class)
        m->cm = state;
    return bus_add_device(&m->bus, cls->name, base, cls->size, cls->ops, state, cls->region) != NULL;
}

/* Wires each device's interrupt output to the controller the description names: false (with a
 * message) when there is no such controller in the machine. */
static bool wire_interrupts(machine_t *m)
{
    for (unsigned k = 0; k < m->n_dev; k++) {
        const device_desc_t *d = &m->desc->dev[k];
        if (!d->irq_to)
            continue;
        for (unsigned c = 0; c < m->n_dev; c++) {
            struct machine_device *ctl = &m->dev[c];
            if (ctl->cls->irq_input && !strcmp(ctl->cls->name, d->irq_to)) {
                m->dev[k].irq = (irq_line_t){ ctl->cls->irq_input, ctl->state, d->irq };
                m->dev[k].irq_to = (int)c;
            }
        }
        if (m->dev[k].irq_to < 0) {
            diag_error(&m->diag, "machine %s: device %s: no interrupt controller %s", m->desc->name, d->cls,
                       d->irq_to);
            return false;
        }
    }
    return true;
}

machine_t *machine_new(const machine_desc_t *desc, const machine_opts_t *opts)
{
    machine_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->desc = desc;
    m->diag = opts->diag;
    m->console = opts->console;
    m->console_last = -1;
    m->console_in = -1; /* standard input, looked at on the guest's first read */
    m->console_fd = 0;
    m->dev_host = (dev_host_t){
        .ctx = m,
        .bus = &m->bus,
        .console_write = host_console_write,
        .console_read = host_console_read,
        .console_ended = host_console_ended,
        .guest_exit = host_exit,
        .set_irq = host_set_irq,
        .core_signal = host_core_signal,
        .cycles = host_cycles,
        .deadline_changed = host_deadline_changed,
        .dma = machine_cm_dma,
        .hart_run = machine_cm_hart_run,
    };
    m->htif.host = m->semihost.host = &m->dev_host;
    m->semihost.cmdline = opts->cmdline;
    m->semihost.features_pos = -1;
    m->n_harts = opts->harts ? opts->harts : 1;
    m->harts_per_core = opts->harts_per_core ? opts->harts_per_core : 1;
    m->cores = opts->cores ? opts->cores : 1;
    if (opts->cores)
        m->n_harts = m->cores * m->harts_per_core;
    m->l2_size = opts->l2_size;
    m->cm_base = opts->cm_base;
    m->all_harts_start = opts->all_harts_start;
    m->quantum = opts->quantum ? opts->quantum : MACHINE_DEFAULT_QUANTUM;
    m->harts = aligned_alloc(HART_ALIGN, m->n_harts * sizeof(*m->harts)); /* hart.h: HART_ALIGN */
    if (!m->harts) {
        free(m);
        return NULL;
    }
    memset(m->harts, 0, m->n_harts * sizeof(*m->harts));
    m->running = &m->harts[0];

    uint64_t ram_size = opts->ram_size ? opts->ram_size : desc->ram_size;
    if (!ram_size_fits(desc, ram_size, &m->diag)) {
        free(m->harts);
        free(m);
        return NULL;
    }
    bus_region_t *ram;
    if (desc->testbench_memory && !opts->bounded_memory) {
        /* The VeeR testbench's memory: the whole address space, main RAM being the part of it
         * that the executor reaches without a region lookup. */
        uint64_t space = 1ull << 32; /* a 32-bit core's whole physical address space */
        if (!bus_set_background(&m->bus, "memory", 0, space, REGION_EXEC)) {
            diag_error(&m->diag, "cannot reserve %llu bytes of address space for machine %s",
                       (unsigned long long)space, desc->name);
            free(m->harts);
            free(m);
            return NULL;
        }
        ram = bus_add_background_window(&m->bus, "ram", desc->ram_base, ram_size,
                                        desc->ram_flags | REGION_EXEC);
    } else {
        ram = bus_add_ram(&m->bus, "ram", desc->ram_base, ram_size, desc->ram_flags | REGION_EXEC);
    }
    if (!ram) {
        char text[32];
        diag_error(&m->diag, "cannot allocate %s of RAM for machine %s: %s",
                   size_text(ram_size, text, sizeof text), desc->name, strerror(errno));
        bus_free(&m->bus);
        free(m->harts);
        free(m);
        return NULL;
    }
    for (unsigned k = 0; k < MACHINE_MAX_MEM && desc->mem[k].name; k++) {
        const mem_desc_t *md = &desc->mem[k];
        if (md->flags & REGION_UNMAPPED) {
            if (m->bus.has_background && !bus_add_background_hole(&m->bus, md->base, md->size)) {
                diag_error(&m->diag, "machine %s: too many unmapped windows", desc->name);
                machine_free(m);
                return NULL;
            }
            continue;
        }
        if (!bus_add_ram(&m->bus, md->name, md->base, md->size, md->flags)) {
            diag_error(&m->diag, "machine %s: memory %s overlaps another region", desc->name, md->name);
            machine_free(m);
            return NULL;
        }
    }
    unsigned n_dev = 0;
    while (desc->dev && desc->dev[n_dev].cls)
        n_dev++;
    m->dev = calloc(n_dev ? n_dev : 1, sizeof *m->dev);
    if (!m->dev) {
        diag_error(&m->diag, "out of memory");
        machine_free(m);
        return NULL;
    }
    for (unsigned k = 0; k < n_dev; k++) {
        if (!add_device(m, &desc->dev[k])) {
            diag_error(&m->diag, "machine %s: cannot map device %u", desc->name, k);
            machine_free(m);
            return NULL;
        }
    }
    if (!wire_interrupts(m)) {
        machine_free(m);
        return NULL;
    }

    size_t map_bytes = block_granule_map_bytes(ram->size);
    m->map_bytes = map_bytes; /* 1 TiB of RAM needs 2 GiB per map: mapped, touched near code only */
    m->code_map = bus_host_map(map_bytes);
    m->store_watch = bus_host_map(map_bytes);
    if (!m->code_map || !m->store_watch) {
        diag_error(&m->diag, "out of memory");
        machine_free(m);
        return NULL;
    }
    for (unsigned k = 0; k < m->n_harts; k++) {
        hart_t *h = &m->harts[k];
        h->platform = &machine_platform;
        h->platform_ctx = m;
        h->bus = &m->bus;
        h->xlen = desc->core->xlen;
        h->isa = desc->core->isa | ISA_EXT_I | (desc->core->has_s_mode ? ISA_EXT_S : 0) |
                 (desc->core->has_u_mode || opts->user_mode ? ISA_EXT_U : 0);
        h->ram = ram->host;
        h->ram_region = ram;
        h->ram_base = desc->ram_base;
        h->ram_size = ram->size;
        h->ram_core_local = (desc->ram_flags & REGION_CORE_LOCAL) != 0;
        h->irq_mask = (1ull << IRQ_MSI) | (1ull << IRQ_MTI) | (1ull << IRQ_MEI) | desc->core->platform_irqs;
        if (desc->core->has_s_mode)
            h->irq_mask |= (1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI);
        h->timer_irq_mask = (1ull << IRQ_MTI) | (1ull << IRQ_STI) | desc->core->timer_irqs;
        h->external_irq_mask = (1ull << IRQ_MEI) | (1ull << IRQ_SEI) | desc->core->external_irqs;
        h->misaligned_traps = desc->core->misaligned_traps;
        h->time_csr = desc->time_csr;
        h->wfi_is_nop = desc->core->wfi_is_nop;
        h->pmp_count = desc->core->pmp_entries;
        h->core_ext = desc->core->ext;
        h->max_insns = opts->max_insns;
        h->observe_mem = m->cm != NULL;
        machine_cm_attach(m, h);
        core_config_t core_cfg = machine_core_config(desc, opts);
        if (desc->core->setup && !desc->core->setup(h, &core_cfg)) {
            diag_error(&m->diag, "out of memory");
            machine_free(m);
            return NULL;
        }
        h->tier = &jit_tier;
        h->jit_threshold = jit_threshold_for((enum jit_mode)opts->jit);
        if (!block_cache_init(h, m->code_map, m->store_watch)) {
            diag_error(&m->diag, "out of memory");
            machine_free(m);
            return NULL;
        }
    }
    for (unsigned k = 0; m->n_harts > 1 && k < m->n_harts; k++)
        m->harts[k].bc.code_map_shared = true; /* a flush leaves the map's bits: block_cache_flush */
    /* harts alike share their translations (exec_tier_t.share_new) */
    if (m->n_harts > 1 && jit_tier.share_new && !(m->tier_share = jit_tier.share_new())) {
        diag_error(&m->diag, "out of memory");
        machine_free(m);
        return NULL;
    }
    for (unsigned k = 0; k < m->n_harts && m->tier_share; k++)
        m->harts[k].tier_share = m->tier_share;
    if (!machine_add_run_sources(m)) {
        diag_error(&m->diag, "machine %s: too many run-loop event sources", desc->name);
        machine_free(m);
        return NULL;
    }
    machine_reset(m, desc->reset_pc);
    return m;
}

void machine_free(machine_t *m)
{
    if (!m)
        return;
    if (m->firmware_free)
        m->firmware_free(m->firmware);
    for (unsigned k = 0; k < m->n_harts; k++) {
        block_cache_free(&m->harts[k]);
        if (m->harts[k].core_ext && m->harts[k].core_ext->destroy && m->harts[k].core_state)
            m->harts[k].core_ext->destroy(&m->harts[k]);
        free(m->harts[k].core_state);
    }
    free(m->harts);
    if (m->tier_share)
        jit_tier.share_free(m->tier_share);
    bus_host_unmap(m->code_map, m->map_bytes);
    bus_host_unmap(m->store_watch, m->map_bytes);
    bus_free(&m->bus);
    for (unsigned k = 0; k < m->n_dev; k++)
        m->dev[k].cls->destroy(m->dev[k].state);
    free(m->dev);
    free(m);
}

/* Every hart starts at the entry point in M-mode with a0 = mhartid, as on QEMU's virt machine
 * with -bios none. */
static void hart_reset(machine_t *m, hart_t *h, unsigned id, uint64_t entry)
{
    memset(h->x, 0, sizeof h->x);
    h->x[10] = id;
    h->pc = entry;
    h->insns_base = h->stall_cycles = 0;
    h->budget = 0;
    h->stop = STOP_NONE;
    h->trap_depth = 0;
    h->last_trap_insns = UINT64_MAX;
    h->trap_unreturned = false;
    h->trap_repeat = 0;
    h->one_block = false;
    h->wfi_wait = h->halted = false;
    h->pause_cycles = 0;
    h->core_clock_mark = 0;
    h->reservation_valid = false;
    h->sleep_known = false;
    h->csr.mvendorid = m->desc->core->mvendorid;
    h->csr.marchid = m->desc->core->marchid;
    h->csr.mimpid = m->desc->core->mimpid;
    h->csr.mhartid = id;
    h->ovf_armed = 0;
    h->csr.mcyclecfg = h->csr.minstretcfg = 0;
    csr_reset(h);
    if (m->clint)
        clint_lines_lost(m->clint, (unsigned)(h - m->harts)); /* the reset cleared its lines */
    if (m->desc->core->mstatus_reset)
        h->csr.mstatus = m->desc->core->mstatus_reset;
    pmu_sync(&h->pmu); /* empties the list of executed blocks before the PMU forgets it */
    pmu_init(&h->pmu, h->pmu_model ? h->pmu_model : m->desc->core->pmu);
    hart_set_priv(h, PRIV_M);
    block_counts_attach(h);
    pmp_changed(h); /* also decides the inline RAM path and flushes the blocks */
}

void machine_reset(machine_t *m, uint64_t entry)
{
    for (unsigned k = 0; k < m->n_harts; k++)
        hart_reset(m, &m->harts[k], (unsigned)machine_hart_id(m, k), entry);
    /* each reset starts its hart's blocks anew: nothing is left to drop */
    for (unsigned k = 0; k < m->n_harts; k++) {
        m->harts[k].code_dirty = m->harts[k].code_unwatched = false;
        m->harts[k].n_code_written = 0;
    }
    for (unsigned k = 0; k < m->n_dev; k++)
        m->dev[k].cls->reset(m->dev[k].state);
    machine_cm_reset(m, entry);
    m->running = &m->harts[0];
    m->time = 0;
    m->stop_hart = 0;
    m->exited = false;
    m->exit_code = 0;
    m->htif_pending = 0;
}

core_config_t machine_core_config(const machine_desc_t *desc, const machine_opts_t *opts)
{
    core_config_t cfg = opts ? opts->core : (core_config_t){ 0 };
    cfg.machine_parts = desc->hier_machine_parts;
    return cfg;
}

const char *machine_check_opts(const machine_desc_t *desc, const machine_opts_t *opts, char *buf, size_t size)
{
    core_config_t cfg = machine_core_config(desc, opts);
    return desc->core->check_config ? desc->core->check_config(&cfg, buf, size) : NULL;
}

const pmu_model_t *machine_pmu_model(const machine_desc_t *desc, const machine_opts_t *opts,
                                     core_pmu_store_t *store)
{
    core_config_t cfg = machine_core_config(desc, opts);
    return desc->core->pmu_for ? desc->core->pmu_for(&cfg, store) : desc->core->pmu;
}

const machine_param_t *machine_find_param(const machine_desc_t *desc, const char *key)
{
    for (const machine_param_t *p = desc->params; p && p->key; p++)
        if (strcmp(p->key, key) == 0)
            return p;
    return NULL;
}

void machine_console_write(machine_t *m, const void *buf, size_t n)
{
    if (n) {
        m->console_bytes += n;
        m->console_last = ((const unsigned char *)buf)[n - 1];
    }
    if (m->console.write)
        m->console.write(m->console.ctx, buf, n);
}

void machine_console_flush(machine_t *m)
{
    if (m->console.flush)
        m->console.flush(m->console.ctx);
}

void machine_exit(machine_t *m, int code)
{
    m->exited = true;
    m->exit_code = code;
    m->running->stop = STOP_EXIT;
    hart_kick(m->running);
}

void machine_set_irq(machine_t *m, unsigned hart, unsigned irq, bool level)
{
    hart_t *h = &m->harts[hart];
    if (m->firmware_line && m->firmware_line(m->firmware, h, irq, level))
        return;
    hart_set_line(h, irq, level);
}

/* A machine with the program's XLEN to suggest, or NULL: the one whose name shares the longest
 * prefix with the current machine's (virt64 -> virt32), so the suggestion stays in the family. */
const char *machine_for_xlen(const char *current, unsigned xlen)
{
    const char *best = NULL;
    size_t best_len = 0;
    for (const machine_desc_t *const *d = machine_list(); *d; d++) {
        if ((*d)->core->xlen != xlen)
            continue;
        size_t n = 0;
        while ((*d)->name[n] && (*d)->name[n] == current[n])
            n++;
        if (!best || n > best_len) {
            best = (*d)->name;
            best_len = n;
        }
    }
    return best;
}

/* Does the HTIF tohost word lie in main RAM? (computed without wrap-around) */
static bool tohost_in_ram(const machine_t *m, const hart_t *h)
{
    return m->htif.tohost && m->htif.tohost >= h->ram_base && h->ram_size >= 8 &&
           m->htif.tohost - h->ram_base <= h->ram_size - 8;
}

int machine_load_program(machine_t *m, const char *path, elf_image_t *img)
{
    elf_target_t target = {
        .diag = &m->diag,
        .bus = &m->bus,
        .name = m->desc->name,
        .xlen = m->desc->core->xlen,
        .veer_preload = m->desc->accept_high_preload,
        .machine_for_xlen = machine_for_xlen,
    };
    if (elf_load(&target, path, img) != 0)
        return -1;
    const elf_symbol_t *s;
    m->htif.tohost = (s = elf_find_symbol(img, "tohost")) ? s->addr : 0;
    m->htif.fromhost = (s = elf_find_symbol(img, "fromhost")) ? s->addr : 0;
    /* HTIF is on when tohost lies wholly in one memory, whichever: in main RAM its granule is
     * watched, elsewhere (every store there takes the slow path) its address range */
    m->htif_on = m->htif.tohost && bus_ram_ptr(&m->bus, m->htif.tohost, 8);
    for (unsigned k = 0; k < m->n_harts; k++) {
        hart_t *h = &m->harts[k];
        bool elsewhere = m->htif_on && !tohost_in_ram(m, h);
        h->watch_lo = elsewhere ? m->htif.tohost : 0;
        h->watch_hi = elsewhere ? m->htif.tohost + 8 : 0;
    }
    if (!m->semihost.cmdline)
        m->semihost.cmdline = img->path;
    platform_rewatch(m, &m->harts[0]); /* the harts share one store watch */
    return 0;
}

int machine_load_raw(machine_t *m, const char *path, uint64_t addr, elf_image_t *img)
{
    elf_target_t target = {
        .bus = &m->bus, .name = m->desc->name, .xlen = m->desc->core->xlen, .diag = &m->diag
    };
    if (raw_load(&target, path, addr, img) != 0)
        return -1;
    if (!m->semihost.cmdline)
        m->semihost.cmdline = img->path;
    platform_rewatch(m, &m->harts[0]);
    return 0;
}

/* ---- the services the harts get (hart_platform_t) ---- */

static bool platform_read_time(void *ctx, uint64_t *time)
{
    machine_t *m = ctx;
    if (!m->clint)
        return false;
    *time = clint_mtime(m->clint);
    return true;
}

static bool platform_host_call(void *ctx, hart_t *h, uint64_t pc)
{
    machine_t *m = ctx;
    return semihost_try(&m->semihost, h, pc);
}

/* The reservation granule (64 bytes) of an LR. */
#define RESERVATION_GRANULE 64u

/* The host takes the 64-bit command in tohost, as Spike's front end reads it. */
static void htif_take(machine_t *m)
{
    m->htif_pending = 0;
    uint8_t *p = bus_ram_ptr(&m->bus, m->htif.tohost, 8);
    uint64_t v;
    if (!p)
        return;
    memcpy(&v, p, 8);
    if (v)
        htif_tohost_write(&m->htif, v);
}

/* tohost is a 64-bit word that RV32 programs write as two 32-bit halves, in either order
 * (riscv-tests: lower half first; others upper half first, for hosts that poll the lower half).
 * The command is taken once both halves have been written, by one store or two. A half written
 * alone is taken as the whole command when the same half is written again before the other one
 * (a program using only the lower half, as riscv-tests' older write_tohost loop), after
 * HTIF_HALF_GRACE more instructions without the other half, or when the hart goes to sleep. */
static void htif_store(machine_t *m, uint64_t addr, unsigned size)
{
    uint64_t lower = m->htif.tohost, upper = lower + 4;
    unsigned halves = (addr - lower < 4 || lower - addr < size ? HTIF_LOWER : 0u) |
                      (addr - upper < 4 || upper - addr < size ? HTIF_UPPER : 0u);
    if ((m->htif_pending & halves) || (m->htif_pending | halves) == (HTIF_LOWER | HTIF_UPPER)) {
        htif_take(m);
        return;
    }
    m->htif_pending |= halves;
    m->htif_pending_since = machine_insns(m);
    hart_kick(m->running); /* the run loop bounds the next budget by the grace */
}

/* The addresses the machine itself keeps watched (platform_rewatch): tohost's first and last
 * bytes while HTIF is on in main RAM (an unaligned tohost may straddle two granules) and each
 * hart's valid reservation. Returns how many it put in a[]. */
#define PLATFORM_WATCH_MAX (2 + MACHINE_MAX_HARTS)
static unsigned platform_watch_addrs(const machine_t *m, const hart_t *h, uint64_t a[PLATFORM_WATCH_MAX])
{
    unsigned n = 0;
    if (m->htif_on && tohost_in_ram(m, h)) {
        a[n++] = m->htif.tohost;
        a[n++] = m->htif.tohost + 7;
    }
    for (unsigned k = 0; k < m->n_harts; k++)
        if (m->harts[k].reservation_valid)
            a[n++] = m->harts[k].reservation_addr;
    return n;
}

/* The watch of the granule of main RAM holding addr goes once nothing needs it: no decoded code
 * (block_mark_code's reason) and none of the machine's own addresses. A lock's word is watched
 * from its first LR on; without this, every later store to it (each unlock) would take the slow
 * path for the rest of the run. */
static void unwatch_granule_if_idle(machine_t *m, const hart_t *h, uint64_t addr)
{
    uint64_t off = addr - h->ram_base;
    if (off >= h->ram_size)
        return;
    uint64_t g = off >> 6;
    uint8_t bit = (uint8_t)(1u << (g & 7));
    if (m->code_map[g >> 3] & bit)
        return;
    uint64_t watched[PLATFORM_WATCH_MAX];
    for (unsigned k = 0, n = platform_watch_addrs(m, h, watched); k < n; k++)
        if (((watched[k] - h->ram_base) >> 6) == g)
            return;
    m->store_watch[g >> 3] &= (uint8_t)~bit;
}

static void platform_watched_store(void *ctx, hart_t *h, uint64_t addr, unsigned size)
{
    machine_t *m = ctx;
    /* a store by one hart breaks the other harts' reservations of its granule */
    for (unsigned k = 0; k < m->n_harts; k++) {
        hart_t *o = &m->harts[k];
        if (o != h && o->reservation_valid && addr < (o->reservation_addr | (RESERVATION_GRANULE - 1)) + 1 &&
            (o->reservation_addr & ~(uint64_t)(RESERVATION_GRANULE - 1)) < addr + size)
            o->reservation_valid = false;
    }
    if (m->n_harts > 1) {
        unwatch_granule_if_idle(m, h, addr);
        if ((addr ^ (addr + size - 1)) >> 6) /* a misaligned store into the next granule */
            unwatch_granule_if_idle(m, h, addr + size - 1);
    }
    if (!m->htif_on || addr >= m->htif.tohost + 8 || m->htif.tohost >= addr + size)
        return;
    htif_store(m, addr, size);
}

static void watch_granule(const hart_t *h, uint64_t addr)
{
    if (addr < h->ram_base || addr - h->ram_base >= h->ram_size)
        return;
    uint64_t g = (addr - h->ram_base) >> 6;
    h->store_watch[g >> 3] |= (uint8_t)(1u << (g & 7));
    l1_memo_unwatch(h->l1d_memo, addr);
}

static void platform_rewatch(void *ctx, hart_t *h)
{
    machine_t *m = ctx;
    uint64_t watched[PLATFORM_WATCH_MAX];
    for (unsigned k = 0, n = platform_watch_addrs(m, h, watched); k < n; k++)
        watch_granule(h, watched[k]);
}

static void platform_code_unwatched(void *ctx, hart_t *h)
{
    machine_t *m = ctx;
    for (unsigned k = 0; k < m->n_harts; k++)
        if (&m->harts[k] != h)
            m->harts[k].code_unwatched = true;
}

static void platform_code_written(void *ctx, hart_t *h, uint64_t pa, unsigned size)
{
    (void)h;
    machine_t *m = ctx;
    for (unsigned k = 0; k < m->n_harts; k++)
        hart_note_code_written(&m->harts[k], pa, size);
}

static void platform_reserve(void *ctx, hart_t *h, uint64_t addr)
{
    machine_t *m = ctx;
    if (m->n_harts > 1)
        watch_granule(h, addr); /* other harts' stores there take the slow path and break it */
}

static bool platform_firmware_call(void *ctx, hart_t *h)
{
    machine_t *m = ctx;
    return m->firmware_ecall && m->firmware_ecall(m->firmware, h);
}

static void platform_firmware_exception(void *ctx, hart_t *h, uint64_t cause)
{
    machine_t *m = ctx;
    if (m->firmware_exception)
        m->firmware_exception(m->firmware, h, cause);
}

static bool machine_turn_end(void *ctx, hart_t *h);

static const hart_platform_t machine_platform = {
    .read_time = platform_read_time,
    .firmware_call = platform_firmware_call,
    .firmware_exception = platform_firmware_exception,
    .host_call = platform_host_call,
    .watched_store = platform_watched_store,
    .rewatch = platform_rewatch,
    .code_unwatched = platform_code_unwatched,
    .code_written = platform_code_written,
    .reserve = platform_reserve,
    .mem_access = machine_cm_mem_access,
    .turn_end = machine_turn_end,
};

/* Cycles until something ends the wait of a core in `state`: an interrupt enabled in mie becoming
 * pending (wfi and firmware halt end on mip & mie, whatever mstatus.MIE says), or the end of a
 * PAUSE. UINT64_MAX: nothing ever will (software interrupts and external lines only change by
 * stores, and the hart is not running). The devices' looks for console input
 * (device_class_t.reads_console) are left out of it, in *look (UINT64_MAX: none). */
static uint64_t machine_wake_deadline(machine_t *m, hart_t *h, enum hart_run_state state, uint64_t *look)
{
    uint64_t d = state == RUN_PAUSED ? h->pause_cycles : UINT64_MAX;
    /* the CLINT's timer reaches the hart as MTI, or as STI through the built-in SBI */
    if (m->clint && (h->csr.mie & ((1ull << IRQ_MTI) | (1ull << IRQ_STI))))
        d = u64_min(d, clint_update(m->clint));
    if (h->core_ext && h->core_ext->wake)
        d = u64_min(d, h->core_ext->wake(h, state));
    /* other timers (behind an interrupt controller): their next interrupt may end the wait */
    *look = UINT64_MAX;
    for (unsigned k = 0; k < m->n_dev; k++)
        if (m->dev[k].cls->next_event && m->dev[k].state != (void *)m->clint) {
            uint64_t e = m->dev[k].cls->next_event(m->dev[k].state);
            if (m->dev[k].cls->reads_console)
                *look = u64_min(*look, e);
            else
                d = u64_min(d, e);
        }
    return d;
}

/* Every hart waits, and before the next event, `until` cycles on (UINT64_MAX: none), only a
 * device's look for console input, `look` cycles on, could end the wait: the cycles to let go by.
 * With a pipe or a terminal on the console, pmusim waits there for a byte, at most the host time
 * of `until` cycles (a cycle is a nanosecond: machine_dt.c), and the guest's time moves on by the
 * host time that went by: a guest waiting for typed input follows host time and costs no host CPU
 * (docs/usage.md "Console input"). Else the next look. */
static uint64_t machine_console_idle(machine_t *m, uint64_t look, uint64_t until)
{
    uint64_t waited;
    if (!machine_console_wait(m, until, &waited))
        return look;
    return waited ? u64_min(waited, until) : 1;
}

/* Hart h, waiting in `state`, lets d cycles go by. */
static void machine_sleep_for(hart_t *h, enum hart_run_state state, uint64_t d)
{
    h->stall_cycles += d; /* time moves on; mcycle counts unless the clock is gated */
    if (state == RUN_HALTED)
        pmu_sleep(&h->pmu, d);
    if (state == RUN_PAUSED)
        h->pause_cycles -= d;
    hart_advance_core(h, state);
}

/* A hart sleeping through the rounds (machine_sleeps_through) lets the cycles up to `until` go by. */
static void machine_sleep_to(hart_t *h, uint64_t until)
{
    if (hart_cycle(h) < until)
        machine_sleep_for(h, hart_run_state_of(h), until - hart_cycle(h));
}

/* Hart h waits (wfi, firmware halt, PAUSE): moves its time to the next event, at most `limit`
 * cycles on; *progress when something can end the wait. Returns false when nothing ever can. */
static bool machine_wait(machine_t *m, hart_t *h, uint64_t limit, bool *progress)
{
    enum hart_run_state state = hart_run_state_of(h);
    uint64_t look, d = machine_wake_deadline(m, h, state, &look);
    if (look < d && m->n_harts == 1) /* the machine is idle */
        look = machine_console_idle(m, look, u64_min(d, limit));
    d = u64_min(d, look);
    if (d != UINT64_MAX)
        *progress = true;
    if (d == UINT64_MAX && (limit == UINT64_MAX || m->n_harts == 1)) /* a lone hart: nothing else can */
        return false;
    /* remembered for the next rounds (machine_sleeps_through): computing it may change lines */
    h->sleep_until = d == UINT64_MAX ? UINT64_MAX : hart_cycle(h) + d;
    h->sleep_events = m->bus.wake_events;
    h->sleep_known = true;
    d = u64_min(d, limit);
    machine_sleep_for(h, state, d ? d : 1);
    return true;
}

/* Round-robin: hart h waits through the whole of its turn to cycle `until` as machine_run_hart
 * would find, without asking the sources again: nothing changed since its wake-up cycle was
 * computed (no device write, interrupt line or device deadline moved: bus_t.wake_events), that
 * cycle is not before `until`, it has no interrupt pending and nothing else is pending for it
 * (a stop, a poll, a host command, an armed counter overflow). A hart waiting through most rounds
 * of a Linux boot then costs a few tests a round. */
static bool machine_sleeps_through(const machine_t *m, const hart_t *h, uint64_t until)
{
    return hart_waits(h) && h->sleep_known && h->sleep_events == m->bus.wake_events &&
           h->sleep_until >= until && h->stop == STOP_NONE && !(h->csr.mip & h->csr.mie) && !h->ovf_armed &&
           !h->code_dirty && !m->htif_pending && !(h->core_ext && h->core_ext->take_event) &&
           atomic_load_explicit(&m->stop_request, memory_order_relaxed) == STOP_NONE &&
           atomic_load_explicit(&m->poll, memory_order_relaxed) == 0;
}

uint64_t machine_insns(const machine_t *m)
{
    uint64_t n = 0;
    for (unsigned k = 0; k < m->n_harts; k++)
        n += hart_insns(&m->harts[k]);
    return n;
}

/* A lone hart at a `j .` that no interrupt can take it out of: M-mode with mstatus.MIE clear, or
 * no interrupt enabled in mie, and no half-written HTIF command the host will still take (checked
 * once per run chunk, and only once such a block exists). */
static bool machine_stuck_in_self_loop(const machine_t *m, const hart_t *h)
{
    if (m->n_harts != 1 || m->htif_pending) /* another hart, or a host command, can still act */
        return false;
    const block_t *b = block_find(h, h->pc);
    if (!b || !b->self_loop)
        return false;
    bool mie_bit = (h->csr.mstatus & (1u << 3)) != 0;
    return h->csr.mie == 0 || (h->priv == PRIV_M && !mie_bit);
}

/* ---- The run loop's event sources (docs/architecture.md "The run loop") ---- */

static_assert(ATOMIC_INT_LOCK_FREE == 2, "a stop request is set from signal handlers");

void machine_request_stop(machine_t *m, hart_stop_t why)
{
    atomic_store_explicit(&m->stop_request, (int)why, memory_order_relaxed);
}

void machine_clear_stop(machine_t *m)
{
    atomic_store_explicit(&m->stop_request, STOP_NONE, memory_order_relaxed);
}

bool machine_add_source(machine_t *m, const run_source_t *src)
{
    if (m->n_sources == MACHINE_MAX_SOURCES)
        return false;
    uint8_t k = (uint8_t)m->n_sources++;
    m->sources[k] = *src;
    if (src->sync)
        m->sync_ix[m->n_sync++] = k;
    if (src->next)
        m->next_ix[m->n_next++] = k;
    if (src->next && (src->flags & RUN_SOURCE_WAKES))
        m->wake_ix[m->n_wake++] = k;
    return true;
}

/* A stop asked for from outside (Ctrl-C, SIGTERM, SIGHUP, the gdb stub): looked at first. */
static uint64_t stop_request_sync(machine_t *m, hart_t *h, void *ctx)
{
    (void)h, (void)ctx;
    return atomic_load_explicit(&m->stop_request, memory_order_relaxed) != STOP_NONE ? 0 : UINT64_MAX;
}

static void stop_request_due(machine_t *m, hart_t *h, void *ctx)
{
    (void)ctx;
    h->stop = (hart_stop_t)atomic_load_explicit(&m->stop_request, memory_order_relaxed);
}

/* A look at the running machine from outside (the CLI's status line): poll_fn is called at the
 * next step; the run itself is not changed. */
static uint64_t poll_sync(machine_t *m, hart_t *h, void *ctx)
{
    (void)h, (void)ctx;
    atomic_store_explicit(&m->poll, 0, memory_order_relaxed);
    if (m->poll_fn)
        m->poll_fn(m->poll_ctx, m);
    return UINT64_MAX;
}

/* The core's own timers and run states (VeeR's internal timers, a PAUSE): advanced to the clock. */
static uint64_t core_timers_sync(machine_t *m, hart_t *h, void *ctx)
{
    (void)m, (void)ctx;
    enum hart_run_state state = h->halted ? RUN_HALTED : h->pause_cycles ? RUN_PAUSED : RUN_ACTIVE;
    return hart_advance_core(h, state);
}

/* A device's own events (a timer, the UART's polling of console input): its class's next_event. */
static uint64_t device_sync(machine_t *m, hart_t *h, void *ctx)
{
    (void)m, (void)h;
    const struct machine_device *d = ctx;
    return d->cls->next_event(d->state);
}

/* Sscofpmf: a counter that wrapped raises LCOFI before the next instruction, and the hart runs no
 * further than the instruction that wraps the next one. */
static uint64_t overflow_sync(machine_t *m, hart_t *h, void *ctx)
{
    (void)m, (void)ctx;
    if (h->ovf_armed)
        sscof_check(h);
    return UINT64_MAX;
}

static uint64_t overflow_next(machine_t *m, hart_t *h, void *ctx)
{
    (void)m, (void)ctx;
    return h->ovf_armed ? sscof_insns_to_overflow(h) : UINT64_MAX;
}

/* The end of the hart's turn: the round-robin's quantum, or a pause in cycles (run_until). */
static uint64_t quantum_next(machine_t *m, hart_t *h, void *ctx)
{
    (void)ctx;
    return m->hart_until - hart_cycle(h);
}

/* HTIF: half a command written alone is taken after the grace, or when the hart goes to sleep. */
static uint64_t htif_next(machine_t *m, hart_t *h, void *ctx)
{
    (void)ctx;
    if (!m->htif_pending)
        return UINT64_MAX;
    if (hart_waits(h))
        return 0;
    uint64_t done = machine_insns(m) - m->htif_pending_since;
    return done >= HTIF_HALF_GRACE ? 0 : HTIF_HALF_GRACE - done;
}

static void htif_due(machine_t *m, hart_t *h, void *ctx)
{
    (void)h, (void)ctx;
    htif_take(m);
}

/* --max-insns: every hart's instructions count. */
static uint64_t max_insns_next(machine_t *m, hart_t *h, void *ctx)
{
    (void)ctx;
    if (!h->max_insns)
        return UINT64_MAX;
    uint64_t done = machine_insns(m);
    return done >= h->max_insns ? 0 : h->max_insns - done;
}

static void max_insns_due(machine_t *m, hart_t *h, void *ctx)
{
    (void)m, (void)ctx;
    h->stop = STOP_MAX_INSNS;
}

/* A caller's run of N instructions (machine_run_for): the run returns without a stop. */
static uint64_t run_insns_next(machine_t *m, hart_t *h, void *ctx)
{
    (void)h, (void)ctx;
    if (!m->run_insns)
        return UINT64_MAX;
    uint64_t done = machine_insns(m);
    return done >= m->run_insns ? 0 : m->run_insns - done;
}

static void run_insns_due(machine_t *m, hart_t *h, void *ctx)
{
    (void)h, (void)ctx;
    m->yield = true;
}

/* The sources every machine has, in the order the run loop asks them; a device with events of
 * its own is one more. */
static bool machine_add_run_sources(machine_t *m)
{
    bool ok = machine_add_source(m, &(run_source_t){ .name = "stop request",
                                                     .sync = stop_request_sync,
                                                     .due = stop_request_due,
                                                     .flags = RUN_SOURCE_GATE_ATOMIC,
                                                     .gate_off = offsetof(machine_t, stop_request),
                                                     .gate_size = sizeof(atomic_int) });
    ok &= machine_add_source(m, &(run_source_t){ .name = "poll",
                                                 .sync = poll_sync,
                                                 .flags = RUN_SOURCE_GATE_ATOMIC,
                                                 .gate_off = offsetof(machine_t, poll),
                                                 .gate_size = sizeof(atomic_int) });
    /* the devices before the core: what they do is seen before the hart runs on */
    for (unsigned k = 0; k < m->n_dev; k++)
        if (m->dev[k].cls->next_event)
            ok &= machine_add_source(
                m, &(run_source_t){ .name = m->dev[k].cls->name, .sync = device_sync, .ctx = &m->dev[k] });
    if (m->desc->core->ext && m->desc->core->ext->advance)
        ok &= machine_add_source(m, &(run_source_t){ .name = "core timers", .sync = core_timers_sync });
    if (m->harts[0].isa & ISA_EXT_SSCOFPMF)
        ok &= machine_add_source(m, &(run_source_t){ .name = "counter overflow",
                                                     .sync = overflow_sync,
                                                     .next = overflow_next,
                                                     .flags = RUN_SOURCE_EXACT | RUN_SOURCE_GATE_HART,
                                                     .gate_off = offsetof(hart_t, ovf_armed),
                                                     .gate_size = sizeof(uint32_t) });
    ok &= machine_add_source(m, &(run_source_t){ .name = "quantum",
                                                 .next = quantum_next,
                                                 .flags = RUN_SOURCE_CYCLES,
                                                 .gate_off = offsetof(machine_t, hart_until_set),
                                                 .gate_size = sizeof(bool) });
    ok &= machine_add_source(m, &(run_source_t){ .name = "htif",
                                                 .next = htif_next,
                                                 .due = htif_due,
                                                 .flags = RUN_SOURCE_WAKES,
                                                 .gate_off = offsetof(machine_t, htif_pending),
                                                 .gate_size = sizeof(unsigned) });
    ok &= machine_add_source(m, &(run_source_t){ .name = "max-insns",
                                                 .next = max_insns_next,
                                                 .due = max_insns_due,
                                                 .flags = RUN_SOURCE_EXACT | RUN_SOURCE_GATE_HART,
                                                 .gate_off = offsetof(hart_t, max_insns),
                                                 .gate_size = sizeof(uint64_t) });
    ok &= machine_add_source(m, &(run_source_t){ .name = "run for",
                                                 .next = run_insns_next,
                                                 .due = run_insns_due,
                                                 .flags = RUN_SOURCE_EXACT,
                                                 .gate_off = offsetof(machine_t, run_insns),
                                                 .gate_size = sizeof(uint64_t) });
    return ok;
}

/* Whether source s is idle now: its gate word is 0. */
static inline bool source_idle(const run_source_t *s, const machine_t *m, const hart_t *h)
{
    const unsigned char *w =
        (s->flags & RUN_SOURCE_GATE_HART ? (const unsigned char *)h : (const unsigned char *)m) + s->gate_off;
    if (s->flags & RUN_SOURCE_GATE_ATOMIC)
        return atomic_load_explicit((const atomic_int *)(const void *)w, memory_order_relaxed) == 0;
    switch (s->gate_size) {
    case 1: return *w == 0;
    case 4: return *(const uint32_t *)(const void *)w == 0;
    case 8: return *(const uint64_t *)(const void *)w == 0;
    default: return false;
    }
}

/* The least of the wake-up cycles of the harts other than `self` when each of them sleeps through
 * the rounds up to it (machine_sleeps_through), 0 when one does not. Kept while no wake event
 * comes (bus_t.wake_events) and no other hart runs: machine_run_hart forgets it. */
static uint64_t machine_sleepers_until(machine_t *m, unsigned self)
{
    if (m->lone_known && m->lone_events == m->bus.wake_events)
        return m->lone_until;
    uint64_t first = UINT64_MAX;
    for (unsigned k = 0; k < m->n_harts && first; k++) {
        const hart_t *o = &m->harts[k];
        if (k != self)
            first = o->core_ext || !machine_sleeps_through(m, o, 0) ? 0 : u64_min(first, o->sleep_until);
    }
    m->lone_known = true;
    m->lone_events = m->bus.wake_events;
    m->lone_until = first;
    return first;
}

/* A lone running hart goes on into its next turn at once (docs/architecture.md, "Several harts"):
 * when every other hart would sleep through the next round (machine_sleeps_through), the steps of
 * the round-robin between this turn and the next change nothing but the sleepers' clocks. The
 * harts after this one sleep to the end of this round, the machine's time moves on, those before
 * it sleep to the end of the next round; they are made here, and *until moves on a quantum. The
 * next turn must be what machine_run_hart would start: one chunk to the round's end, so no
 * source's event before it (`horizon`: the cycle of the nearest, the quantum's aside, as the run
 * loop last computed it; 0 when an exact one runs), no device touched since (`io`, the bus's
 * io_events then), and nothing pending or to look at for this hart. A hart of a core with its own
 * events or timers takes every round. */
static bool machine_lone_turn(machine_t *m, hart_t *h, uint64_t *until, uint64_t horizon, uint64_t io)
{
    uint64_t end = *until, next = end + m->quantum, now = hart_cycle(h);
    if (m->n_harts < 2 || end == UINT64_MAX || now < end || now >= next || next >= horizon ||
        m->quantum > RUN_CHUNK || m->run_until || m->run_insns || m->yield || m->bus.io_events != io)
        return false;
    if (h->stop != STOP_NONE || hart_waits(h) || (h->csr.mip & h->csr.mie) || hart_code_stale(h) ||
        h->spin.probe || h->ovf_armed || h->max_insns || h->core_ext)
        return false;
    unsigned self = (unsigned)(h - m->harts);
    if (next > machine_sleepers_until(m, self) ||
        atomic_load_explicit(&m->stop_request, memory_order_relaxed) != STOP_NONE ||
        atomic_load_explicit(&m->poll, memory_order_relaxed) != 0)
        return false;
    for (unsigned k = self + 1; k < m->n_harts; k++)
        machine_sleep_to(&m->harts[k], end); /* their turns of this round */
    m->time = end;
    for (unsigned k = 0; k < self; k++)
        machine_sleep_to(&m->harts[k], next); /* theirs of the next, before this one's */
    *until = m->hart_until = next;
    return true;
}

/* A run chunk of the executor: its budget, in cycles (`cycles`: a stop at a cycle) or in
 * instructions; and its end, back to an instruction budget. */
static void machine_chunk_start(hart_t *h, bool cycles, int64_t budget)
{
    h->budget_cycles = cycles;
    hart_memo_retire_update(h);
    hart_set_budget(h, budget);
}

static void machine_chunk_end(hart_t *h)
{
    h->budget_cycles = false;
    hart_memo_retire_update(h);
}

/* The start of a lone hart's next turn, as machine_run_hart would make it: one chunk to the
 * round's end (the quantum, a cycle source no further than the chunk). */
static void machine_next_turn(hart_t *h, uint64_t until)
{
    machine_chunk_start(h, true, (int64_t)(until - hart_cycle(h)));
}

/* hart_platform_t.turn_end: the executor's budget ran out at a block's end; the hart goes on into
 * its next turn at once when it runs alone (machine_lone_turn), with no return to the run loop. */
static bool machine_turn_end(void *ctx, hart_t *h)
{
    machine_t *m = ctx;
    uint64_t until = m->hart_until;
    if (!m->lone_armed || m->running != h || !machine_lone_turn(m, h, &until, m->lone_horizon, m->lone_io))
        return false;
    machine_next_turn(h, until);
    return true;
}

/* Runs hart h until its clock reaches `until` (UINT64_MAX: until it stops). With several harts a
 * hart that waits with nothing to wake it only idles to `until`: another hart may wake it.
 *
 * Each step brings the event sources up to the hart's clock (devices, core timers, overflow),
 * takes NMIs and pending interrupts, lets a source whose event is due act, and otherwise runs the
 * executor up to the nearest event: a budget of instructions (it may run past it by the rest of
 * a block), or, for an exact event less than a block away, the instructions up to it alone. */
static void machine_run_hart(machine_t *m, hart_t *h, uint64_t until, bool *progress)
{
    exec_fn_t exec = exec_for(h);
    const run_source_t *src = m->sources;
    m->running = h;
    m->lone_known = false; /* the other harts may have run (machine_sleepers_until) */
    m->hart_until = until;
    m->hart_until_set = until != UINT64_MAX;
    if (!h->wfi_wait && !h->halted)
        *progress = true; /* a hart that can run (even if a long block took it past `until`) */
    while (h->stop == STOP_NONE && !m->yield && hart_cycle(h) < until) {
        /* The sources catch up with the clock first, the devices too: what they do (a DMA copy
         * over code) is seen before the hart runs on. */
        uint64_t soft = RUN_CHUNK, exact = UINT64_MAX, at_cycle = UINT64_MAX;
        uint64_t others = UINT64_MAX; /* the sources' nearest event but the quantum's (machine_lone_turn) */
        const run_source_t *due = NULL;
        for (unsigned k = 0; k < m->n_sync && !due; k++) {
            const run_source_t *s = &src[m->sync_ix[k]];
            if (source_idle(s, m, h))
                continue;
            uint64_t d = s->sync(m, h, s->ctx);
            if (d == 0 && s->due)
                due = s;
            soft = u64_min(soft, d ? d : 1);
            others = u64_min(others, d ? d : 1);
        }
        if (due) {
            due->due(m, h, due->ctx);
            continue;
        }
        if (hart_code_stale(h))
            block_cache_sync_code(h); /* code this hart decoded was written */
        if (h->core_ext && h->core_ext->take_event && h->core_ext->take_event(h)) {
            h->wfi_wait = h->halted = false; /* an NMI or injected fault ends any wait */
            h->pause_cycles = 0;
            if (h->stop != STOP_NONE)
                break;
        }
        if (h->csr.mip & h->csr.mie) {
            /* An enabled interrupt is pending: it ends any wait, and is taken if globally enabled. */
            h->wfi_wait = h->halted = false;
            h->pause_cycles = 0;
            hart_take_interrupt(h);
            if (h->stop != STOP_NONE)
                break;
        }
        bool waiting = hart_waits(h);
        uint64_t synced = soft; /* the run chunk and the deadlines of the sources brought up to the clock */
        const uint8_t *ix = waiting ? m->wake_ix : m->next_ix; /* a waiting hart: RUN_SOURCE_WAKES alone */
        unsigned n_ix = waiting ? m->n_wake : m->n_next;
        for (unsigned k = 0; k < n_ix; k++) {
            const run_source_t *s = &src[ix[k]];
            if (source_idle(s, m, h))
                continue;
            uint64_t d = s->next(m, h, s->ctx);
            if (d == 0) {
                due = s;
                break;
            }
            if (s->flags & RUN_SOURCE_EXACT) {
                exact = u64_min(exact, d);
            } else {
                soft = u64_min(soft, d);
                if (s->flags & RUN_SOURCE_CYCLES)
                    at_cycle = u64_min(at_cycle, d);
                if (s->next != quantum_next)
                    others = u64_min(others, d);
            }
        }
        if (due) {
            if (due->due)
                due->due(m, h, due->ctx);
            continue; /* without a `due` (the quantum at its end): the loop's condition decides */
        }
        if (waiting) {
            uint64_t left = until == UINT64_MAX ? UINT64_MAX : until - hart_cycle(h);
            if (!machine_wait(m, h, left, progress))
                h->stop = h->halted ? STOP_HALT_DEADLOCK : STOP_WFI_DEADLOCK;
            continue;
        }
        *progress = true;
        h->sleep_known = false; /* it runs: the next wait computes its wake-up again */
        /* The executor may run up to one block past its budget: an exact event gets a budget that
         * ends a block before it, and its last instructions are run block by block, the last
         * block cut at the event. */
        if (exact < BLOCK_MAX_INSNS) {
            exec_run_prefix(h, exec, exact);
            continue;
        }
        if (exact != UINT64_MAX)
            soft = u64_min(soft, exact - (BLOCK_MAX_INSNS - 1));
        if (__builtin_expect(h->spin.probe, 0) && hart_spin_skip(h, exec, soft))
            continue; /* a spinning hart's turns, up to the next deadline (cpu/spin.h) */
        /* a stop at a cycle (a round's end, stat -I) no further than the chunk and the synced
         * deadlines: the budget counts the timing model's stall cycles too, so the run stops at
         * the first block boundary at or after it (prefixes above count instructions) */
        machine_chunk_start(h, at_cycle <= synced, (int64_t)soft);
        m->lone_io = m->bus.io_events;
        m->lone_horizon = exact != UINT64_MAX    ? 0
                          : others == UINT64_MAX ? UINT64_MAX
                                                 : hart_cycle(h) + others;
        m->lone_armed = true;
        exec(h);
        until = m->hart_until; /* on when the hart ran on alone (machine_turn_end) */
        machine_chunk_end(h);
        while (machine_lone_turn(m, h, &until, m->lone_horizon, m->lone_io)) {
            machine_next_turn(h, until);
            exec(h);
            until = m->hart_until;
            machine_chunk_end(h);
        }
        m->lone_armed = false;
        if (__builtin_expect(h->bc.self_loops != 0, 0) && h->stop == STOP_NONE &&
            machine_stuck_in_self_loop(m, h))
            h->stop = STOP_JUMP_SELF;
    }
}

hart_stop_t machine_step(machine_t *m, unsigned k)
{
    hart_t *h = &m->harts[k];
    uint64_t saved = m->run_insns;
    m->run_insns = machine_insns(m) + 1;
    bool progress;
    platform_rewatch(m, h);
    machine_run_hart(m, h, UINT64_MAX, &progress);
    m->run_insns = saved;
    m->yield = false;
    m->stop_hart = k;
    machine_console_flush(m);
    return h->stop;
}

/* With several harts: when no hart can run (each waits in wfi, a firmware halt or a pause, or is
 * held in reset) and none has an interrupt pending, the cycle at which the first of them wakes
 * (UINT64_MAX: none can run now, or none will ever wake). The round-robin moves on to the round
 * of that cycle at once instead of round by round: the same clocks, waits and wake-ups, so the
 * same counts, without the cost of idle rounds. When only a look for console input would come
 * before that cycle, the harts wait on the console instead (machine_console_idle). */
static uint64_t machine_idle_until(machine_t *m)
{
    if (m->htif_pending)
        return UINT64_MAX;
    uint64_t first = UINT64_MAX, first_look = UINT64_MAX;
    hart_t *was = m->running;
    for (unsigned k = 0; k < m->n_harts; k++) {
        hart_t *h = &m->harts[k];
        bool waiting = hart_waits(h);
        if (!waiting || (h->csr.mip & h->csr.mie) || h->stop != STOP_NONE) {
            m->running = was;
            return UINT64_MAX;
        }
        enum hart_run_state state = hart_run_state_of(h);
        m->running = h; /* the devices' time is this hart's clock */
        uint64_t look, d = machine_wake_deadline(m, h, state, &look);
        if (d != UINT64_MAX && hart_cycle(h) + d < first)
            first = hart_cycle(h) + d;
        if (look != UINT64_MAX && hart_cycle(h) + look < first_look)
            first_look = hart_cycle(h) + look;
    }
    m->running = was;
    if (first_look < first && first_look >= m->time) /* the harts' clocks: m->time, a round's end */
        return m->time + machine_console_idle(m, first_look - m->time,
                                              first == UINT64_MAX ? UINT64_MAX : first - m->time);
    return u64_min(first, first_look);
}

hart_stop_t machine_run(machine_t *m)
{
    platform_rewatch(m, &m->harts[0]); /* the harts share one store watch */
    if (m->n_harts == 1) {
        bool progress;
        machine_run_hart(m, &m->harts[0], m->run_until ? m->run_until : UINT64_MAX, &progress);
        m->stop_hart = 0;
        m->yield = false;
    } else {
        /* Round-robin: each hart in turn runs until its clock reaches the end of the round, so
         * the harts' clocks are equal at every round's end (docs/architecture.md). */
        for (;;) {
            uint64_t round_end = m->time + m->quantum;
            uint64_t idle_until = machine_idle_until(m);
            if (idle_until != UINT64_MAX && idle_until > round_end) {
                uint64_t target = idle_until;
                if (m->run_until && m->run_until < target)
                    target = m->run_until > round_end ? m->run_until : round_end;
                round_end = m->time + (target - m->time + m->quantum - 1) / m->quantum * m->quantum;
            }
            bool progress = false, stopped = false;
            for (unsigned k = 0; k < m->n_harts && !stopped; k++) {
                hart_t *h = &m->harts[k];
                if (machine_sleeps_through(m, h, round_end)) {
                    progress |= h->sleep_until != UINT64_MAX;
                    machine_sleep_to(h, round_end);
                    continue;
                }
                machine_run_hart(m, h, round_end, &progress);
                round_end = m->hart_until; /* later when it ran on alone (machine_lone_turn) */
                if (h->stop != STOP_NONE || m->yield) {
                    m->stop_hart = k;
                    stopped = true;
                }
            }
            if (stopped) {
                m->yield = false; /* machine_run_for's instructions ran: every stop is STOP_NONE */
                break;
            }
            m->time = round_end;
            if (m->run_until && m->time >= m->run_until)
                break;       /* a pause asked for: every hart's stop is STOP_NONE */
            if (!progress) { /* every hart waits for an interrupt nothing can raise */
                m->harts[0].stop = STOP_WFI_DEADLOCK;
                m->stop_hart = 0;
                break;
            }
        }
    }
    machine_console_flush(m);
    return m->harts[m->stop_hart].stop;
}

hart_stop_t machine_run_for(machine_t *m, uint64_t n)
{
    uint64_t saved = m->run_insns;
    m->run_insns = machine_insns(m) + n;
    hart_stop_t stop = n ? machine_run(m) : STOP_NONE;
    m->run_insns = saved;
    return stop;
}
