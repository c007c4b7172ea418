/* Stand-ins for machine/machine.c in unit tests: three machine descriptions shaped like the real
 * ones, machine_new building their bus with the real device models, and a machine_run that does
 * not execute anything but ends the way PMUSIM_STUB_RUN says (for testing the CLI):
 *   spin (default)  counts "instructions" until --max-insns or Ctrl-C
 *   exit:N          the guest exits with status N
 *   trap, wfi, none the guest is stuck / the run ends without a reason */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dev/devices.h"
#include "machine/machine.h"

static const machine_desc_t stub_virt32 = {
    .name = "virt32",
    .summary = "stub of the QEMU-virt-like RV32 machine",
    .xlen = 32,
    .ram_base = 0x80000000u,
    .ram_size = 128u << 20,
    .ram_flags = REGION_EXEC,
    .dev = { { DEV_SIFIVE_TEST, 0x100000u }, { DEV_CLINT, 0x2000000u }, { DEV_UART16550, 0x10000000u } },
    .cycles_per_mtime_tick = 10,
};

static const machine_desc_t stub_virt64 = {
    .name = "virt64",
    .summary = "stub of the QEMU-virt-like RV64 machine",
    .xlen = 64,
    .ram_base = 0x80000000u,
    .ram_size = 128u << 20,
    .ram_flags = REGION_EXEC,
    .dev = { { DEV_SIFIVE_TEST, 0x100000u }, { DEV_CLINT, 0x2000000u }, { DEV_UART16550, 0x10000000u } },
    .cycles_per_mtime_tick = 10,
};

static const machine_desc_t stub_veer = {
    .name = "veer-el2",
    .summary = "stub of the VeeR EL2 machine",
    .xlen = 32,
    .ram_base = 0x80000000u,
    .ram_size = 16u << 20,
    .ram_flags = REGION_EXEC,
    .mem = { { "iccm", 0xEE000000u, 0x10000, REGION_RAM | REGION_EXEC | REGION_CORE_LOCAL },
             { "dccm", 0xF0040000u, 0x10000, REGION_RAM | REGION_CORE_LOCAL } },
    .dev = { { DEV_VEER_MAILBOX, 0xD0580000u } },
    .cycles_per_mtime_tick = 1,
    .accept_high_preload = true,
};

static const machine_desc_t *const stub_machines[] = { &stub_virt32, &stub_virt64, &stub_veer, NULL };
const char *const machine_default_name = "virt32";

const machine_desc_t *machine_find(const char *name)
{
    for (const machine_desc_t *const *d = stub_machines; *d; d++)
        if (strcmp((*d)->name, name) == 0)
            return *d;
    return NULL;
}

const machine_param_t *machine_find_param(const machine_desc_t *desc, const char *key)
{
    for (const machine_param_t *p = desc->params; p && p->key; p++)
        if (strcmp(p->key, key) == 0)
            return p;
    return NULL;
}

const machine_desc_t *const *machine_list(void)
{
    return stub_machines;
}

