/* pmusim's built-in SBI: the firmware of `pmusim run --kernel` without --bios. It runs on the
 * host: an S-mode ecall is answered directly, without M-mode code (docs/sbi.md). */
#ifndef PMUSIM_FIRMWARE_SBI_H
#define PMUSIM_FIRMWARE_SBI_H

#include "machine/machine.h"

/* Puts the built-in SBI in place of M-mode firmware on machine m, whose harts were reset at the
 * kernel's entry: they start in S-mode, with delegation and counters as firmware leaves them. It
 * reads the riscv,pmu node of `dtb` (the DTB given to the kernel; `dtb_name` names it in
 * messages, NULL for the machine's own). 0, or -1 after a message. */
int sbi_attach(machine_t *m, const void *dtb, const char *dtb_name);

/* The firmware events (event_idx 0xF0000 | code, code < SBI_FW_EVENT_COUNT): perf's name, its
 * description, and whether the built-in SBI counts it (the hypervisor fences need the H
 * extension, which pmusim's harts do not have). */
#define SBI_FW_EVENT_COUNT 22
typedef struct sbi_fw_event_desc {
    const char *name;
    const char *description;
    bool counted;
} sbi_fw_event_desc_t;
extern const sbi_fw_event_desc_t sbi_fw_events[SBI_FW_EVENT_COUNT];

#endif
