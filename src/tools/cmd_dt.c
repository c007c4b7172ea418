/* pmusim dt: a machine's device tree, and a strict check of a DTB's riscv,pmu node
 * (docs/devicetree.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libfdt.h>

#include "firmware/pmu_dt.h"
#include "machine/machine.h"
#include "tools/cli_run.h"
#include "tools/commands.h"

/* The machine `dt` describes when -M is not given: the default machine has no riscv,pmu node. */
#define DT_DEFAULT_MACHINE "virt64"
#define DT_MAX (1u << 20)

enum { DT_OPT_HELP = 1, DT_OPT_MACHINE, DT_OPT_OUTPUT };

static const cli_option_t dt_options[] = {
    { "machine", 'M', "NAME", DT_OPT_MACHINE,
      "machine whose device tree (and counters) to use; default " DT_DEFAULT_MACHINE },
    { "output", 'o', "FILE", DT_OPT_OUTPUT,
      "write the DTB to FILE (default: standard output, if not a terminal)" },
    { "help", 'h', NULL, DT_OPT_HELP, "show this help" },
    { 0 },
};

static void dt_usage(void)
{
    puts("Usage: pmusim dt [-M MACHINE] [-o FILE]\n"
         "       pmusim dt check [-M MACHINE] FILE.dtb\n"
         "\n"
         "The first form writes the device tree blob that pmusim gives a guest booted with --bios or\n"
         "--kernel on MACHINE (default " DT_DEFAULT_MACHINE "), riscv,pmu node included.\n"
         "The second checks the riscv,pmu node of FILE.dtb strictly against the binding and against\n"
         "the counters of MACHINE: one line per problem, naming the property, the row and what is wrong.\n"
         "Exit status: 0 valid, 1 invalid (or no riscv,pmu node), 125 usage, 126 FILE is no readable DTB.\n");
    cli_print_options(stdout, dt_options);
}

static void dt_report(void *ctx, const char *node, const char *msg)
{
    printf("%s: %s: %s\n", (const char *)ctx, node, msg);
}

static int dt_check(const char *path, const machine_desc_t *desc)
{
    size_t size;
    void *fdt = session_read_dtb(path, &size, &cli_diag);
    if (!fdt)
        return CLI_EXIT_BAD_INPUT;
    uint32_t counters = desc->core->pmu->hpm_mask | 5u;
    pmu_dt_t *dt = malloc(sizeof(*dt));
    if (!dt) {
        free(fdt);
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    unsigned problems = pmu_dt_parse(fdt, counters, dt, dt_report, (void *)path);
    int status = 0;
    if (!dt->present) {
        printf("%s: no node compatible with \"riscv,pmu\"\n", path);
        status = 1;
    } else if (problems) {
        status = 1;
    } else {
        printf("%s: %s: valid (%u counter ranges, %u selectors, %u raw rows)\n", path, dt->path, dt->n_ranges,
               dt->n_sels, dt->n_raws);
    }
    fflush(stdout);
    free(dt);
    free(fdt);
    return status;
}

static int dt_write(const machine_desc_t *desc, machine_opts_t *opts, const char *out)
{
    if (!out && isatty(STDOUT_FILENO)) {
        cli_error("dt: a DTB is binary: give -o FILE, or redirect standard output");
        return CLI_EXIT_USAGE;
    }
    machine_t *m = machine_new(desc, opts);
    if (!m)
        return CLI_EXIT_USAGE;
    void *buf = malloc(DT_MAX);
    int rc = buf ? machine_build_dtb(m, buf, DT_MAX) : -FDT_ERR_NOSPACE;
    machine_free(m);
    if (rc < 0) {
        cli_error("dt: cannot build the device tree of machine %s: %s", desc->name, fdt_strerror(rc));
        free(buf);
        return CLI_EXIT_USAGE;
    }
    FILE *f = out ? fopen(out, "wb") : stdout;
    bool ok = f && fwrite(buf, 1, fdt_totalsize(buf), f) == fdt_totalsize(buf);
    int err = errno;
    if (f && f != stdout && fclose(f) != 0 && ok) {
        ok = false;
        err = errno;
    } else if (f == stdout && fflush(stdout) != 0) {
        ok = false;
        err = errno;
    }
    free(buf);
    if (!ok) {
        cli_error("dt: cannot write '%s': %s", out ? out : "standard output", strerror(err));
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

int cmd_dt(int argc, char **argv)
{
    bool check = argc > 1 && strcmp(argv[1], "check") == 0;
    const char *machine = DT_DEFAULT_MACHINE, *out = NULL;
    cli_parser_t p;
    int id;

    cli_parser_init(&p, check ? "dt check" : "dt", argc - check, argv + check);
    while ((id = cli_parser_next(&p, dt_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: return CLI_EXIT_USAGE;
        case DT_OPT_HELP: dt_usage(); return CLI_EXIT_OK;
        case DT_OPT_MACHINE: machine = p.value; break;
        case DT_OPT_OUTPUT: out = p.value; break;
        default: break;
        }
    }
    machine_opts_t opts = { 0 };
    const machine_desc_t *desc = cli_find_machine(machine, &opts);
    if (!desc)
        return CLI_EXIT_USAGE;
    int rest = argc - check - p.next;
    if (check) {
        if (out) {
            cli_error("dt check: -o is for writing a DTB, not for checking one");
            return CLI_EXIT_USAGE;
        }
        if (rest != 1) {
            cli_error("dt check: expected one DTB file; usage: pmusim dt check [-M MACHINE] FILE.dtb");
            return CLI_EXIT_USAGE;
        }
        return dt_check(argv[check + p.next], desc);
    }
    if (rest != 0) {
        cli_error("dt: unexpected argument '%s'; did you mean 'pmusim dt check %s'?", argv[p.next],
                  argv[p.next]);
        return CLI_EXIT_USAGE;
    }
    return dt_write(desc, &opts, out);
}
