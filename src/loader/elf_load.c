/* ELF loader: validates the file against the machine first, so that every way a program can be
 * unsuitable ends in one clear sentence, then copies the segments into memory.
 *
 * What is loaded is what a hardware flow (objcopy to a hex or binary image) and QEMU load: every
 * byte of a PT_LOAD segment that lands in memory is written. A byte that lands outside memory is
 * skipped when no allocated section covers it (the ELF headers that a -Ttext link pulls into the
 * first segment, padding) or when it lands in a device window (a variable placed at a device
 * address, as the VeeR testbench places its mailbox word: an image cannot initialise a device).
 * Any other byte outside memory makes the file fail. docs/usage.md "How programs are loaded". */
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

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

static uint32_t elf_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The VeeR testbench link script puts the ICCM (0xFFFFFFF0) and DCCM (0xFFFFFFF8) preload
 * descriptors, {start, end} each, at the top of the 32-bit address space; the testbench consumes
 * them, the core never sees them. The contents they describe are ordinary segments at ICCM and
 * DCCM addresses, which load directly into those memories. */
#define VEER_PRELOAD_BASE 0xFFFFFFF0ull
#define VEER_PRELOAD_END 0x100000000ull

/* An allocated section, as the address range (VMA) its contents occupy. */
typedef struct elf_section {
    uint64_t addr, size;
} elf_section_t;

typedef struct elf_loader {
    const elf_target_t *t;
    const char *path;
    int fd;
    Elf *elf;
    const uint8_t *raw; /* the whole file */
    size_t size;
    elf_section_t *sections; /* SHF_ALLOC sections; none: the file has no section headers */
    size_t n_sections;
    uint64_t headers_end; /* file offset where the ELF and program headers end */
} elf_loader_t;

typedef struct elf_segment {
    size_t index;         /* program header number, for messages */
    uint64_t addr, vaddr; /* physical (load) and virtual addresses */
    uint64_t filesz, memsz, offset;
} elf_segment_t;

