/* Loading a static RISC-V ELF executable into a machine's memory (with libelf). */
#ifndef PMUSIM_LOADER_ELF_LOAD_H
#define PMUSIM_LOADER_ELF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct machine;

typedef struct elf_symbol {
    char *name;
    uint64_t addr, size;
    bool is_func;
} elf_symbol_t;

typedef struct elf_image {
    char *path;
    unsigned xlen; /* 32 or 64, from the ELF class */
    uint64_t entry;
    elf_symbol_t *syms; /* sorted by address */
    size_t n_syms;
} elf_image_t;

/* Loads PT_LOAD segments of `path` into the machine's bus (bus_ram_ptr on m->bus; zero-fill memsz > filesz),
 * sets m->tohost_addr/fromhost_addr from symbols "tohost"/"fromhost" if present, keeps the symbol table.
 * Segments are placed at their physical addresses (p_paddr). Nothing is written to memory unless
 * every segment fits. Also points m->program_path at img->path (valid until elf_image_free).
 * On error prints ONE line to stderr "pmusim: <path>: <problem>" and returns -1 (img is then empty). */
int elf_load(struct machine *m, const char *path, elf_image_t *img);

/* The symbol called `name` (first one in address order), or NULL. */
const elf_symbol_t *elf_find_symbol(const elf_image_t *img, const char *name);

/* For diagnostics: the symbol containing addr, or failing that the nearest label (size 0) before
 * it; NULL if there is none. Functions are preferred to data at the same address. */
const elf_symbol_t *elf_symbol_at(const elf_image_t *img, uint64_t addr);

void elf_image_free(elf_image_t *img);

#endif
