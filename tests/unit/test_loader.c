/* Unit tests of the ELF loader (src/loader) with ELF files written by elf_build.c.
 * The loader runs against the real machine descriptions: where a program may go is their memory
 * map. */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_build.h"
#include "loader/elf_load.h"
#include "machine/machine.h"
#include "unit.h"

#define RAM 0x80000000u

static const uint8_t code[16] = { 0x13, 0, 0, 0, 0x6f, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8 };
static const uint8_t data[8] = { 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8 };

/* A typical program: code + bss, a data segment, HTIF symbols and a few labels. */
static elf_build_t sample(unsigned xlen)
{
    return (elf_build_t){
        .xlen = xlen,
        .entry = RAM,
        .seg = { { RAM, code, sizeof(code), 64 }, { RAM + 0x1000, data, sizeof(data), 16 } },
        .n_seg = 2,
        .sym = {
            { "_start", RAM, 16, STT_FUNC },
            { "loop", RAM + 8, 0, STT_NOTYPE },
            { "tohost", RAM + 0x1000, 8, STT_OBJECT },
            { "fromhost", RAM + 0x1008, 8, STT_OBJECT },
            { "main_data", RAM + 0x1000, 8, STT_OBJECT },
        },
        .n_sym = 5,
    };
}

typedef struct tmpdir {
    char path[64];
} tmpdir_t;

static char *tmp_file(const tmpdir_t *t, const char *name)
{
    size_t n = strlen(t->path) + strlen(name) + 2;
    char *p = malloc(n);
    snprintf(p, n, "%s/%s", t->path, name);
    return p;
}

static machine_t *new_machine(const char *name)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .diag = unit_diag_stderr };
    return machine_new(machine_find(name), &opts);
}

/* Runs elf_load with stderr captured; returns its result, *msg the message (malloc'ed). */
static int load_capture(machine_t *m, const char *path, elf_image_t *img, char **msg)
{
    fflush(stderr);
    FILE *cap = tmpfile();
    int saved = dup(2);
    dup2(fileno(cap), 2);
    int rc = machine_load_program(m, path, img);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    long len = ftell(cap);
    *msg = calloc(1, (size_t)(len > 0 ? len : 0) + 1);
    rewind(cap);
    if (len > 0 && fread(*msg, 1, (size_t)len, cap) != (size_t)len)
        (*msg)[0] = 0;
    fclose(cap);
    return rc;
}

/* Expects loading `path` on `machine` to fail with exactly one line containing `want`. */
static void expect_error(unit_t *u, const char *machine, const char *path, const char *want)
{
    machine_t *m = new_machine(machine);
    elf_image_t img;
    char *msg;
    int rc = load_capture(m, path, &img, &msg);
    CHECK_EQ(rc, -1);
    char prefix[512];
    snprintf(prefix, sizeof(prefix), "pmusim: %s: ", path);
    bool ok = strncmp(msg, prefix, strlen(prefix)) == 0 && strstr(msg, want) &&
              strchr(msg, '\n') == msg + strlen(msg) - 1;
    if (!unit_check(u, ok, want, __FILE__, __LINE__))
        fprintf(stderr, "    message was: %s", msg);
    CHECK(img.syms == NULL && img.path == NULL);
    free(msg);
    machine_free(m);
}

static void expect_build_error(unit_t *u, const tmpdir_t *t, const char *machine, const elf_build_t *b,
                               size_t limit, const char *want)
{
    char *path = tmp_file(t, "bad.elf");
    CHECK_EQ(elf_build_write(b, path, limit), 0);
    expect_error(u, machine, path, want);
    unlink(path);
    free(path);
}

