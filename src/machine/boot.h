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
    uint64_t initrd_start, initrd_end; /* an initial RAM disk loaded there, or 0, 0 */
} machine_boot_t;

/* Where QEMU's virt puts a device tree of `size` bytes: aligned down to 2 MiB below the end of
 * RAM (or of the first 3 GiB of the address space). 0 if it does not fit in RAM. */
uint64_t machine_dtb_address(const machine_t *m, size_t size);

/* After machine_reset: copies the DTB (and fw_dynamic_info) into RAM and sets every hart's a0, a1
 * and a2 as QEMU's reset vector does. Returns the DTB's address, or 0 after a message on stderr
 * when it does not fit (in RAM, or above the initrd). */
uint64_t machine_boot(machine_t *m, const machine_boot_t *b);

/* Loads a further ELF image (a kernel after the firmware): no HTIF symbols are taken from it.
 * 0, or -1 after one line on stderr. */
int machine_load_image(machine_t *m, const char *path, struct elf_image *img);

/* Loads the kernel: a RISC-V Linux Image (its boot header) at RAM base + its text offset, where
 * QEMU's virt puts it after OpenSBI (0x80200000 on RV64); or an ELF file at its own addresses, as
 * the whole program (`program`: its HTIF symbols count) or after a firmware. 0, or -1 after one
 * line on stderr. */
int machine_load_kernel(machine_t *m, const char *path, bool program, struct elf_image *img);

/* Loads an initial RAM disk where QEMU's virt puts it, min(RAM / 2, 128 MiB) above the kernel's
 * entry; its bytes are [*start, *end). 0, or -1 after one line on stderr. */
int machine_load_initrd(machine_t *m, const char *path, uint64_t kernel_entry, uint64_t *start,
                        uint64_t *end);

/* Sets /chosen/bootargs (unless NULL) and linux,initrd-start/-end (when end > start) in the
 * device tree in `fdt`, which has `room` bytes; 0, or a libfdt error. */
int machine_dtb_chosen(void *fdt, size_t room, const char *bootargs, uint64_t initrd_start,
                       uint64_t initrd_end);

#endif
