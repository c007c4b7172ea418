#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf_build.h"

typedef struct ebuf {
    uint8_t *p;
    size_t len, cap;
    bool be;
    bool oom;
} ebuf_t;

static void eb_reserve(ebuf_t *b, size_t n)
{
    if (b->len + n <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
        b->oom = true;
        return;
    }
    memset(p + b->cap, 0, cap - b->cap);
    b->p = p;
    b->cap = cap;
}

static void eb_bytes(ebuf_t *b, const void *data, size_t n)
{
    eb_reserve(b, n);
    if (b->oom)
        return;
    if (data)
        memcpy(b->p + b->len, data, n);
    else
        memset(b->p + b->len, 0, n);
    b->len += n;
}

static void eb_int(ebuf_t *b, uint64_t v, unsigned n)
{
    uint8_t t[8];
    for (unsigned i = 0; i < n; i++)
        t[b->be ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
    eb_bytes(b, t, n);
}

/* Patches an integer at a known offset. */
static void eb_set(ebuf_t *b, size_t off, uint64_t v, unsigned n)
{
    if (b->oom)
        return;
    for (unsigned i = 0; i < n; i++)
        b->p[off + (b->be ? n - 1 - i : i)] = (uint8_t)(v >> (8 * i));
}

static void eb_align(ebuf_t *b, size_t a)
{
    while (b->len % a)
        eb_bytes(b, NULL, 1);
}

uint8_t *elf_build_image(const elf_build_t *e, size_t *size)
{
    ebuf_t b = { .be = e->big_endian };
    unsigned A = e->xlen == 32 ? 4 : 8;            /* address size */
    size_t ehsize = e->xlen == 32 ? 52 : 64;
    size_t phentsize = e->xlen == 32 ? 32 : 56;
    size_t shentsize = e->xlen == 32 ? 40 : 64;

    /* ELF header; phoff, shoff, shnum, shstrndx patched below */
    uint8_t ident[EI_NIDENT] = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3,
                                 e->xlen == 32 ? ELFCLASS32 : ELFCLASS64,
                                 e->big_endian ? ELFDATA2MSB : ELFDATA2LSB, EV_CURRENT };
    eb_bytes(&b, ident, EI_NIDENT);
    eb_int(&b, e->type ? e->type : ET_EXEC, 2);
    eb_int(&b, e->machine ? e->machine : EM_RISCV, 2);
    eb_int(&b, EV_CURRENT, 4);
    eb_int(&b, e->entry, A);
    size_t phoff_at = b.len;
    eb_int(&b, 0, A);
    size_t shoff_at = b.len;
    eb_int(&b, 0, A);
    eb_int(&b, 0, 4);               /* e_flags */
    eb_int(&b, ehsize, 2);
    eb_int(&b, phentsize, 2);
    eb_int(&b, e->n_seg, 2);
    eb_int(&b, shentsize, 2);
    size_t shnum_at = b.len;
    eb_int(&b, 0, 2);
    eb_int(&b, 0, 2);               /* e_shstrndx, patched */

    /* program headers, offsets patched once the data is placed */
    eb_set(&b, phoff_at, b.len, A);
    size_t ph_at = b.len;
    for (unsigned i = 0; i < e->n_seg; i++)
        eb_bytes(&b, NULL, phentsize);
    size_t seg_off[4] = { 0 };
    for (unsigned i = 0; i < e->n_seg; i++) {
        eb_align(&b, 8);
        seg_off[i] = b.len;
        eb_bytes(&b, e->seg[i].data, e->seg[i].filesz);
    }
    for (unsigned i = 0; i < e->n_seg; i++) {
        const elf_build_seg_t *s = &e->seg[i];
        ebuf_t ph = { .be = b.be };
        eb_int(&ph, PT_LOAD, 4);
        if (e->xlen == 64) {
            eb_int(&ph, PF_R | PF_W | PF_X, 4);
            eb_int(&ph, seg_off[i], 8);
            eb_int(&ph, s->addr, 8);
            eb_int(&ph, s->addr, 8);
            eb_int(&ph, s->filesz, 8);
            eb_int(&ph, s->memsz, 8);
            eb_int(&ph, 8, 8);
        } else {
            eb_int(&ph, seg_off[i], 4);
            eb_int(&ph, s->addr, 4);
            eb_int(&ph, s->addr, 4);
            eb_int(&ph, s->filesz, 4);
            eb_int(&ph, s->memsz, 4);
            eb_int(&ph, PF_R | PF_W | PF_X, 4);
            eb_int(&ph, 8, 4);
        }
        if (!ph.oom && !b.oom)
            memcpy(b.p + ph_at + i * phentsize, ph.p, phentsize);
        free(ph.p);
    }

    if (e->n_sym) {
        /* .strtab */
        size_t strtab_off = b.len, name_off[8];
        eb_bytes(&b, "", 1);
        for (unsigned i = 0; i < e->n_sym; i++) {
            name_off[i] = b.len - strtab_off;
            eb_bytes(&b, e->sym[i].name, strlen(e->sym[i].name) + 1);
        }
        size_t strtab_size = b.len - strtab_off;
        /* .symtab: null symbol, then the symbols, all defined in section 1 */
        eb_align(&b, 8);
        size_t symtab_off = b.len;
        size_t symsize = e->xlen == 32 ? 16 : 24;
        eb_bytes(&b, NULL, symsize);
        for (unsigned i = 0; i < e->n_sym; i++) {
            unsigned char info = (unsigned char)ELF32_ST_INFO(STB_GLOBAL, e->sym[i].type);
            eb_int(&b, name_off[i], 4);
            if (e->xlen == 32) {
                eb_int(&b, e->sym[i].addr, 4);
                eb_int(&b, e->sym[i].size, 4);
                eb_int(&b, info, 1);
                eb_int(&b, 0, 1);
                eb_int(&b, 1, 2);
            } else {
                eb_int(&b, info, 1);
                eb_int(&b, 0, 1);
                eb_int(&b, 1, 2);
                eb_int(&b, e->sym[i].addr, 8);
                eb_int(&b, e->sym[i].size, 8);
            }
        }
        size_t symtab_size = b.len - symtab_off;
        /* .shstrtab: a PROGBITS section per segment's file bytes, a NOBITS one per zero-filled
         * tail, as a linker makes them (.load<i>, .bss<i>), then the symbol sections */
        char shstr[128];
        size_t shstr_len = 1;
        shstr[0] = 0;
        typedef struct {
            unsigned name, type;
            uint64_t flags, addr, off, size;
            unsigned link, info;
            uint64_t align, entsize;
        } eb_shdr_t;
        eb_shdr_t sh[12];
        unsigned n_sh = 0;
        sh[n_sh++] = (eb_shdr_t){ 0 };
        for (unsigned i = 0; i < e->n_seg; i++) {
            const elf_build_seg_t *sg = &e->seg[i];
            if (sg->filesz) {
                sh[n_sh++] = (eb_shdr_t){ (unsigned)shstr_len, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE,
                                                  sg->addr, seg_off[i], sg->filesz, 0, 0, 8, 0 };
                shstr_len += (size_t)sprintf(shstr + shstr_len, ".load%u", i) + 1;
            }
            if (sg->memsz > sg->filesz) {
                sh[n_sh++] = (eb_shdr_t){ (unsigned)shstr_len, SHT_NOBITS, SHF_ALLOC | SHF_WRITE,
                                                  sg->addr + sg->filesz, seg_off[i] + sg->filesz,
                                                  sg->memsz - sg->filesz, 0, 0, 8, 0 };
                shstr_len += (size_t)sprintf(shstr + shstr_len, ".bss%u", i) + 1;
            }
        }
        unsigned symtab_ndx = n_sh;
        sh[n_sh++] = (eb_shdr_t){ (unsigned)shstr_len, SHT_SYMTAB, 0, 0, symtab_off, symtab_size,
                                          symtab_ndx + 1, 1, 8, symsize };
        shstr_len += (size_t)sprintf(shstr + shstr_len, ".symtab") + 1;
        sh[n_sh++] = (eb_shdr_t){ (unsigned)shstr_len, SHT_STRTAB, 0, 0, strtab_off, strtab_size, 0, 0, 1, 0 };
        shstr_len += (size_t)sprintf(shstr + shstr_len, ".strtab") + 1;
        sh[n_sh] = (eb_shdr_t){ (unsigned)shstr_len, SHT_STRTAB, 0, 0, 0, 0, 0, 0, 1, 0 };
        shstr_len += (size_t)sprintf(shstr + shstr_len, ".shstrtab") + 1;
        sh[n_sh].off = b.len;
        sh[n_sh].size = shstr_len;
        n_sh++;
        eb_bytes(&b, shstr, shstr_len);
        eb_align(&b, 8);
        eb_set(&b, shoff_at, b.len, A);
        eb_set(&b, shnum_at, n_sh, 2);
        eb_set(&b, shnum_at + 2, n_sh - 1, 2);
        for (unsigned i = 0; i < n_sh; i++) {
            eb_int(&b, sh[i].name, 4);
            eb_int(&b, sh[i].type, 4);
            eb_int(&b, sh[i].flags, A);
            eb_int(&b, sh[i].addr, A);
            eb_int(&b, sh[i].off, A);
            eb_int(&b, sh[i].size, A);
            eb_int(&b, sh[i].link, 4);
            eb_int(&b, sh[i].info, 4);
            eb_int(&b, sh[i].align, A);
            eb_int(&b, sh[i].entsize, A);
        }
    }
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    *size = b.len;
    return b.p;
}

int elf_build_write(const elf_build_t *e, const char *path, size_t limit)
{
    size_t size;
    uint8_t *img = elf_build_image(e, &size);
    if (!img)
        return -1;
    FILE *f = fopen(path, "wb");
    int rc = -1;
    if (f) {
        size_t n = size < limit ? size : limit;
        rc = fwrite(img, 1, n, f) == n ? 0 : -1;
        if (fclose(f) != 0)
            rc = -1;
    }
    free(img);
    return rc;
}
