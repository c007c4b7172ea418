/* ELF loader: validates the file against the machine first, so that every way a program can be
 * unsuitable ends in one clear sentence, then copies the segments into RAM. */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "loader/elf_load.h"
#include "machine/machine.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

/* The VeeR testbench link script puts an 8-byte DCCM preload descriptor at the top of the 32-bit
 * address space; the testbench consumes it, the core never sees it. */
#define VEER_PRELOAD_BASE 0xFFFFFFF8ull
#define VEER_PRELOAD_END 0x100000000ull

typedef struct elf_loader {
    struct machine *m;
    const char *path;
    int fd;
    Elf *elf;
    const uint8_t *raw; /* the whole file */
    size_t size;
} elf_loader_t;

typedef struct elf_segment {
    uint64_t addr, filesz, memsz, offset;
} elf_segment_t;

static int elf_fail(const elf_loader_t *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int elf_fail(const elf_loader_t *L, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    fprintf(stderr, "pmusim: %s: %s\n", L->path, msg);
    return -1;
}

static int elf_fail_libelf(const elf_loader_t *L, const char *what)
{
    return elf_fail(L, "corrupt ELF file: %s (%s)", what, elf_errmsg(-1));
}

static const char *elf_machine_name(unsigned em, char *buf, size_t size)
{
    switch (em) {
    case EM_386: return "x86 (i386)";
    case EM_X86_64: return "x86-64";
    case EM_ARM: return "32-bit Arm";
    case EM_AARCH64: return "AArch64";
    case EM_MIPS: return "MIPS";
    case EM_PPC: return "PowerPC";
    case EM_PPC64: return "PowerPC64";
    case EM_S390: return "IBM S/390";
    case EM_SPARC: return "SPARC";
    case EM_SPARCV9: return "SPARC V9";
    case EM_SH: return "SuperH";
    case EM_IA_64: return "IA-64";
    case EM_68K: return "Motorola 68000";
    case EM_XTENSA: return "Xtensa";
    case EM_AVR: return "AVR";
    case EM_MSP430: return "MSP430";
    case EM_BPF: return "eBPF";
    case 258: return "LoongArch"; /* EM_LOONGARCH, missing from older elf.h */
    case EM_NONE: return "no machine (e_machine 0)";
    default: snprintf(buf, size, "an unknown machine (e_machine %u)", em); return buf;
    }
}

/* A machine with the program's XLEN to suggest, or NULL: the one whose name shares the longest
 * prefix with the current machine's (virt64 -> virt32), so the suggestion stays in the family. */
static const char *elf_machine_for_xlen(const char *current, unsigned xlen)
{
    const char *best = NULL;
    size_t best_len = 0;
    for (const machine_desc_t *const *d = machine_list(); *d; d++) {
        if ((*d)->xlen != xlen)
            continue;
        size_t n = 0;
        while ((*d)->name[n] && (*d)->name[n] == current[n])
            n++;
        if (!best || n > best_len) {
            best = (*d)->name;
            best_len = n;
        }
    }
    return best;
}

/* Checks of the ELF header against the machine: what the program is and whether it can run. */
static int elf_check_header(const elf_loader_t *L, const GElf_Ehdr *eh, unsigned xlen)
{
    const machine_desc_t *desc = L->m->desc;
    char buf[64];

    if (eh->e_machine != EM_RISCV)
        return elf_fail(L, "is a program for %s, not for RISC-V",
                        elf_machine_name(eh->e_machine, buf, sizeof(buf)));
    if (eh->e_ident[EI_DATA] != ELFDATA2LSB)
        return elf_fail(L, "is a big-endian RISC-V program; pmusim runs little-endian programs only");
    if (xlen != desc->xlen) {
        const char *other = elf_machine_for_xlen(desc->name, xlen);
        if (other)
            return elf_fail(L, "is a %u-bit RISC-V program but machine %s is RV%u; try -M %s", xlen,
                            desc->name, desc->xlen, other);
        return elf_fail(L, "is a %u-bit RISC-V program but machine %s is RV%u", xlen, desc->name, desc->xlen);
    }
    switch (eh->e_type) {
    case ET_EXEC: return 0;
    case ET_DYN:
        return elf_fail(L, "is a position-independent executable or shared library (ET_DYN); "
                           "pmusim needs a program linked at fixed addresses (ET_EXEC: -static -no-pie)");
    case ET_REL: return elf_fail(L, "is an object file (ET_REL), not a linked program");
    case ET_CORE: return elf_fail(L, "is a core dump, not a program");
    default: return elf_fail(L, "is not an executable (ELF type %u)", (unsigned)eh->e_type);
    }
}

/* Does a table of n entries of `entsize` bytes at `off` lie inside the file? */
static bool elf_table_fits(const elf_loader_t *L, uint64_t off, uint64_t n, uint64_t entsize)
{
    if (off > L->size)
        return false;
    return entsize == 0 || n <= (L->size - off) / entsize;
}

static bool elf_is_veer_preload(const elf_loader_t *L, const elf_segment_t *s)
{
    return L->m->desc->accept_high_preload && s->addr >= VEER_PRELOAD_BASE && s->addr < VEER_PRELOAD_END &&
           s->memsz <= VEER_PRELOAD_END - s->addr;
}

/* Validates the program headers and collects the PT_LOAD segments to copy. */
static int elf_collect_segments(const elf_loader_t *L, const GElf_Ehdr *eh, elf_segment_t **out,
                                size_t *n_out)
{
    /* The header's count, not libelf's: libelf quietly drops headers past the end of the file. */
    size_t n_ph = eh->e_phnum;
    if (n_ph == PN_XNUM && elf_getphdrnum(L->elf, &n_ph) != 0)
        return elf_fail_libelf(L, "cannot read the program header count");
    if (n_ph == 0)
        return elf_fail(L, "has no program headers: nothing to load");
    if (!elf_table_fits(L, eh->e_phoff, n_ph, eh->e_phentsize))
        return elf_fail(L, "is truncated: its program headers end at byte %llu but the file has %zu bytes",
                        (unsigned long long)(eh->e_phoff + (uint64_t)n_ph * eh->e_phentsize), L->size);

    elf_segment_t *seg = calloc(n_ph, sizeof(*seg));
    size_t n = 0;
    if (!seg)
        return elf_fail(L, "out of memory");
    for (size_t i = 0; i < n_ph; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(L->elf, (int)i, &ph)) {
            free(seg);
            return elf_fail_libelf(L, "cannot read a program header");
        }
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        elf_segment_t s = { ph.p_paddr, ph.p_filesz, ph.p_memsz, ph.p_offset };
        int rc = 0;
        if (s.filesz > s.memsz)
            rc = elf_fail(L,
                          "corrupt ELF file: segment %zu has more file bytes (%llu) than memory bytes (%llu)",
                          i, (unsigned long long)s.filesz, (unsigned long long)s.memsz);
        else if (s.offset > L->size || s.filesz > L->size - s.offset)
            rc = elf_fail(L,
                          "is truncated: segment %zu needs file bytes up to %llu but the file has %zu bytes",
                          i, (unsigned long long)(s.offset + s.filesz), L->size);
        else if (elf_is_veer_preload(L, &s))
            continue;
        else if (!bus_ram_ptr(&L->m->bus, s.addr, s.memsz))
            rc = elf_fail(L, "segment %zu at 0x%llx (%llu bytes) is outside the memory of machine %s", i,
                          (unsigned long long)s.addr, (unsigned long long)s.memsz, L->m->desc->name);
        if (rc) {
            free(seg);
            return rc;
        }
        seg[n++] = s;
    }
    *out = seg;
    *n_out = n;
    return 0;
}

