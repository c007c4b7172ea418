/* Loading a raw binary image (no ELF headers) at a given address, as QEMU's
 * `-device loader,file=F,addr=A` and `-kernel F` do. */
#ifndef PMUSIM_LOADER_RAW_LOAD_H
#define PMUSIM_LOADER_RAW_LOAD_H

#include <stdint.h>

#include "loader/elf_load.h"

/* Copies the whole file to [addr, addr + size), which must lie in one memory of the target; the
 * image's entry point is addr, and it has no symbols. On error prints ONE line to stderr
 * "pmusim: <path>: <problem>" and returns -1 (nothing is written, img is empty). */
int raw_load(const elf_target_t *target, const char *path, uint64_t addr, elf_image_t *img);

#endif