static void test_good(unit_t *u, const tmpdir_t *t, unsigned xlen)
{
    const char *machine = xlen == 32 ? "virt32" : "virt64";
    elf_build_t b = sample(xlen);
    char *path = tmp_file(t, "good.elf");
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);

    machine_t *m = new_machine(machine);
    uint8_t *mem = bus_ram_ptr(&m->bus, RAM, 0x2000);
    memset(mem, 0xAA, 0x2000);
    elf_image_t img;
    char *msg;
    CHECK_EQ(load_capture(m, path, &img, &msg), 0);
    CHECK_STR(msg, "");
    free(msg);

    CHECK_EQ(img.xlen, xlen);
    CHECK_EQ(img.entry, RAM);
    CHECK_STR(img.path, path);
    CHECK(m->semihost.cmdline == img.path); /* no command line given: the program's path */
    CHECK(memcmp(mem, code, sizeof(code)) == 0);
    CHECK_EQ(mem[16], 0);            /* bss zero-filled up to memsz */
    CHECK_EQ(mem[63], 0);
    CHECK_EQ(mem[64], 0xAA);         /* and not beyond */
    CHECK(memcmp(mem + 0x1000, data, sizeof(data)) == 0);
    CHECK_EQ(mem[0x1008], 0);
    CHECK_EQ(mem[0x1010], 0xAA);
    CHECK_EQ(m->htif.tohost, RAM + 0x1000);
    CHECK_EQ(m->htif.fromhost, RAM + 0x1008);

    CHECK_EQ(img.n_syms, 5);
    const elf_symbol_t *s = elf_find_symbol(&img, "_start");
    CHECK(s && s->is_func && s->size == 16 && s->addr == RAM);
    CHECK(elf_find_symbol(&img, "nothing") == NULL);
    s = elf_symbol_at(&img, RAM + 4);
    CHECK(s && strcmp(s->name, "_start") == 0);
    s = elf_symbol_at(&img, RAM + 12);   /* the label is nearer than _start */
    CHECK(s && strcmp(s->name, "loop") == 0);
    s = elf_symbol_at(&img, RAM + 0x1004);
    CHECK(s && (strcmp(s->name, "tohost") == 0 || strcmp(s->name, "main_data") == 0));
    s = elf_symbol_at(&img, RAM + 0x100C);
    CHECK(s && strcmp(s->name, "fromhost") == 0);
    s = elf_symbol_at(&img, RAM + 0x1010);  /* past every sized symbol: the last label */
    CHECK(s && strcmp(s->name, "loop") == 0);
    CHECK(elf_symbol_at(&img, RAM - 1) == NULL);
    for (size_t i = 1; i < img.n_syms; i++)
        CHECK(img.syms[i - 1].addr <= img.syms[i].addr);

    elf_image_free(&img);
    CHECK(img.syms == NULL && img.n_syms == 0 && img.path == NULL);
    elf_image_free(&img);            /* freeing twice is harmless */
    machine_free(m);
    unlink(path);
    free(path);
}

static void test_no_symbols(unit_t *u, const tmpdir_t *t)
{
    elf_build_t b = sample(32);
    b.n_sym = 0;
    char *path = tmp_file(t, "stripped.elf");
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    machine_t *m = new_machine("virt32");
    elf_image_t img;
    char *msg;
    CHECK_EQ(load_capture(m, path, &img, &msg), 0);
    CHECK_EQ(img.n_syms, 0);
    CHECK_EQ(m->htif.tohost, 0);
    CHECK(elf_symbol_at(&img, RAM) == NULL);
    free(msg);
    elf_image_free(&img);
    machine_free(m);
    unlink(path);
    free(path);
}

/* Loads `path` on `machine` (optionally with bounded memory); returns the machine (NULL on error,
 * with the message checked to be empty otherwise). */
static machine_t *load_ok(unit_t *u, const char *machine, bool bounded, const char *path, elf_image_t *img)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .bounded_memory = bounded, .diag = unit_diag_stderr };
    machine_t *m = machine_new(machine_find(machine), &opts);
    char *msg;
    int rc = load_capture(m, path, img, &msg);
    CHECK_EQ(rc, 0);
    CHECK_STR(msg, "");
    free(msg);
    if (rc) {
        machine_free(m);
        return NULL;
    }
    return m;
}