static int elf_symbol_cmp(const void *a, const void *b)
{
    const elf_symbol_t *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name); /* deterministic order at equal addresses */
}

static bool elf_symbol_wanted(const GElf_Sym *sym, const char *name)
{
    unsigned type = GELF_ST_TYPE(sym->st_info);
    if (!name || !name[0] || name[0] == '$' || sym->st_shndx == SHN_UNDEF)
        return false;
    if (strncmp(name, ".L", 2) == 0)
        return false; /* assembler-local labels */
    if (type == STT_FUNC || type == STT_OBJECT)
        return true;
    return type == STT_NOTYPE && sym->st_shndx != SHN_ABS; /* labels in assembly code */
}

static int elf_read_symbols(const elf_loader_t *L, const GElf_Ehdr *eh, elf_image_t *img)
{
    /* As for program headers, trust the header's count (0 with e_shoff set: extended numbering). */
    size_t n_sh = eh->e_shnum;
    if (n_sh == 0 && eh->e_shoff != 0 && elf_getshdrnum(L->elf, &n_sh) != 0)
        return elf_fail_libelf(L, "cannot read the section header count");
    if (n_sh == 0)
        return 0; /* stripped of section headers: no symbols */
    if (!elf_table_fits(L, eh->e_shoff, n_sh, eh->e_shentsize))
        return elf_fail(L, "is truncated: its section headers end at byte %llu but the file has %zu bytes",
                        (unsigned long long)(eh->e_shoff + (uint64_t)n_sh * eh->e_shentsize), L->size);

    size_t cap = 0;
    for (Elf_Scn *scn = elf_nextscn(L->elf, NULL); scn; scn = elf_nextscn(L->elf, scn)) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return elf_fail_libelf(L, "cannot read a section header");
        if (sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        if (!elf_table_fits(L, sh.sh_offset, sh.sh_size / sh.sh_entsize, sh.sh_entsize))
            return elf_fail(L, "is truncated: its symbol table ends at byte %llu but the file has %zu bytes",
                            (unsigned long long)(sh.sh_offset + sh.sh_size), L->size);
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            return elf_fail_libelf(L, "cannot read the symbol table");
        size_t count = sh.sh_size / sh.sh_entsize;
        for (size_t i = 1; i < count; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym))
                return elf_fail_libelf(L, "cannot read a symbol");
            const char *name = elf_strptr(L->elf, sh.sh_link, sym.st_name);
            if (!elf_symbol_wanted(&sym, name))
                continue;
            if (img->n_syms == cap) {
                size_t ncap = cap ? 2 * cap : 256;
                elf_symbol_t *p = realloc(img->syms, ncap * sizeof(*p));
                if (!p)
                    return elf_fail(L, "out of memory");
                img->syms = p;
                cap = ncap;
            }
            char *copy = strdup(name);
            if (!copy)
                return elf_fail(L, "out of memory");
            img->syms[img->n_syms++] = (elf_symbol_t){
                .name = copy,
                .addr = sym.st_value,
                .size = sym.st_size,
                .is_func = GELF_ST_TYPE(sym.st_info) == STT_FUNC,
            };
        }
    }
    if (img->n_syms)
        qsort(img->syms, img->n_syms, sizeof(*img->syms), elf_symbol_cmp);
    return 0;
}