machine_t *machine_new(const machine_desc_t *desc, const machine_opts_t *opts)
{
    machine_t *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    m->desc = desc;
    m->console = stdout;
    m->cmdline = opts->cmdline;
    uint64_t ram_size = opts->ram_size ? opts->ram_size : desc->ram_size;
    bus_region_t *ram = bus_add_ram(&m->bus, "ram", desc->ram_base, ram_size, desc->ram_flags);
    if (!ram) {
        fprintf(stderr, "pmusim: cannot make %llu bytes of RAM for machine %s\n",
                (unsigned long long)ram_size, desc->name);
        free(m);
        return NULL;
    }
    for (unsigned i = 0; i < MACHINE_MAX_MEM && desc->mem[i].name; i++)
        bus_add_ram(&m->bus, desc->mem[i].name, desc->mem[i].base, desc->mem[i].size, desc->mem[i].flags);
    for (unsigned i = 0; i < MACHINE_MAX_DEV && desc->dev[i].kind; i++) {
        const device_desc_t *d = &desc->dev[i];
        switch (d->kind) {
        case DEV_UART16550:
            m->uart = uart16550_new(m);
            bus_add_device(&m->bus, "uart", d->base, UART16550_SIZE, &uart16550_ops, m->uart, REGION_SIDE_EFFECT);
            break;
        case DEV_CLINT:
            m->clint = clint_new(m, desc->cycles_per_mtime_tick);
            bus_add_device(&m->bus, "clint", d->base, CLINT_SIZE, &clint_ops, m->clint, REGION_SIDE_EFFECT);
            break;
        case DEV_SIFIVE_TEST:
            bus_add_device(&m->bus, "finisher", d->base, SIFIVE_TEST_SIZE, &sifive_test_ops, m, REGION_SIDE_EFFECT);
            break;
        case DEV_VEER_MAILBOX:
            bus_add_device(&m->bus, "mailbox", d->base, VEER_MAILBOX_SIZE, &veer_mailbox_ops, m, REGION_SIDE_EFFECT);
            break;
        default:
            break;
        }
    }
    m->hart.xlen = desc->xlen;
    m->hart.bus = &m->bus;
    m->hart.ram = ram->host;
    m->hart.ram_base = ram->base;
    m->hart.ram_size = ram->size;
    m->hart.max_insns = opts->max_insns;
    return m;
}

void machine_free(machine_t *m)
{
    if (!m)
        return;
    uart16550_free(m->uart);
    clint_free(m->clint);
    bus_free(&m->bus);
    free(m);
}

void machine_reset(machine_t *m, uint64_t entry)
{
    m->hart.pc = entry;
    m->hart.priv = PRIV_M;
    if (m->clint)
        clint_reset(m->clint);
    if (m->uart)
        uart16550_reset(m->uart);
}

void machine_console_write(machine_t *m, const void *buf, size_t n)
{
    fwrite(buf, 1, n, m->console ? m->console : stdout);
}

void machine_exit(machine_t *m, int code)
{
    m->exited = true;
    m->exit_code = code;
    m->hart.stop = STOP_EXIT;
    hart_kick(&m->hart);
}

void machine_set_irq(machine_t *m, unsigned irq, bool level)
{
    if (level)
        m->hart.csr.mip |= (uint64_t)1 << irq;
    else
        m->hart.csr.mip &= ~((uint64_t)1 << irq);
}

hart_stop_t machine_run(machine_t *m)
{
    hart_t *h = &m->hart;
    const char *mode = getenv("PMUSIM_STUB_RUN");

    if (!mode || strcmp(mode, "spin") == 0) {
        for (;;) {
            if (h->sigint)
                h->stop = STOP_INTERRUPTED;
            if (h->stop != STOP_NONE)
                return h->stop;
            h->insns_base++;   /* budget stays 0: hart_insns() == insns_base */
            h->pc += 4;
            if (h->max_insns && hart_insns(h) >= h->max_insns)
                return STOP_MAX_INSNS;
            if ((hart_insns(h) & 0xFFF) == 0)
                nanosleep(&(struct timespec){ .tv_nsec = 100000 }, NULL);
        }
    }
    if (strncmp(mode, "exit:", 5) == 0) {
        machine_exit(m, atoi(mode + 5));
        return STOP_EXIT;
    }
    if (strcmp(mode, "trap") == 0) {
        /* an illegal instruction with mtvec = 0: the handler fetch faults for ever */
        h->insns_base = 1;
        h->csr.mcause = 2;
        h->csr.mepc = h->pc + 4;
        h->csr.mtvec = 0;
        h->pc = 0;
        h->trap_cause = 1;
        h->trap_tval = 0;
        return STOP_TRAP_LOOP;
    }
    if (strcmp(mode, "wfi") == 0) {
        h->pc += 4;
        return STOP_WFI_DEADLOCK;
    }
    return STOP_NONE;
}