static int elf_fail(const elf_loader_t *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int elf_fail(const elf_loader_t *L, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    diag_error(L->t->diag, "%s: %s", L->path, msg);
    return -1;
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

/* Checks of the ELF header against the machine: what the program is and whether it can run. */
static int elf_check_header(const elf_loader_t *L, const GElf_Ehdr *eh, unsigned xlen)
{
    char buf[64];

    if (eh->e_machine != EM_RISCV)
        return elf_fail(L, "is a program for %s, not for RISC-V",
                        elf_machine_name(eh->e_machine, buf, sizeof(buf)));
    if (xlen != L->t->xlen) {
        const char *other = L->t->machine_for_xlen ? L->t->machine_for_xlen(L->t->name, xlen) : NULL;
        if (other)
            return elf_fail(L, "is a %u-bit RISC-V program but machine %s is RV%u; try -M %s", xlen,
                            L->t->name, L->t->xlen, other);
        return elf_fail(L, "is a %u-bit RISC-V program but machine %s is RV%u", xlen, L->t->name, L->t->xlen);
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

static bool elf_is_veer_preload(const elf_loader_t *L, uint64_t addr, uint64_t len)
{
    return L->t->veer_preload && addr >= VEER_PRELOAD_BASE && addr < VEER_PRELOAD_END &&
           len <= VEER_PRELOAD_END - addr;
}

/* Does an allocated section cover any byte of [vaddr, vaddr + len) of segment s? Without section
 * headers, the ELF and program headers are the only bytes known not to be program contents. */
static bool elf_is_contents(const elf_loader_t *L, const elf_segment_t *s, uint64_t vaddr, uint64_t len)
{
    if (L->n_sections == 0) {
        uint64_t off = s->offset + (vaddr - s->vaddr);
        return off >= L->headers_end || vaddr - s->vaddr >= s->filesz;
    }
    for (size_t k = 0; k < L->n_sections; k++) {
        const elf_section_t *sec = &L->sections[k];
        if (sec->addr < vaddr + len && vaddr < sec->addr + sec->size)
            return true;
    }
    return false;
}

/* Checks that every byte of a segment that must be loaded has memory to go to (see the top of the
 * file); with `write`, loads it. */
static int elf_place_segment(const elf_loader_t *L, const elf_segment_t *s, bool write)
{
    const bus_t *bus = L->t->bus;
    uint64_t end = s->addr + s->memsz;
    for (uint64_t addr = s->addr; addr < end;) {
        uint64_t span_end;
        const bus_region_t *r = bus_region_span(bus, addr, &span_end);
        uint64_t n = (span_end < end ? span_end : end) - addr;
        uint64_t seg_off = addr - s->addr;
        if (r && r->host) {
            if (write) {
                uint8_t *dst = r->host + (addr - r->base);
                uint64_t file_n = seg_off < s->filesz ? s->filesz - seg_off : 0;
                if (file_n > n)
                    file_n = n;
                memcpy(dst, L->raw + s->offset + seg_off, (size_t)file_n);
                bus_host_zero(dst + file_n, n - file_n); /* .bss: no page is committed for it */
            }
        } else if (!r && !elf_is_veer_preload(L, addr, n) && elf_is_contents(L, s, s->vaddr + seg_off, n)) {
            return elf_fail(L, "segment %zu at 0x%llx (%llu bytes) is outside the memory of machine %s",
                            s->index, (unsigned long long)s->addr, (unsigned long long)s->memsz, L->t->name);
        }
        addr += n;
    }
    return 0;
}

/* Reads the allocated sections (for elf_covering_section). */
static int elf_read_sections(elf_loader_t *L)
{
    for (Elf_Scn *scn = elf_nextscn(L->elf, NULL); scn; scn = elf_nextscn(L->elf, scn)) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return elf_fail(L, "corrupt ELF file: a section header cannot be read");
        /* .tbss takes no room in the image: it is a template for thread-local storage */
        if (!(sh.sh_flags & SHF_ALLOC) || sh.sh_size == 0 ||
            (sh.sh_type == SHT_NOBITS && (sh.sh_flags & SHF_TLS)))
            continue;
        elf_section_t *p = realloc(L->sections, (L->n_sections + 1) * sizeof(*p));
        if (!p)
            return elf_fail(L, "out of memory");
        L->sections = p;
        L->sections[L->n_sections++] = (elf_section_t){ sh.sh_addr, sh.sh_size };
    }
    return 0;
}

/* Checks the program header table; sets *n_ph. */
static int elf_check_program_headers(elf_loader_t *L, const GElf_Ehdr *eh, size_t *n_ph)
{
    /* The header's count, not libelf's: libelf quietly drops headers past the end of the file. */
    *n_ph = eh->e_phnum;
    if (*n_ph == PN_XNUM && elf_getphdrnum(L->elf, n_ph) != 0)
        return elf_fail(L, "corrupt ELF file: the program header count cannot be read");
    if (*n_ph == 0)
        return elf_fail(L, "has no program headers: nothing to load");
    if (!elf_table_fits(L, eh->e_phoff, *n_ph, eh->e_phentsize))
        return elf_fail(L, "is truncated: its program headers end at byte %llu but the file has %zu bytes",
                        (unsigned long long)(eh->e_phoff + (uint64_t)*n_ph * eh->e_phentsize), L->size);
    L->headers_end = eh->e_phoff + (uint64_t)*n_ph * eh->e_phentsize;
    if (L->headers_end < eh->e_ehsize)
        L->headers_end = eh->e_ehsize;
    return 0;
}

/* Validates the program headers and collects the PT_LOAD segments to copy. */
static int elf_collect_segments(elf_loader_t *L, size_t n_ph, elf_segment_t **out, size_t *n_out)
{

    elf_segment_t *seg = calloc(n_ph, sizeof(*seg));
    size_t n = 0;
    if (!seg)
        return elf_fail(L, "out of memory");
    for (size_t i = 0; i < n_ph; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(L->elf, (int)i, &ph)) {
            free(seg);
            return elf_fail(L, "corrupt ELF file: program header %zu cannot be read", i);
        }
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        elf_segment_t s = { i, ph.p_paddr, ph.p_vaddr, ph.p_filesz, ph.p_memsz, ph.p_offset };
        int rc = 0;
        if (s.filesz > s.memsz)
            rc = elf_fail(L,
                          "corrupt ELF file: segment %zu has more file bytes (%llu) than memory bytes (%llu)",
                          i, (unsigned long long)s.filesz, (unsigned long long)s.memsz);
        else if (s.offset > L->size || s.filesz > L->size - s.offset)
            rc = elf_fail(L,
                          "is truncated: segment %zu needs file bytes up to %llu but the file has %zu bytes",
                          i, (unsigned long long)(s.offset + s.filesz), L->size);
        else if (s.addr + s.memsz < s.addr || s.vaddr + s.memsz < s.vaddr ||
                 (L->t->xlen == 32 && s.addr + s.memsz > (1ull << 32)))
            rc = elf_fail(L, "segment %zu at 0x%llx (%llu bytes) is outside the memory of machine %s", i,
                          (unsigned long long)s.addr, (unsigned long long)s.memsz, L->t->name);
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

/* Checks the section header table; *n_sh is 0 for a file without one. */
static int elf_check_sections(const elf_loader_t *L, const GElf_Ehdr *eh, size_t *n_sh)
{
    /* As for program headers, trust the header's count (0 with e_shoff set: extended numbering). */
    *n_sh = eh->e_shnum;
    if (*n_sh == 0 && eh->e_shoff != 0 && elf_getshdrnum(L->elf, n_sh) != 0)
        return elf_fail(L, "corrupt ELF file: the section header count cannot be read");
    if (*n_sh && !elf_table_fits(L, eh->e_shoff, *n_sh, eh->e_shentsize))
        return elf_fail(L, "is truncated: its section headers end at byte %llu but the file has %zu bytes",
                        (unsigned long long)(eh->e_shoff + (uint64_t)*n_sh * eh->e_shentsize), L->size);
    return 0;
}

static int elf_read_symbols(const elf_loader_t *L, elf_image_t *img)
{
    size_t cap = 0;
    for (Elf_Scn *scn = elf_nextscn(L->elf, NULL); scn; scn = elf_nextscn(L->elf, scn)) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return elf_fail(L, "corrupt ELF file: a section header cannot be read");
        if (sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        if (!elf_table_fits(L, sh.sh_offset, sh.sh_size / sh.sh_entsize, sh.sh_entsize))
            return elf_fail(L, "is truncated: its symbol table ends at byte %llu but the file has %zu bytes",
                            (unsigned long long)(sh.sh_offset + sh.sh_size), L->size);
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            return elf_fail(L, "corrupt ELF file: the symbol table cannot be read");
        size_t count = sh.sh_size / sh.sh_entsize;
        for (size_t i = 1; i < count; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym))
                return elf_fail(L, "corrupt ELF file: symbol %zu cannot be read", i);
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

/* e_machine as the file says it, in the file's byte order (before libelf is asked anything). */
static unsigned elf_raw_machine(const unsigned char *hdr)
{
    return hdr[EI_DATA] == ELFDATA2MSB ? (unsigned)hdr[18] << 8 | hdr[19] : (unsigned)hdr[19] << 8 | hdr[18];
}

static const char *file_type_name(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    return "not a regular file";
}

/* Opens the file and checks that it is a complete enough ELF file to ask libelf about. The file
 * type is checked before opening, so that a FIFO or a device is never opened (that could block). */
static int elf_open(elf_loader_t *L)
{
    struct stat st;
    unsigned char hdr[EI_NIDENT + 4];

    if (stat(L->path, &st) != 0)
        return elf_fail(L, "%s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return elf_fail(L, "is %s, not a program file", file_type_name(st.st_mode));
    L->fd = open(L->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (L->fd < 0)
        return elf_fail(L, "%s", strerror(errno));
    if (fstat(L->fd, &st) != 0)
        return elf_fail(L, "%s", strerror(errno));
    if (!S_ISREG(st.st_mode)) /* replaced between stat and open */
        return elf_fail(L, "is %s, not a program file", file_type_name(st.st_mode));

    ssize_t got = pread(L->fd, hdr, sizeof(hdr), 0);
    if (got < 0)
        return elf_fail(L, "%s", strerror(errno));
    if (got < SELFMAG || memcmp(hdr, ELFMAG, SELFMAG) != 0)
        return elf_fail(L, "not an ELF file");
    if ((size_t)got < EI_NIDENT)
        return elf_fail(L, "is truncated: %zd bytes, not even a complete ELF identification", got);
    if (hdr[EI_CLASS] != ELFCLASS32 && hdr[EI_CLASS] != ELFCLASS64)
        return elf_fail(L, "corrupt ELF file: unknown ELF class %u", hdr[EI_CLASS]);
    if (hdr[EI_DATA] != ELFDATA2LSB && hdr[EI_DATA] != ELFDATA2MSB)
        return elf_fail(L, "corrupt ELF file: unknown byte order %u", hdr[EI_DATA]);
    size_t ehdr_size = hdr[EI_CLASS] == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
    if ((uint64_t)st.st_size < ehdr_size)
        return elf_fail(L, "is truncated: %lld bytes, shorter than the ELF header (%zu bytes)",
                        (long long)st.st_size, ehdr_size);
    if (hdr[EI_DATA] == ELFDATA2MSB) {
        char buf[64];
        unsigned em = elf_raw_machine(hdr);
        if (em == EM_RISCV)
            return elf_fail(L, "is a big-endian RISC-V program; pmusim runs little-endian programs only");
        return elf_fail(L, "is a big-endian program for %s, not a little-endian RISC-V program",
                        elf_machine_name(em, buf, sizeof(buf)));
    }

    if (elf_version(EV_CURRENT) == EV_NONE)
        return elf_fail(L, "libelf cannot be initialised: %s", elf_errmsg(-1));
    L->elf = elf_begin(L->fd, ELF_C_READ_MMAP, NULL);
    L->raw = L->elf ? (const uint8_t *)elf_rawfile(L->elf, &L->size) : NULL;
    if (!L->raw)
        return elf_fail(L, "cannot be read as an ELF file (%s)", elf_errmsg(-1));
    return 0;
}

static int elf_load_image(elf_loader_t *L, elf_image_t *img)
{
    GElf_Ehdr eh;
    elf_segment_t *seg = NULL;
    size_t n_seg = 0, n_sh, n_ph;

    int rc = elf_open(L);
    if (rc)
        return rc;
    if (!gelf_getehdr(L->elf, &eh))
        return elf_fail(L, "corrupt ELF file: the ELF header cannot be read");
    unsigned xlen = gelf_getclass(L->elf) == ELFCLASS32 ? 32 : 64;
    if ((rc = elf_check_header(L, &eh, xlen)) != 0 || (rc = elf_check_program_headers(L, &eh, &n_ph)) != 0)
        return rc;
    if ((rc = elf_collect_segments(L, n_ph, &seg, &n_seg)) != 0)
        return rc;
    /* where the segments go is checked against the sections that cover them */
    if ((rc = elf_check_sections(L, &eh, &n_sh)) != 0 || (n_sh && (rc = elf_read_sections(L)) != 0)) {
        free(seg);
        return rc;
    }
    for (size_t i = 0; i < n_seg && rc == 0; i++)
        rc = elf_place_segment(L, &seg[i], false);
    if (rc) {
        free(seg);
        return rc;
    }
    if (!bus_ram_ptr(L->t->bus, eh.e_entry, 2)) {
        free(seg);
        return elf_fail(L, "entry point 0x%llx is outside the memory of machine %s",
                        (unsigned long long)eh.e_entry, L->t->name);
    }
    if (n_sh && (rc = elf_read_symbols(L, img)) != 0) {
        free(seg);
        return rc;
    }
    /* Everything fits: only now is memory written. */
    for (size_t i = 0; i < n_seg; i++)
        elf_place_segment(L, &seg[i], true);
    free(seg);

    img->xlen = xlen;
    img->entry = eh.e_entry;
    return 0;
}

int elf_load(const elf_target_t *target, const char *path, elf_image_t *img)
{
    elf_loader_t L = { .t = target, .path = path, .fd = -1 };

    memset(img, 0, sizeof(*img));
    int rc = elf_load_image(&L, img);
    if (L.elf)
        elf_end(L.elf);
    if (L.fd >= 0)
        close(L.fd);
    free(L.sections);
    if (rc == 0 && !(img->path = strdup(path)))
        rc = elf_fail(&L, "out of memory");
    if (rc) {
        elf_image_free(img);
        return -1;
    }
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

/* Looks for the machine note in one section's bytes (little-endian notes: 4-byte namesz, descsz,
 * type, then the name and the descriptor, each padded to 4 bytes). */
static bool elf_note_in(const uint8_t *p, uint64_t n, char *buf, size_t size)
{
    uint64_t off = 0;
    while (n - off >= 12) {
        uint32_t namesz = (uint32_t)elf_le32(p + off), descsz = (uint32_t)elf_le32(p + off + 4);
        uint32_t type = (uint32_t)elf_le32(p + off + 8);
        uint64_t name_at = off + 12, desc_at = name_at + ((namesz + 3ull) & ~3ull);
        uint64_t next = desc_at + ((descsz + 3ull) & ~3ull);
        if (next > n)
            return false;
        if (type == PMUSIM_NOTE_MACHINE && namesz == 7 && memcmp(p + name_at, "pmusim", 7) == 0 &&
            descsz >= 2 && descsz <= size && p[desc_at + descsz - 1] == 0) {
            const char *name = (const char *)p + desc_at;
            for (size_t k = 0; name[k]; k++) /* a machine name: letters, digits, '-', '_' */
                if (!(name[k] >= 'a' && name[k] <= 'z') && !(name[k] >= 'A' && name[k] <= 'Z') &&
                    !(name[k] >= '0' && name[k] <= '9') && name[k] != '-' && name[k] != '_')
                    return false;
            memcpy(buf, name, descsz);
            return true;
        }
        off = next;
    }
    return false;
}

bool elf_machine_note(const char *path, char *buf, size_t size)
{
    struct stat st;
    bool found = false;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || elf_version(EV_CURRENT) == EV_NONE)
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return false;
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    size_t file_size = 0, shstrndx;
    const uint8_t *raw = elf ? (const uint8_t *)elf_rawfile(elf, &file_size) : NULL;
    if (raw && elf_kind(elf) == ELF_K_ELF && file_size > EI_DATA && raw[EI_DATA] == ELFDATA2LSB &&
        elf_getshdrstrndx(elf, &shstrndx) == 0) {
        for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn && !found; scn = elf_nextscn(elf, scn)) {
            GElf_Shdr sh;
            if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS || sh.sh_offset > file_size ||
                sh.sh_size > file_size - sh.sh_offset)
                continue;
            const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
            if (sh.sh_type == SHT_NOTE || (name && strcmp(name, ".note.pmusim.machine") == 0))
                found = elf_note_in(raw + sh.sh_offset, sh.sh_size, buf, size);
        }
    }
    if (elf)
        elf_end(elf);
    close(fd);
    return found;
}
