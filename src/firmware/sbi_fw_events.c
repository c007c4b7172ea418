/* The SBI PMU firmware events (event type 15, SBI v3.0 table), with perf's names
 * (tools/perf/pmu-events/arch/riscv/riscv-sbi-firmware.json) and what the built-in SBI counts. */
#include "firmware/sbi.h"

const sbi_fw_event_desc_t sbi_fw_events[SBI_FW_EVENT_COUNT] = {
    { "FW_MISALIGNED_LOAD", "Misaligned load trap event", true },
    { "FW_MISALIGNED_STORE", "Misaligned store trap event", true },
    { "FW_ACCESS_LOAD", "Load access trap event", true },
    { "FW_ACCESS_STORE", "Store access trap event", true },
    { "FW_ILLEGAL_INSN", "Illegal instruction trap event", true },
    { "FW_SET_TIMER", "Set timer event", true },
    { "FW_IPI_SENT", "Sent IPI to other HART event", true },
    { "FW_IPI_RECEIVED", "Received IPI from other HART event", true },
    { "FW_FENCE_I_SENT", "Sent FENCE.I request to other HART event", true },
    { "FW_FENCE_I_RECEIVED", "Received FENCE.I request from other HART event", true },
    { "FW_SFENCE_VMA_SENT", "Sent SFENCE.VMA request to other HART event", true },
    { "FW_SFENCE_VMA_RECEIVED", "Received SFENCE.VMA request from other HART event", true },
    { "FW_SFENCE_VMA_ASID_SENT", "Sent SFENCE.VMA with ASID request to other HART event", true },
    { "FW_SFENCE_VMA_ASID_RECEIVED", "Received SFENCE.VMA with ASID request from other HART event", true },
    { "FW_HFENCE_GVMA_SENT", "Sent HFENCE.GVMA request to other HART event", false },
    { "FW_HFENCE_GVMA_RECEIVED", "Received HFENCE.GVMA request from other HART event", false },
    { "FW_HFENCE_GVMA_VMID_SENT", "Sent HFENCE.GVMA with VMID request to other HART event", false },
    { "FW_HFENCE_GVMA_VMID_RECEIVED", "Received HFENCE.GVMA with VMID request from other HART event", false },
    { "FW_HFENCE_VVMA_SENT", "Sent HFENCE.VVMA request to other HART event", false },
    { "FW_HFENCE_VVMA_RECEIVED", "Received HFENCE.VVMA request from other HART event", false },
    { "FW_HFENCE_VVMA_ASID_SENT", "Sent HFENCE.VVMA with ASID request to other HART event", false },
    { "FW_HFENCE_VVMA_ASID_RECEIVED", "Received HFENCE.VVMA with ASID request from other HART event", false },
};
