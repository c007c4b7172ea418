/* The machine's device tree (libfdt), as QEMU's virt builds its own: the harts with their
 * interrupt controllers, main memory, and a node per device that has a binding, which the
 * device class writes itself. */
#include <stdio.h>
#include <string.h>

#include <libfdt.h>

#include "core/core.h"
#include "isa/isa.h"
#include "machine/machine.h"

/* The riscv,isa string of a hart: "rv64imac_zicsr_zifencei_zba_zbb_zbc_zbs". */
static void isa_string(const hart_t *h, char *buf, size_t size)
{
    static const struct {
        uint32_t ext;
        const char *name;
    } single[] = { { ISA_EXT_I, "i" }, { ISA_EXT_M, "m" }, { ISA_EXT_A, "a" },
                   { ISA_EXT_F, "f" }, { ISA_EXT_D, "d" }, { ISA_EXT_C, "c" } },
      multi[] = { { ISA_EXT_ZICSR, "_zicsr" },
                  { ISA_EXT_ZIFENCEI, "_zifencei" },
                  { ISA_EXT_ZBA, "_zba" },
                  { ISA_EXT_ZBB, "_zbb" },
                  { ISA_EXT_ZBC, "_zbc" },
                  { ISA_EXT_ZBS, "_zbs" },
                  { ISA_EXT_SMCNTRPMF, "_smcntrpmf" },
                  { ISA_EXT_SSCOFPMF, "_sscofpmf" } };
    size_t n = (size_t)snprintf(buf, size, "rv%u", h->xlen);
    for (size_t k = 0; k < sizeof(single) / sizeof(single[0]) && n < size; k++)
        if (h->isa & single[k].ext)
            n += (size_t)snprintf(buf + n, size - n, "%s", single[k].name);
    for (size_t k = 0; k < sizeof(multi) / sizeof(multi[0]) && n < size; k++)
        if (h->isa & multi[k].ext)
            n += (size_t)snprintf(buf + n, size - n, "%s", multi[k].name);
}

#define TRY(expr) \
    do { \
        int rc_ = (expr); \
        if (rc_ < 0) \
            return rc_; \
    } while (0)

static int add_cpus(const machine_t *m, void *fdt, uint32_t *intc)
{
    int cpus = fdt_add_subnode(fdt, 0, "cpus");
    TRY(cpus);
    TRY(fdt_setprop_u32(fdt, cpus, "#address-cells", 1));
    TRY(fdt_setprop_u32(fdt, cpus, "#size-cells", 0));
    /* mtime ticks once every cycles_per_mtime_tick cycles of a 1 GHz clock (one cycle a ns) */
    TRY(fdt_setprop_u32(
        fdt, cpus, "timebase-frequency",
        (uint32_t)(1000000000u / (m->desc->cycles_per_mtime_tick ? m->desc->cycles_per_mtime_tick : 1))));
    for (unsigned k = m->n_harts; k-- > 0;) { /* libfdt adds in front: reverse for cpu@0 first */
        const hart_t *h = &m->harts[k];
        char name[32], isa[128];
        snprintf(name, sizeof(name), "cpu@%u", k);
        int cpu = fdt_add_subnode(fdt, cpus, name);
        TRY(cpu);
        TRY(fdt_setprop_string(fdt, cpu, "device_type", "cpu"));
        TRY(fdt_setprop_u32(fdt, cpu, "reg", (uint32_t)h->csr.mhartid));
        TRY(fdt_setprop_string(fdt, cpu, "compatible", "riscv"));
        isa_string(h, isa, sizeof(isa));
        TRY(fdt_setprop_string(fdt, cpu, "riscv,isa", isa));
        /* the largest translation mode satp takes (cpu/mmu.c): Sv32, or Sv39 and Sv48 */
        const char *mmu = !(h->isa & ISA_EXT_S) ? "riscv,none" : h->xlen == 32 ? "riscv,sv32" : "riscv,sv48";
        TRY(fdt_setprop_string(fdt, cpu, "mmu-type", mmu));
        TRY(fdt_setprop_string(fdt, cpu, "status", "okay"));
        int ic = fdt_add_subnode(fdt, cpu, "interrupt-controller");
        TRY(ic);
        TRY(fdt_setprop_u32(fdt, ic, "#interrupt-cells", 1));
        TRY(fdt_setprop_u32(fdt, ic, "#address-cells", 0));
        TRY(fdt_setprop(fdt, ic, "interrupt-controller", NULL, 0));
        TRY(fdt_setprop_string(fdt, ic, "compatible", "riscv,cpu-intc"));
        intc[k] = 1 + k;
        TRY(fdt_setprop_u32(fdt, ic, "phandle", intc[k]));
    }
    return 0;
}

/* What generic firmware looks for beyond the devices (as on QEMU's virt): /chosen/stdout-path
 * naming the UART, and syscon-poweroff/-reboot nodes on the SiFive test finisher. */
