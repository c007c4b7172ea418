/* Booting firmware and an operating system the way QEMU's virt machine does: the device tree in
 * RAM, a0 = hartid, a1 = the DTB's address, a2 = a fw_dynamic_info structure (docs/sbi.md). */
#ifndef PMUSIM_MACHINE_BOOT_H
#define PMUSIM_MACHINE_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine/machine.h"

/* OpenSBI's fw_dynamic_info (fw_dynamic.elf reads it through a2), version 2. */
#define FW_DYNAMIC_INFO_MAGIC 0x4942534fu
#define FW_DYNAMIC_INFO_VERSION 2
#define FW_DYNAMIC_INFO_NEXT_MODE_S 1

typedef struct machine_boot {
    uint64_t entry;        /* where the harts start (the firmware's entry, or the kernel's) */
    bool firmware;         /* a firmware (--bios) starts in M-mode: a2 = fw_dynamic_info */
    uint64_t kernel_entry; /* where the firmware is to hand over (0: no kernel) */
    const void *dtb;       /* the device tree to give the guest */
    size_t dtb_size;
} machine_boot_t;

/* Where QEMU's virt puts a device tree of `size` bytes: aligned down to 2 MiB below the end of
 * RAM (or of the first 3 GiB of the address space). 0 if it does not fit in RAM. */
uint64_t machine_dtb_address(const machine_t *m, size_t size);

/* After machine_reset: copies the DTB (and fw_dynamic_info) into RAM and sets every hart's a0, a1
 * and a2 as QEMU's reset vector does. Returns the DTB's address, or 0 after a message on stderr
 * when it does not fit. */
uint64_t machine_boot(machine_t *m, const machine_boot_t *b);

/* Loads a further ELF image (a kernel after the firmware): no HTIF symbols are taken from it.
 * 0, or -1 after one line on stderr. */
int machine_load_image(machine_t *m, const char *path, struct elf_image *img);

#endif