static void test_veer(unit_t *u, const tmpdir_t *t)
{
    /* the testbench link script's preload descriptors: ICCM {start, end}, DCCM {start, end} */
    static const uint8_t desc[16] = { 0x00, 0x00, 0x00, 0xEE, 0x10, 0x00, 0x00, 0xEE,
                                      0x00, 0x00, 0x04, 0xF0, 0x10, 0x00, 0x04, 0xF0 };
    static const uint8_t mailbox_word[4] = { 0xFF, 0, 0, 0 }; /* would mean "pass" if written */
    elf_build_t b = sample(32);
    b.seg[2] = (elf_build_seg_t){ 0xFFFFFFF0u, desc, 16, 16 };
    b.seg[3] = (elf_build_seg_t){ 0xF0040000u, data, sizeof(data), 32 }; /* DCCM contents */
    b.n_seg = 4;
    char *path = tmp_file(t, "veer.elf");
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    elf_image_t img;
    for (int bounded = 0; bounded <= 1; bounded++) {
        machine_t *m = load_ok(u, "veer-el2", bounded, path, &img);
        if (!m)
            continue;
        uint8_t *dccm = bus_ram_ptr(&m->bus, 0xF0040000u, 32);
        CHECK(dccm && memcmp(dccm, data, sizeof(data)) == 0 && dccm[31] == 0);
        elf_image_free(&img);
        machine_free(m);
    }
    /* the descriptors are only special on veer-el2 */
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    expect_error(u, "virt32", path, "segment 2 at 0xfffffff0 (16 bytes) is outside the memory of machine virt32");
    /* and only in the last 16 bytes of the 32-bit space */
    b.seg[2] = (elf_build_seg_t){ 0xFFFFFFE0u, desc, 16, 16 };
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    expect_error(u, "veer-el2", path, "segment 2 at 0xffffffe0 (16 bytes) is outside the memory of machine veer-el2");

    /* The testbench's memory: code at 0, data at 0xC0000000 and the mailbox word at 0xD0580000
     * (a device: accepted, not written, so the run does not end at load). */
    b = sample(32);
    b.entry = 0;
    b.seg[0].addr = 0;
    b.seg[1].addr = 0xC0000000u;
    b.seg[2] = (elf_build_seg_t){ 0xD0580000u, mailbox_word, 4, 4 };
    b.n_seg = 3;
    b.n_sym = 1; /* keep the sections; symbols at RAM would be harmless anyway */
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    machine_t *m = load_ok(u, "veer-el2", false, path, &img);
    if (m) {
        CHECK(memcmp(bus_ram_ptr(&m->bus, 0, 16), code, sizeof(code)) == 0);
        CHECK(memcmp(bus_ram_ptr(&m->bus, 0xC0000000u, 8), data, sizeof(data)) == 0);
        CHECK(!m->exited);
        CHECK(bus_ram_ptr(&m->bus, 0xD0580000u, 4) == NULL);
        CHECK(bus_ram_ptr(&m->bus, 0xF0000000u, 4) == NULL); /* region 0xF: only DCCM and PIC */
        elf_image_free(&img);
        machine_free(m);
    }
    /* with the bounded map, 0 is no memory */
    machine_opts_t opts = { .ram_size = 1u << 20, .bounded_memory = true, .diag = unit_diag_stderr };
    m = machine_new(machine_find("veer-el2"), &opts);
    char *msg;
    CHECK_EQ(load_capture(m, path, &img, &msg), -1);
    CHECK(strstr(msg, "segment 0 at 0x0 (64 bytes) is outside the memory of machine veer-el2") != NULL);
    free(msg);
    machine_free(m);
    unlink(path);
    free(path);
}

/* Rewrites program header `i` of an ELF image so that the segment starts at file offset 0 and
 * carries the ELF and program headers before its contents, as a -Ttext link by the default GNU
 * link script makes it (the first PT_LOAD a page below the text address). */
static void pull_headers_into_segment(uint8_t *img, unsigned xlen, unsigned i)
{
    unsigned A = xlen / 8;
    uint64_t phoff = 0;
    memcpy(&phoff, img + (xlen == 32 ? 28 : 32), A);
    uint8_t *ph = img + phoff + (uint64_t)i * (xlen == 32 ? 32 : 56);
    unsigned o_off = xlen == 32 ? 4 : 8, o_vaddr = xlen == 32 ? 8 : 16, o_paddr = xlen == 32 ? 12 : 24,
             o_filesz = xlen == 32 ? 16 : 32, o_memsz = xlen == 32 ? 20 : 40;
    uint64_t off = 0, v;
    memcpy(&off, ph + o_off, A);
    unsigned fields[] = { o_vaddr, o_paddr };
    for (unsigned k = 0; k < 2; k++) {
        v = 0;
        memcpy(&v, ph + fields[k], A);
        v -= off;
        memcpy(ph + fields[k], &v, A);
    }
    unsigned sizes[] = { o_filesz, o_memsz };
    for (unsigned k = 0; k < 2; k++) {
        v = 0;
        memcpy(&v, ph + sizes[k], A);
        v += off;
        memcpy(ph + sizes[k], &v, A);
    }
    memset(ph + o_off, 0, A);
}

