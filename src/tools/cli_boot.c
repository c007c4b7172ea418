/* Booting as QEMU's virt does: --bios, --kernel, --initrd, --dtb, --append (docs/sbi.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "firmware/sbi.h"
#include "machine/boot.h"
#include "tools/cli_run.h"

/* A DTB is at most this big (QEMU's virt limit is 1 MiB too). */
#define CLI_DTB_MAX (1u << 20)

/* Reads a DTB file and checks its structure: NULL after a message naming the file. */
void *cli_read_dtb(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_error("cannot open the device tree '%s': %s", path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = malloc(CLI_DTB_MAX + 1);
    size_t n = buf ? fread(buf, 1, CLI_DTB_MAX + 1, f) : 0;
    bool err = ferror(f);
    fclose(f);
    if (!buf || err) {
        cli_error("cannot read the device tree '%s'", path);
        free(buf);
        return NULL;
    }
    int rc = 0;
    if (n > CLI_DTB_MAX)
        cli_error("%s: not a device tree: larger than %u bytes", path, CLI_DTB_MAX);
    else if (n < sizeof(struct fdt_header) || fdt_magic(buf) != FDT_MAGIC)
        cli_error("%s: not a device tree blob (no FDT magic 0xd00dfeed)", path);
    else if (fdt_totalsize(buf) > n)
        cli_error("%s: truncated device tree: the header says %u bytes, the file has %zu", path,
                  fdt_totalsize(buf), n);
    else if ((rc = fdt_check_full(buf, fdt_totalsize(buf))) < 0)
        cli_error("%s: malformed device tree: %s", path, fdt_strerror(rc));
    else {
        *size = fdt_totalsize(buf);
        return buf;
    }
    free(buf);
    return NULL;
}

/* The device tree to boot with: the --dtb file's, or the machine's own with /chosen/bootargs from
 * --append; either with the initrd's place in /chosen. */
static void *cli_boot_dtb(const machine_t *m, const void *user_dtb, const char *append, uint64_t initrd_start,
                          uint64_t initrd_end, size_t *size)
{
    uint8_t *buf = malloc(CLI_DTB_MAX);
    int rc = -FDT_ERR_NOSPACE;
    if (buf && user_dtb)
        rc = fdt_open_into(user_dtb, buf, CLI_DTB_MAX);
    else if (buf)
        rc = machine_build_dtb(m, buf, CLI_DTB_MAX);
    if (rc >= 0 && ((append && !user_dtb) || initrd_end > initrd_start))
        rc = machine_dtb_chosen(buf, CLI_DTB_MAX, user_dtb ? NULL : append, initrd_start, initrd_end);
    if (rc >= 0)
        rc = fdt_pack(buf);
    if (rc < 0) {
        cli_error("cannot build the device tree of machine %s: %s", m->desc->name, fdt_strerror(rc));
        free(buf);
        return NULL;
    }
    *size = fdt_totalsize(buf);
    return buf;
}

int cli_boot_open(cli_session_t *s, const cli_run_config_t *cfg, const machine_desc_t *desc,
                  machine_opts_t *opts)
{
    if (!desc->boot_protocol) {
        cli_error("machine %s has no boot protocol for --bios/--kernel (use virt32 or virt64)", desc->name);
        return CLI_EXIT_USAGE;
    }
    /* a --dtb file is checked first: it is the cheapest input to get wrong */
    size_t user_size = 0;
    void *user_dtb = NULL;
    if (cfg->dtb && !(user_dtb = cli_read_dtb(cfg->dtb, &user_size)))
        return CLI_EXIT_BAD_INPUT;
    if (cfg->dtb && cfg->append)
        cli_error("warning: --append is ignored with --dtb (the DTB's /chosen/bootargs stands)");
    if (!(s->m = machine_new(desc, opts))) {
        free(user_dtb);
        return CLI_EXIT_USAGE;
    }
    machine_t *m = s->m;
    if ((cfg->bios && machine_load_program(m, cfg->bios, &s->img) != 0) ||
        (cfg->kernel &&
         machine_load_kernel(m, cfg->kernel, !cfg->bios, cfg->bios ? &s->kernel_img : &s->img) != 0)) {
        free(user_dtb);
        return CLI_EXIT_BAD_INPUT;
    }
    uint64_t kernel_entry = cfg->kernel ? (cfg->bios ? s->kernel_img.entry : s->img.entry) : 0;
    uint64_t initrd_start = 0, initrd_end = 0;
    if (cfg->initrd) {
        uint64_t after = kernel_entry ? kernel_entry : m->harts[0].ram_base;
        if (machine_load_initrd(m, cfg->initrd, after, &initrd_start, &initrd_end) != 0) {
            free(user_dtb);
            return CLI_EXIT_BAD_INPUT;
        }
    }
    if (!m->console.write)
        m->console = cli_console_stdout;

    size_t dtb_size = 0;
    void *dtb = cli_boot_dtb(m, user_dtb, cfg->append, initrd_start, initrd_end, &dtb_size);
    free(user_dtb);
    if (!dtb)
        return CLI_EXIT_USAGE;

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
        status = CLI_EXIT_USAGE;
    else if (!cfg->bios && sbi_attach(m, dtb, cfg->dtb ? cfg->dtb : NULL) != 0)
        status = CLI_EXIT_BAD_INPUT;
    free(dtb);
    return status;
}