static int add_platform_nodes(void *fdt)
{
    int uart = fdt_node_offset_by_compatible(fdt, -1, "ns16550a");
    if (uart >= 0) {
        char path[128];
        TRY(fdt_get_path(fdt, uart, path, sizeof(path)));
        int chosen = fdt_path_offset(fdt, "/chosen");
        TRY(chosen);
        TRY(fdt_setprop_string(fdt, chosen, "stdout-path", path));
    }
    int test = fdt_node_offset_by_compatible(fdt, -1, "sifive,test0");
    if (test < 0)
        return 0;
    uint32_t phandle;
    TRY(fdt_generate_phandle(fdt, &phandle));
    TRY(fdt_setprop_u32(fdt, test, "phandle", phandle));
    static const struct {
        const char *name, *compat;
        uint32_t value;
    } ctl[] = { { "reboot", "syscon-reboot", 0x7777 }, { "poweroff", "syscon-poweroff", 0x5555 } };
    for (unsigned k = 0; k < 2; k++) {
        int n = fdt_add_subnode(fdt, 0, ctl[k].name);
        TRY(n);
        TRY(fdt_setprop_string(fdt, n, "compatible", ctl[k].compat));
        TRY(fdt_setprop_u32(fdt, n, "regmap", phandle));
        TRY(fdt_setprop_u32(fdt, n, "offset", 0));
        TRY(fdt_setprop_u32(fdt, n, "value", ctl[k].value));
    }
    return 0;
}

/* The riscv,pmu node (docs/devicetree.md): one riscv,event-to-mhpmcounters row per SBI event the
 * PMU model really counts, on every mhpmcounter, plus mcycle for cycles and minstret for
 * instructions. The selector is the event index itself, so no riscv,event-to-mhpmevent. */
static int add_pmu_node(const machine_t *m, void *fdt)
{
    const pmu_model_t *pm = m->harts[0].pmu_model ? m->harts[0].pmu_model : m->desc->core->pmu;
    int node = fdt_add_subnode(fdt, 0, "pmu");
    TRY(node);
    TRY(fdt_setprop_string(fdt, node, "compatible", "riscv,pmu"));
    TRY(fdt_setprop(fdt, node, "riscv,event-to-mhpmcounters", NULL, 0));
    for (size_t k = 0; k < pm->n_events; k++) {
        const pmu_event_desc_t *e = &pm->events[k];
        uint32_t type = (uint32_t)(e->code >> 16), code = (uint32_t)(e->code & 0xFFFF);
        if (e->sel.kind == SLOT_OFF || e->code > 0x1FFFF || type > 1 ||
            (type == 0 && (code < 1 || code > 10)))
            continue; /* not counted, or no general/cache event index */
        uint32_t cmap = pm->hpm_mask | (e->code == 1 ? 1u : 0) | (e->code == 2 ? 4u : 0);
        uint32_t row[3] = { cpu_to_fdt32((uint32_t)e->code), cpu_to_fdt32((uint32_t)e->code),
                            cpu_to_fdt32(cmap) };
        TRY(fdt_appendprop(fdt, node, "riscv,event-to-mhpmcounters", row, sizeof(row)));
    }
    return 0;
}

int machine_build_dtb(const machine_t *m, void *buf, size_t size)
{
    void *fdt = buf;
    uint32_t intc[MACHINE_MAX_HARTS];
    TRY(fdt_create_empty_tree(fdt, (int)size));
    TRY(fdt_setprop_u32(fdt, 0, "#address-cells", 2));
    TRY(fdt_setprop_u32(fdt, 0, "#size-cells", 2));
    char compat[64];
    snprintf(compat, sizeof(compat), "pmusim,%s", m->desc->name);
    TRY(fdt_setprop_string(fdt, 0, "compatible", compat));
    TRY(fdt_setprop_string(fdt, 0, "model", m->desc->summary));
    TRY(fdt_add_subnode(fdt, 0, "chosen"));

    /* devices, in reverse so that they read in the description's order */
    int soc = fdt_add_subnode(fdt, 0, "soc");
    TRY(soc);
    TRY(fdt_setprop_u32(fdt, soc, "#address-cells", 2));
    TRY(fdt_setprop_u32(fdt, soc, "#size-cells", 2));
    TRY(fdt_setprop_string(fdt, soc, "compatible", "simple-bus"));
    TRY(fdt_setprop(fdt, soc, "ranges", NULL, 0));

    char name[48];
    const hart_t *h0 = &m->harts[0];
    snprintf(name, sizeof(name), "memory@%llx", (unsigned long long)h0->ram_base);
    int mem = fdt_add_subnode(fdt, 0, name);
    TRY(mem);
    TRY(fdt_setprop_string(fdt, mem, "device_type", "memory"));
    TRY(fdt_setprop_u64(fdt, mem, "reg", h0->ram_base));
    TRY(fdt_appendprop_u64(fdt, mem, "reg", h0->ram_size));
    TRY(add_cpus(m, fdt, intc));

    soc = fdt_path_offset(fdt, "/soc"); /* offsets move as nodes are added before them */
    TRY(soc);
    device_params_t params = { .n_harts = m->n_harts,
                               .cycles_per_tick = m->desc->cycles_per_mtime_tick,
                               .has_s_mode = m->desc->core->has_s_mode };
    /* the interrupt controllers whose inputs the tree describes get the phandles after the harts' */
    for (unsigned k = m->n_dev; k-- > 0;) {
        const struct machine_device *d = &m->dev[k];
        if (!d->cls->fdt_node)
            continue;
        device_fdt_ctx_t ctx = {
            .fdt = fdt, .parent = soc, .base = d->base, .params = &params, .hart_intc = intc
        };
        if (d->cls->irq_cells)
            ctx.phandle = m->n_harts + 1 + k;
        if (d->irq_to >= 0 && m->dev[d->irq_to].cls->irq_cells) {
            ctx.irq_parent = m->n_harts + 1 + (unsigned)d->irq_to;
            ctx.irq = d->irq.n;
            ctx.irq_cells = m->dev[d->irq_to].cls->irq_cells;
        }
        TRY(d->cls->fdt_node(&ctx));
    }
    TRY(add_platform_nodes(fdt));
    if (m->desc->pmu_dt)
        TRY(add_pmu_node(m, fdt));
    return fdt_pack(fdt);
}