/* Where segments may lie: headers pulled below RAM, device windows, bytes no section covers. */
static void test_layouts(unit_t *u, const tmpdir_t *t)
{
    char *path = tmp_file(t, "layout.elf");
    elf_image_t img;
    for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
        const char *machine = xlen == 32 ? "virt32" : "virt64";
        /* -Ttext=0x80000000: the headers land below RAM and are not loaded */
        elf_build_t b = sample(xlen);
        size_t size;
        uint8_t *image = elf_build_image(&b, &size);
        pull_headers_into_segment(image, xlen, 0);
        FILE *f = fopen(path, "wb");
        CHECK(f && fwrite(image, 1, size, f) == size);
        if (f)
            fclose(f);
        machine_t *m = load_ok(u, machine, false, path, &img);
        if (m) {
            uint8_t *mem = bus_ram_ptr(&m->bus, RAM, 64);
            CHECK(memcmp(mem, code, sizeof(code)) == 0 && mem[63] == 0);
            CHECK(memcmp(bus_ram_ptr(&m->bus, RAM + 0x1000, 8), data, sizeof(data)) == 0);
            CHECK_EQ(img.entry, RAM);
            elf_image_free(&img);
            machine_free(m);
        }
        /* the same file stripped of its section headers: the headers are recognised as such */
        uint64_t zero = 0;
        memcpy(image + (xlen == 32 ? 32 : 40), &zero, xlen / 8); /* e_shoff */
        memcpy(image + (xlen == 32 ? 48 : 60), &zero, 2);        /* e_shnum */
        memcpy(image + (xlen == 32 ? 50 : 62), &zero, 2);        /* e_shstrndx */
        f = fopen(path, "wb");
        CHECK(f && fwrite(image, 1, size, f) == size);
        if (f)
            fclose(f);
        m = load_ok(u, machine, false, path, &img);
        if (m) {
            CHECK(memcmp(bus_ram_ptr(&m->bus, RAM, 16), code, sizeof(code)) == 0);
            elf_image_free(&img);
            machine_free(m);
        }
        free(image);
    }

    /* a variable in a device window (the UART) is accepted and not written into the device */
    elf_build_t b = sample(32);
    b.seg[2] = (elf_build_seg_t){ 0x10000000u, data, 1, 1 };
    b.n_seg = 3;
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    fflush(stdout);
    machine_t *m = load_ok(u, "virt32", false, path, &img);
    if (m) {
        elf_image_free(&img);
        machine_free(m);
    }
    /* a device window does not hide a segment running past it into nothing */
    b.seg[2] = (elf_build_seg_t){ 0x10000000u, NULL, 0, 0x10000 };
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    expect_error(u, "virt32", path, "segment 2 at 0x10000000 (65536 bytes) is outside the memory of machine virt32");
    unlink(path);
    free(path);
}

static void test_bad_headers(unit_t *u, const tmpdir_t *t)
{
    elf_build_t b = sample(64);
    expect_build_error(u, t, "virt32", &b, SIZE_MAX,
                       "is a 64-bit RISC-V program but machine virt32 is RV32; try -M virt64");
    expect_build_error(u, t, "veer-el2", &b, SIZE_MAX,
                       "is a 64-bit RISC-V program but machine veer-el2 is RV32; try -M virt64");
    b = sample(32);
    expect_build_error(u, t, "virt64", &b, SIZE_MAX,
                       "is a 32-bit RISC-V program but machine virt64 is RV64; try -M virt32");

    b = sample(64);
    b.machine = EM_X86_64;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "is a program for x86-64, not for RISC-V");
    b.machine = EM_AARCH64;
    expect_build_error(u, t, "virt64", &b, SIZE_MAX, "is a program for AArch64, not for RISC-V");
    b.machine = 4321;
    expect_build_error(u, t, "virt64", &b, SIZE_MAX, "unknown machine (e_machine 4321)");

    b = sample(32);
    b.big_endian = true;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "is a big-endian RISC-V program");

    b = sample(32);
    b.type = ET_DYN;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "(ET_DYN)");
    b.type = ET_REL;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "is an object file (ET_REL)");
    b.type = ET_CORE;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "is a core dump");

    b = sample(32);
    b.n_seg = 0;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "has no program headers");
    b = sample(32);
    b.entry = 0x1000;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX,
                       "entry point 0x1000 is outside the memory of machine virt32");
    b = sample(32);
    b.seg[1].memsz = 4;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX, "corrupt ELF file: segment 1 has more file bytes");
}

