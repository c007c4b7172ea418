/* Loading a static RISC-V ELF executable into a machine's memory (with libelf). */
#ifndef PMUSIM_LOADER_ELF_LOAD_H
#define PMUSIM_LOADER_ELF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

#include "mem/bus.h"

/* Where a program is loaded: the address space and what the messages say about it. */
typedef struct elf_target {
    const bus_t *bus;  /* segments go to its memories */
    const char *name;  /* the machine, for messages */
    unsigned xlen;     /* the program must be of this XLEN */
    bool veer_preload; /* accept the VeeR testbench's preload descriptors at 0xFFFFFFF0 */
    /* A machine of the other XLEN to suggest, or NULL (may itself be NULL). */
    const char *(*machine_for_xlen)(const char *current, unsigned xlen);
    const diag_t *diag; /* where the one line of an error goes */
} elf_target_t;

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

/* Loads the PT_LOAD segments of `path` into the target's memories as docs/usage.md "Loading
 * programs" says, and keeps the symbol table. Nothing is written to memory unless the whole
 * program can be loaded. On error prints ONE line to stderr "pmusim: <path>: <problem>" and
 * returns -1 (img is then empty). */
int elf_load(const elf_target_t *target, const char *path, elf_image_t *img);

/* The symbol called `name` (first one in address order), or NULL. */
const elf_symbol_t *elf_find_symbol(const elf_image_t *img, const char *name);

/* For diagnostics: the symbol containing addr, or failing that the nearest label (size 0) before
 * it; NULL if there is none. Functions are preferred to data at the same address. */
const elf_symbol_t *elf_symbol_at(const elf_image_t *img, uint64_t addr);

void elf_image_free(elf_image_t *img);

/* The note naming the machine a program was built for: owner "pmusim", type PMUSIM_NOTE_MACHINE,
 * the machine's name (NUL-terminated) as its descriptor; the SDK's link scripts put it in a
 * section .note.pmusim.machine. */
#define PMUSIM_NOTE_MACHINE 1u
/* Reads that note from the file at `path` (a section named .note.pmusim.machine, or any SHT_NOTE
 * section): true with the name in buf. False, silently, when there is none or the file cannot be
 * read (loading it reports why). */
bool elf_machine_note(const char *path, char *buf, size_t size);

#endif
