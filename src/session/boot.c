/* Booting as QEMU's virt does: --bios, --kernel, --initrd, --dtb, --append (docs/sbi.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "firmware/sbi.h"
#include "machine/boot.h"
#include "session/session.h"

/* A DTB is at most this big (QEMU's virt limit is 1 MiB too). */
#define SESSION_DTB_MAX (1u << 20)

/* Reads a DTB file and checks its structure: NULL after a message naming the file. */
void *session_read_dtb(const char *path, size_t *size, const diag_t *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_error(d, "cannot open the device tree '%s': %s", path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = malloc(SESSION_DTB_MAX + 1);
    size_t n = buf ? fread(buf, 1, SESSION_DTB_MAX + 1, f) : 0;
    bool err = ferror(f);
    fclose(f);
    if (!buf || err) {
        diag_error(d, "cannot read the device tree '%s'", path);
        free(buf);
        return NULL;
    }
    int rc = 0;
    if (n > SESSION_DTB_MAX)
        diag_error(d, "%s: not a device tree: larger than %u bytes", path, SESSION_DTB_MAX);
    else if (n < sizeof(struct fdt_header) || fdt_magic(buf) != FDT_MAGIC)
        diag_error(d, "%s: not a device tree blob (no FDT magic 0xd00dfeed)", path);
    else if (fdt_totalsize(buf) > n)
        diag_error(d, "%s: truncated device tree: the header says %u bytes, the file has %zu", path,
                   fdt_totalsize(buf), n);
    else if ((rc = fdt_check_full(buf, fdt_totalsize(buf))) < 0)
        diag_error(d, "%s: malformed device tree: %s", path, fdt_strerror(rc));
    else {
        *size = fdt_totalsize(buf);
        return buf;
    }
    free(buf);
    return NULL;
}

/* The device tree to boot with: the --dtb file's, or the machine's own with /chosen/bootargs from
 * --append; either with the initrd's place in /chosen. */
static void *session_boot_dtb(const diag_t *d, const machine_t *m, const void *user_dtb, const char *append,
                              uint64_t initrd_start, uint64_t initrd_end, size_t *size)
{
    uint8_t *buf = malloc(SESSION_DTB_MAX);
    int rc = -FDT_ERR_NOSPACE;
    if (buf && user_dtb)
        rc = fdt_open_into(user_dtb, buf, SESSION_DTB_MAX);
    else if (buf)
        rc = machine_build_dtb(m, buf, SESSION_DTB_MAX);
    if (rc >= 0 && ((append && !user_dtb) || initrd_end > initrd_start))
        rc = machine_dtb_chosen(buf, SESSION_DTB_MAX, user_dtb ? NULL : append, initrd_start, initrd_end);
    if (rc >= 0)
        rc = fdt_pack(buf);
    if (rc < 0) {
        diag_error(d, "cannot build the device tree of machine %s: %s", m->desc->name, fdt_strerror(rc));
        free(buf);
        return NULL;
    }
    *size = fdt_totalsize(buf);
    return buf;
}

int session_boot_open(session_t *s, const session_config_t *cfg, const machine_desc_t *desc,
                      machine_opts_t *opts, const diag_t *d)
{
    if (!desc->boot_protocol) {
        diag_error(d, "machine %s has no boot protocol for --bios/--kernel (use virt32 or virt64)",
                   desc->name);
        return SESSION_EXIT_USAGE;
    }
    /* a --dtb file is checked first: it is the cheapest input to get wrong */
    size_t user_size = 0;
    void *user_dtb = NULL;
    if (cfg->dtb && !(user_dtb = session_read_dtb(cfg->dtb, &user_size, d)))
        return SESSION_EXIT_BAD_INPUT;
    if (cfg->dtb && cfg->append)
        diag_error(d, "warning: --append is ignored with --dtb (the DTB's /chosen/bootargs stands)");
    if (!(s->m = machine_new(desc, opts))) {
        free(user_dtb);
        return SESSION_EXIT_USAGE;
    }
    machine_t *m = s->m;
    if ((cfg->bios && machine_load_program(m, cfg->bios, &s->img) != 0) ||
        (cfg->kernel &&
         machine_load_kernel(m, cfg->kernel, !cfg->bios, cfg->bios ? &s->kernel_img : &s->img) != 0)) {
        free(user_dtb);
        return SESSION_EXIT_BAD_INPUT;
    }
    uint64_t kernel_entry = cfg->kernel ? (cfg->bios ? s->kernel_img.entry : s->img.entry) : 0;
    uint64_t initrd_start = 0, initrd_end = 0;
    if (cfg->initrd) {
        uint64_t after = kernel_entry ? kernel_entry : m->harts[0].ram_base;
        if (machine_load_initrd(m, cfg->initrd, after, &initrd_start, &initrd_end) != 0) {
            free(user_dtb);
            return SESSION_EXIT_BAD_INPUT;
        }
    }
    if (cfg->console) /* machine_new starts with standard output */
        m->console = cfg->console;

    size_t dtb_size = 0;
    void *dtb = session_boot_dtb(d, m, user_dtb, cfg->append, initrd_start, initrd_end, &dtb_size);
    free(user_dtb);
    if (!dtb)
        return SESSION_EXIT_USAGE;

    machine_reset(m, cfg->bios ? s->img.entry : kernel_entry);
    machine_boot_t b = {
        .entry = cfg->bios ? s->img.entry : kernel_entry,
        .firmware = cfg->bios != NULL,
        .kernel_entry = kernel_entry,
        .dtb = dtb,
        .dtb_size = dtb_size,
        .initrd_start = initrd_start,
        .initrd_end = initrd_end,
    };
    s->dtb_addr = machine_boot(m, &b);
    int status = 0;
    if (!s->dtb_addr)
        status = SESSION_EXIT_USAGE;
    else if (!cfg->bios && sbi_attach(m, dtb, cfg->dtb ? cfg->dtb : NULL) != 0)
        status = SESSION_EXIT_BAD_INPUT;
    free(dtb);
    return status;
}