static void test_outside(unit_t *u, const tmpdir_t *t)
{
    elf_build_t b = sample(32);
    b.seg[0].addr = 0x40000000u;
    b.entry = RAM + 0x1000;
    expect_build_error(u, t, "virt32", &b, SIZE_MAX,
                       "segment 0 at 0x40000000 (64 bytes) is outside the memory of machine virt32");

    /* the second segment does not fit: nothing is written, not even the first one */
    b = sample(64);
    b.seg[1].addr = RAM + (1u << 20) - 8;
    char *path = tmp_file(t, "partial.elf");
    CHECK_EQ(elf_build_write(&b, path, SIZE_MAX), 0);
    machine_t *m = new_machine("virt64");
    elf_image_t img;
    char *msg;
    CHECK_EQ(load_capture(m, path, &img, &msg), -1);
    CHECK(strstr(msg, "segment 1 at 0x800ffff8 (16 bytes) is outside the memory of machine virt64") != NULL);
    CHECK_EQ(bus_ram_ptr(&m->bus, RAM, 1)[0], 0);
    CHECK_EQ(m->htif.tohost, 0);
    free(msg);
    machine_free(m);
    unlink(path);
    free(path);

    /* wrapping around the top of the address space */
    b = sample(64);
    b.seg[1].addr = UINT64_MAX - 3;
    expect_build_error(u, t, "virt64", &b, SIZE_MAX, "segment 1 at 0xfffffffffffffffc (16 bytes) is outside");
}

static void test_truncated(unit_t *u, const tmpdir_t *t)
{
    elf_build_t b = sample(32);
    size_t size;
    uint8_t *img = elf_build_image(&b, &size);
    free(img);

    expect_build_error(u, t, "virt32", &b, 100, "is truncated: its program headers end at byte 116 but the file has 100 bytes");
    expect_build_error(u, t, "virt32", &b, 40, "is truncated: 40 bytes, shorter than the ELF header (52 bytes)");
    expect_build_error(u, t, "virt32", &b, 10, "is truncated: 10 bytes, not even a complete ELF identification");
    expect_build_error(u, t, "virt32", &b, 3, "not an ELF file");
    expect_build_error(u, t, "virt32", &b, 0, "not an ELF file");
    expect_build_error(u, t, "virt32", &b, 130, "is truncated: segment 0 needs file bytes up to 136 but the file has 130 bytes");
    expect_build_error(u, t, "virt32", &b, size - 8, "is truncated: its section headers end at byte");

    b = sample(64);
    expect_build_error(u, t, "virt64", &b, 150, "is truncated: its program headers end at byte 176 but the file has 150 bytes");
}

static void test_files(unit_t *u, const tmpdir_t *t)
{
    char *missing = tmp_file(t, "missing.elf");
    expect_error(u, "virt32", missing, strerror(ENOENT));
    free(missing);
    expect_error(u, "virt32", t->path, "is a directory, not a program file");
    expect_error(u, "virt32", "/dev/null", "is a character device, not a program file");

    char *text = tmp_file(t, "text.elf");
    FILE *f = fopen(text, "w");
    fputs("this is not a program\n", f);
    fclose(f);
    expect_error(u, "virt32", text, "not an ELF file");
    if (geteuid() != 0) {  /* root can read anything */
        elf_build_t b = sample(32);
        CHECK_EQ(elf_build_write(&b, text, SIZE_MAX), 0);
        chmod(text, 0);
        expect_error(u, "virt32", text, strerror(EACCES));
    }
    unlink(text);
    free(text);
}

/* Sample files for the CLI tests run against the stub build (tests/cli/cli_checks.cmake). */
int main(void)
{
    unit_t ut = { 0 }, *u = &ut;
    tmpdir_t t;
    const char *base = getenv("TMPDIR");
    snprintf(t.path, sizeof(t.path), "%s/unit_loader.XXXXXX", base && strlen(base) < 40 ? base : "/tmp");
    if (!mkdtemp(t.path)) {
        perror("mkdtemp");
        return 1;
    }
    test_good(u, &t, 32);
    test_good(u, &t, 64);
    test_no_symbols(u, &t);
    test_veer(u, &t);
    test_layouts(u, &t);
    test_bad_headers(u, &t);
    test_outside(u, &t);
    test_truncated(u, &t);
    test_files(u, &t);
    rmdir(t.path);
    return unit_finish(u, "unit_loader");
}
