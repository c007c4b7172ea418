/* The boot protocol of QEMU's virt machine (docs/sbi.md "Boot protocol"). */
#include <stdio.h>
#include <string.h>

#include <sys/stat.h>

#include <libfdt.h>

#include "loader/elf_load.h"
#include "loader/linux_image.h"
#include "loader/raw_load.h"
#include "machine/boot.h"

#define MIB (1ull << 20)

uint64_t machine_dtb_address(const machine_t *m, size_t size)
{
    const hart_t *h = &m->harts[0];
    uint64_t end = h->ram_base + h->ram_size;
    if (h->ram_base < 3072 * MIB && end > 3072 * MIB)
        end = 3072 * MIB; /* QEMU keeps the DTB within the first 3 GiB where it can */
    if (size + 64 > end - h->ram_base)
        return 0;
    uint64_t addr = (end - size) & ~(2 * MIB - 1);
    if (addr < h->ram_base + 64) /* a small RAM: just below its end, 8-byte aligned */
        addr = (end - size) & ~(uint64_t)7;
    return addr;
}

static void put_word(uint8_t *p, unsigned xlen, uint64_t v)
{
    for (unsigned k = 0; k < xlen / 8; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

uint64_t machine_boot(machine_t *m, const machine_boot_t *b)
{
    const hart_t *h0 = &m->harts[0];
    uint64_t addr = machine_dtb_address(m, b->dtb_size);
    uint8_t *dst = addr ? bus_ram_ptr(&m->bus, addr, b->dtb_size) : NULL;
    if (!dst) {
        diag_error(&m->diag,
                   "the device tree (%zu bytes) does not fit in the %llu bytes of RAM of machine %s",
                   b->dtb_size, (unsigned long long)h0->ram_size, m->desc->name);
        return 0;
    }
    if (b->initrd_end > b->initrd_start && b->initrd_end > addr) {
        diag_error(&m->diag,
                   "the initrd (0x%llx-0x%llx) runs into the device tree at 0x%llx: give the machine more "
                   "RAM (--ram-size)",
                   (unsigned long long)b->initrd_start, (unsigned long long)b->initrd_end - 1,
                   (unsigned long long)addr);
        return 0;
    }
    memcpy(dst, b->dtb, b->dtb_size);

    /* fw_dynamic_info: six XLEN-wide words just below the DTB (QEMU puts it in its boot ROM) */
    unsigned xlen = h0->xlen, w = xlen / 8;
    uint64_t info = addr - 8 * w;
    uint8_t *p = bus_ram_ptr(&m->bus, info, 6 * w);
    if (b->firmware && p) {
        put_word(p + 0 * w, xlen, FW_DYNAMIC_INFO_MAGIC);
        put_word(p + 1 * w, xlen, FW_DYNAMIC_INFO_VERSION);
        put_word(p + 2 * w, xlen, b->kernel_entry);
        put_word(p + 3 * w, xlen, FW_DYNAMIC_INFO_NEXT_MODE_S);
        put_word(p + 4 * w, xlen, 0); /* options */
        put_word(p + 5 * w, xlen, 0); /* boot hart: hart 0 */
    }
    for (unsigned k = 0; k < m->n_harts; k++) {
        hart_t *h = &m->harts[k];
        h->x[10] = h->csr.mhartid;
        h->x[11] = addr;
        h->x[12] = b->firmware ? info : 0;
        h->pc = b->entry;
    }
    return addr;
}

int machine_load_kernel(machine_t *m, const char *path, bool program, elf_image_t *img)
{
    linux_image_header_t hdr;
    if (!linux_image_probe(path, &hdr))
        return program ? machine_load_program(m, path, img) : machine_load_image(m, path, img);
    const hart_t *h = &m->harts[0];
    uint64_t addr = h->ram_base + hdr.text_offset;
    if (hdr.text_offset >= h->ram_size || hdr.image_size > h->ram_size - hdr.text_offset) {
        diag_error(&m->diag,
                   "%s: the Linux Image takes 0x%llx bytes at 0x%llx, more than the %llu MiB of RAM of "
                   "machine %s (--ram-size)",
                   path, (unsigned long long)hdr.image_size, (unsigned long long)addr,
                   (unsigned long long)(h->ram_size >> 20), m->desc->name);
        return -1;
    }
    elf_target_t target = {
        .bus = &m->bus, .name = m->desc->name, .xlen = m->desc->core->xlen, .diag = &m->diag
    };
    return raw_load(&target, path, addr, img);
}

int machine_load_initrd(machine_t *m, const char *path, uint64_t kernel_entry, uint64_t *start, uint64_t *end)
{
    const hart_t *h = &m->harts[0];
    uint64_t half = h->ram_size / 2;
    *start = kernel_entry + (half < 128 * MIB ? half : 128 * MIB);
    struct stat st = { 0 };
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
        (uint64_t)st.st_size > h->ram_base + h->ram_size - *start) {
        diag_error(&m->diag,
                   "%s: the initrd (%llu bytes) does not fit at 0x%llx in the %llu MiB of RAM of machine %s "
                   "(--ram-size)",
                   path, (unsigned long long)st.st_size, (unsigned long long)*start,
                   (unsigned long long)(h->ram_size >> 20), m->desc->name);
        return -1;
    }
    elf_target_t target = {
        .bus = &m->bus, .name = m->desc->name, .xlen = m->desc->core->xlen, .diag = &m->diag
    };
    elf_image_t img;
    if (raw_load(&target, path, *start, &img) != 0)
        return -1;
    elf_image_free(&img);
    *end = *start + (uint64_t)st.st_size;
    return 0;
}

int machine_dtb_chosen(void *fdt, size_t room, const char *bootargs, uint64_t initrd_start,
                       uint64_t initrd_end)
{
    int rc = fdt_open_into(fdt, fdt, (int)room);
    int chosen = rc < 0 ? rc : fdt_path_offset(fdt, "/chosen");
    if (chosen == -FDT_ERR_NOTFOUND)
        chosen = fdt_add_subnode(fdt, 0, "chosen");
    rc = chosen;
    if (rc >= 0 && bootargs)
        rc = fdt_setprop_string(fdt, chosen, "bootargs", bootargs);
    if (rc >= 0 && initrd_end > initrd_start)
        rc = fdt_setprop_u64(fdt, chosen, "linux,initrd-start", initrd_start);
    if (rc >= 0 && initrd_end > initrd_start)
        rc = fdt_setprop_u64(fdt, chosen, "linux,initrd-end", initrd_end);
    return rc < 0 ? rc : fdt_pack(fdt);
}

int machine_load_image(machine_t *m, const char *path, elf_image_t *img)
{
    elf_target_t target = {
        .bus = &m->bus,
        .name = m->desc->name,
        .xlen = m->desc->core->xlen,
        .machine_for_xlen = machine_for_xlen,
        .diag = &m->diag,
    };
    return elf_load(&target, path, img);
}
