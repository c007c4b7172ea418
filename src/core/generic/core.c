/* The generic cores of the QEMU-virt-like machines: RV32/RV64 IMAFDC + Zba/Zbb/Zbc/Zbs with M, S
 * and U modes, the SBI-index PMU of pmu_model.c, and the optional memory-hierarchy model of
 * hierarchy.c. */
#include "core/core.h"
#include "core/generic/hierarchy.h"
#include "isa/isa.h"

static const pmu_model_t *generic_pmu_for(const core_config_t *cfg, core_pmu_store_t *store)
{
    return pmu_model_generic_for(hier_parts(cfg), store);
}

#define GENERIC_ISA \
    (ISA_EXT_M | ISA_EXT_A | ISA_EXT_F | ISA_EXT_D | ISA_EXT_C | ISA_EXT_ZICSR | ISA_EXT_ZIFENCEI | \
     ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_SMCNTRPMF | ISA_EXT_SSCOFPMF)

const core_desc_t core_generic_rv32 = {
    .name = "rv32-generic",
    .xlen = 32,
    .isa = GENERIC_ISA,
    .has_s_mode = true,
    .has_u_mode = true,
    .platform_irqs = 1ull << 13, /* LCOFI (Sscofpmf) */
    .pmp_entries = 16,
    .pmu = &pmu_model_generic,
    .setup = hier_setup, /* the optional memory-hierarchy model (docs/machine-virt.md) */
    .pmu_for = generic_pmu_for,
};

const core_desc_t core_generic_rv64 = {
    .name = "rv64-generic",
    .xlen = 64,
    .isa = GENERIC_ISA,
    .has_s_mode = true,
    .has_u_mode = true,
    .platform_irqs = 1ull << 13, /* LCOFI (Sscofpmf) */
    .pmp_entries = 16,
    .pmu = &pmu_model_generic,
    .setup = hier_setup, /* the optional memory-hierarchy model (docs/machine-virt.md) */
    .pmu_for = generic_pmu_for,
};
