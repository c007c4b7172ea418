/* The device tree a machine builds (machine_build_dtb): valid for libfdt, one cpu node per hart
 * with its interrupt controller, memory, and each device's own node.
 *   unit_dtb            the checks
 *   unit_dtb OUT.dtb    also writes the DTB of virt64 with 4 harts (for dtc to read back) */
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "machine/machine.h"
#include "unit.h"

#define DTB_SIZE 65536

static machine_t *make(const char *name, unsigned harts)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .harts = harts };
    return machine_new(machine_find(name), &opts);
}

static void check_virt(unit_t *u, const char *name, unsigned harts, const char *isa, void *dtb)
{
    machine_t *m = make(name, harts);
    CHECK_EQ(machine_build_dtb(m, dtb, DTB_SIZE), 0);
    CHECK_EQ(fdt_check_full(dtb, DTB_SIZE), 0);
    for (unsigned k = 0; k < harts; k++) {
        char path[64];
        snprintf(path, sizeof(path), "/cpus/cpu@%u", k);
        int cpu = fdt_path_offset(dtb, path);
        CHECK(cpu >= 0);
        const char *s = fdt_getprop(dtb, cpu, "riscv,isa", NULL);
        CHECK(s && strcmp(s, isa) == 0);
        const fdt32_t *reg = fdt_getprop(dtb, cpu, "reg", NULL);
        CHECK(reg && fdt32_to_cpu(*reg) == k);
        CHECK(fdt_subnode_offset(dtb, cpu, "interrupt-controller") >= 0);
    }
    char path[64];
    snprintf(path, sizeof(path), "/cpus/cpu@%u", harts);
    CHECK(fdt_path_offset(dtb, path) < 0);
    int clint = fdt_node_offset_by_compatible(dtb, -1, "riscv,clint0");
    CHECK(clint >= 0);
    int len = 0;
    const fdt32_t *irqs = fdt_getprop(dtb, clint, "interrupts-extended", &len);
    CHECK_EQ(len, harts * 16); /* <&intcK 3 &intcK 7> per hart */
    if (irqs && len == (int)harts * 16)
        CHECK_EQ(fdt32_to_cpu(irqs[3]), 7);
    CHECK(fdt_path_offset(dtb, "/soc/serial@10000000") >= 0);
    CHECK(fdt_node_offset_by_compatible(dtb, -1, "sifive,test0") >= 0);
    int mem = fdt_path_offset(dtb, "/memory@80000000");
    const uint8_t *mreg = fdt_getprop(dtb, mem, "reg", &len);
    fdt64_t size = 0;
    if (mreg && len == 16)
        memcpy(&size, mreg + 8, 8); /* properties are only 4-byte aligned */
    CHECK(mem >= 0 && mreg && len == 16 && fdt64_to_cpu(size) == 1u << 20);
    machine_free(m);
}

int main(int argc, char **argv)
{
    unit_t ut = { 0 }, *u = &ut;
    void *dtb = calloc(1, DTB_SIZE);
    check_virt(u, "virt64", 1, "rv64imafdc_zicsr_zifencei_zba_zbb_zbc_zbs_smcntrpmf_sscofpmf", dtb);
    check_virt(u, "virt64", 4, "rv64imafdc_zicsr_zifencei_zba_zbb_zbc_zbs_smcntrpmf_sscofpmf", dtb);
    check_virt(u, "virt32", 2, "rv32imafdc_zicsr_zifencei_zba_zbb_zbc_zbs_smcntrpmf_sscofpmf", dtb);

    /* veer-el2: no ns16550 or finisher, and the testbench mailbox has no binding */
    machine_t *m = make("veer-el2", 1);
    CHECK_EQ(machine_build_dtb(m, dtb, DTB_SIZE), 0);
    CHECK(fdt_node_offset_by_compatible(dtb, -1, "riscv,clint0") >= 0);
    CHECK(fdt_node_offset_by_compatible(dtb, -1, "ns16550a") < 0);
    const char *isa = fdt_getprop(dtb, fdt_path_offset(dtb, "/cpus/cpu@0"), "riscv,isa", NULL);
    CHECK(isa && strcmp(isa, "rv32imc_zicsr_zifencei_zba_zbb_zbc_zbs") == 0);
    machine_free(m);
    /* a buffer too small is an error, not an overrun */
    m = make("virt64", 4);
    CHECK(machine_build_dtb(m, dtb, 256) < 0);

    if (argc == 2) {
        CHECK_EQ(machine_build_dtb(m, dtb, DTB_SIZE), 0);
        FILE *f = fopen(argv[1], "wb");
        CHECK(f && fwrite(dtb, 1, fdt_totalsize(dtb), f) == fdt_totalsize(dtb));
        if (f)
            fclose(f);
    }
    machine_free(m);
    free(dtb);
    return unit_finish(u, "unit_dtb");
}
