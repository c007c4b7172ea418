/* The RISC-V Linux kernel Image: a raw binary that starts with a 64-byte boot header
 * (Documentation/riscv/boot-image-header.rst in Linux). */
#ifndef PMUSIM_LOADER_LINUX_IMAGE_H
#define PMUSIM_LOADER_LINUX_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct linux_image_header {
    uint64_t text_offset; /* where it runs: this far into RAM */
    uint64_t image_size;  /* the memory it takes there, its bss included */
    uint32_t version;     /* major << 16 | minor */
} linux_image_header_t;

/* Reads the first bytes of `path`: true (with *hdr) when they are a RISC-V Linux Image's boot
 * header (the "RSC\x05" magic, or the older "RISCV" one). False for anything else, an ELF file or
 * a file that cannot be read included: the caller's loader says what is wrong with those. */
bool linux_image_probe(const char *path, linux_image_header_t *hdr);

#endif