/* Opens the file and checks that it is a complete enough ELF file to ask libelf about. */
static int elf_open(elf_loader_t *L)
{
    struct stat st;
    unsigned char ident[EI_NIDENT];

    L->fd = open(L->path, O_RDONLY | O_CLOEXEC);
    if (L->fd < 0)
        return elf_fail(L, "%s", strerror(errno));
    if (fstat(L->fd, &st) != 0)
        return elf_fail(L, "%s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        return elf_fail(L, "%s", strerror(EISDIR));
    if (!S_ISREG(st.st_mode))
        return elf_fail(L, "not a regular file");

    ssize_t got = pread(L->fd, ident, sizeof(ident), 0);
    if (got < 0)
        return elf_fail(L, "%s", strerror(errno));
    if (got < SELFMAG || memcmp(ident, ELFMAG, SELFMAG) != 0)
        return elf_fail(L, "not an ELF file");
    if ((size_t)got < sizeof(ident))
        return elf_fail(L, "is truncated: %zd bytes, not even a complete ELF identification", got);
    if (ident[EI_CLASS] != ELFCLASS32 && ident[EI_CLASS] != ELFCLASS64)
        return elf_fail(L, "corrupt ELF file: unknown ELF class %u", ident[EI_CLASS]);
    size_t ehdr_size = ident[EI_CLASS] == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
    if ((uint64_t)st.st_size < ehdr_size)
        return elf_fail(L, "is truncated: %lld bytes, shorter than the ELF header (%zu bytes)",
                        (long long)st.st_size, ehdr_size);

    if (elf_version(EV_CURRENT) == EV_NONE)
        return elf_fail(L, "libelf cannot be initialised: %s", elf_errmsg(-1));
    L->elf = elf_begin(L->fd, ELF_C_READ_MMAP, NULL);
    if (!L->elf)
        return elf_fail_libelf(L, "cannot read the file");
    L->raw = (const uint8_t *)elf_rawfile(L->elf, &L->size);
    if (!L->raw)
        return elf_fail_libelf(L, "cannot read the file");
    return 0;
}

static int elf_load_image(elf_loader_t *L, elf_image_t *img)
{
    GElf_Ehdr eh;
    elf_segment_t *seg = NULL;
    size_t n_seg = 0;

    int rc = elf_open(L);
    if (rc)
        return rc;
    if (!gelf_getehdr(L->elf, &eh))
        return elf_fail_libelf(L, "cannot read the ELF header");
    unsigned xlen = gelf_getclass(L->elf) == ELFCLASS32 ? 32 : 64;
    if ((rc = elf_check_header(L, &eh, xlen)) != 0)
        return rc;
    if ((rc = elf_collect_segments(L, &eh, &seg, &n_seg)) != 0)
        return rc;
    if (!bus_ram_ptr(&L->m->bus, eh.e_entry, 2)) {
        free(seg);
        return elf_fail(L, "entry point 0x%llx is outside the memory of machine %s",
                        (unsigned long long)eh.e_entry, L->m->desc->name);
    }
    if ((rc = elf_read_symbols(L, &eh, img)) != 0) {
        free(seg);
        return rc;
    }

    for (size_t i = 0; i < n_seg; i++) {
        uint8_t *dst = bus_ram_ptr(&L->m->bus, seg[i].addr, seg[i].memsz);
        memcpy(dst, L->raw + seg[i].offset, (size_t)seg[i].filesz);
        memset(dst + seg[i].filesz, 0, (size_t)(seg[i].memsz - seg[i].filesz));
    }
    free(seg);

    img->xlen = xlen;
    img->entry = eh.e_entry;
    return 0;
}

int elf_load(struct machine *m, const char *path, elf_image_t *img)
{
    elf_loader_t L = { .m = m, .path = path, .fd = -1 };

    memset(img, 0, sizeof(*img));
    int rc = elf_load_image(&L, img);
    if (L.elf)
        elf_end(L.elf);
    if (L.fd >= 0)
        close(L.fd);
    if (rc == 0 && !(img->path = strdup(path)))
        rc = elf_fail(&L, "out of memory");
    if (rc) {
        elf_image_free(img);
        return -1;
    }

    const elf_symbol_t *s;
    if ((s = elf_find_symbol(img, "tohost")))
        m->tohost_addr = s->addr;
    if ((s = elf_find_symbol(img, "fromhost")))
        m->fromhost_addr = s->addr;
    m->program_path = img->path;
    return 0;
}

const elf_symbol_t *elf_find_symbol(const elf_image_t *img, const char *name)
{
    for (size_t i = 0; i < img->n_syms; i++)
        if (strcmp(img->syms[i].name, name) == 0)
            return &img->syms[i];
    return NULL;
}

/* Preference among symbols at one address: sized over labels, functions over data. */
static int elf_symbol_rank(const elf_symbol_t *s)
{
    return (s->size ? 2 : 0) + (s->is_func ? 1 : 0);
}

const elf_symbol_t *elf_symbol_at(const elf_image_t *img, uint64_t addr)
{
    /* the first symbol above addr */
    size_t lo = 0, hi = img->n_syms;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (img->syms[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* Walk down: the highest-addressed symbol that covers addr (labels cover everything after
     * them), best ranked among those at that same address. */
    const elf_symbol_t *best = NULL;
    for (size_t i = lo; i-- > 0;) {
        const elf_symbol_t *s = &img->syms[i];
        if (best && s->addr != best->addr)
            break;
        if (s->size && addr - s->addr >= s->size)
            continue;
        if (!best || elf_symbol_rank(s) > elf_symbol_rank(best))
            best = s;
    }
    return best;
}

void elf_image_free(elf_image_t *img)
{
    for (size_t i = 0; i < img->n_syms; i++)
        free(img->syms[i].name);
    free(img->syms);
    free(img->path);
    memset(img, 0, sizeof(*img));
}
