/* Writes small ELF files for the loader tests, without a cross toolchain: an ELF header, program
 * headers, segment contents and (when there are symbols) .data/.symtab/.strtab/.shstrtab. */
#ifndef PMUSIM_TESTS_ELF_BUILD_H
#define PMUSIM_TESTS_ELF_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct elf_build_seg {
    uint64_t addr;          /* p_paddr and p_vaddr */
    const void *data;       /* filesz bytes (NULL: zeros) */
    uint64_t filesz, memsz;
} elf_build_seg_t;

typedef struct elf_build_sym {
    const char *name;
    uint64_t addr, size;
    unsigned type;          /* STT_* */
} elf_build_sym_t;

typedef struct elf_build {
    unsigned xlen;          /* ELF class: 32 or 64 */
    unsigned machine;       /* e_machine (0 means EM_RISCV) */
    unsigned type;          /* e_type (0 means ET_EXEC) */
    bool big_endian;
    uint64_t entry;
    elf_build_seg_t seg[4];
    unsigned n_seg;
    elf_build_sym_t sym[8];
    unsigned n_sym;
} elf_build_t;

/* The file's bytes (malloc'ed), or NULL. */
uint8_t *elf_build_image(const elf_build_t *b, size_t *size);
/* Writes the first `limit` bytes (SIZE_MAX: all) to path; 0 or -1. */
int elf_build_write(const elf_build_t *b, const char *path, size_t limit);

#endif
