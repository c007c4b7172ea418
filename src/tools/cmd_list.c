/* pmusim list: the PMU events of a machine, as a table, as Linux perf pmu-events JSON, or as the
 * line of perf's mapfile.csv that would select that JSON for the core. */
#include <stdio.h>
#include <string.h>

#include "firmware/sbi.h"
#include "machine/machine.h"
#include "tools/cli_util.h"
#include "tools/commands.h"
#include "session/stat_cm.h"
#include "tools/stat_cm_list.h"
#include "session/stat_events.h"
#include "tools/stat_report.h"

enum {
    LIST_OPT_MACHINE = 1,
    LIST_OPT_JSON,
    LIST_OPT_MAPFILE,
    LIST_OPT_FIRMWARE,
    LIST_OPT_HELP,
};

static const cli_option_t list_options[] = {
    { "machine", 'M', "NAME", LIST_OPT_MACHINE, "machine whose events to list (see 'pmusim machines')" },
    { "json", 'j', NULL, LIST_OPT_JSON, "Linux perf pmu-events JSON (an array of events)" },
    { "mapfile", 0, NULL, LIST_OPT_MAPFILE, "perf's mapfile.csv for the machine's core (header and line)" },
    { "firmware", 0, NULL, LIST_OPT_FIRMWARE,
      "the SBI firmware events only (with --json: perf's riscv-sbi-firmware.json form)" },
    { "help", 'h', NULL, LIST_OPT_HELP, "show this help" },
    { 0 },
};

/* Where perf's pmu-events tree would keep a core's JSON (tools/perf/pmu-events/arch/riscv/). */
static const struct list_perf_dir {
    const char *machine;
    const char *dir;
} list_perf_dirs[] = {
    { "veer-el2", "chipsalliance/veer-el2" },
    { "mbv32", "amd/microblaze-v" },
    { "mbv64", "amd/microblaze-v" },
};

static void list_usage(FILE *out)
{
    fputs("Usage: pmusim list [-M MACHINE] [--json | --mapfile | --firmware [--json]]\n"
          "\n"
          "Lists the PMU events of a machine's core: selector code (the value a guest writes to\n"
          "mhpmeventN; 'pmusim stat -e' takes it too), name, description, and whether pmusim counts\n"
          "the event exactly or how it approximates it. --firmware lists the SBI firmware events of\n"
          "virt32 and virt64 instead.\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, list_options);
    fprintf(out, "\nThe default machine is %s.\n", machine_default_name);
}

/* "mhpmevent3-6": the programmable counters of the model. */
static void list_counter_range(const pmu_model_t *model, char *buf, size_t size)
{
    int lo = -1, hi = -1;
    for (int n = 3; n < 32; n++)
        if ((model->hpm_mask >> n) & 1) {
            if (lo < 0)
                lo = n;
            hi = n;
        }
    if (lo < 0)
        snprintf(buf, size, "no mhpmevent register (the model has no programmable counters)");
    else if (lo == hi)
        snprintf(buf, size, "mhpmevent%d", lo);
    else
        snprintf(buf, size, "mhpmevent%d-%d", lo, hi);
}

static void list_row(const char *code, const char *hex, const char *name, const char *accuracy,
                     const char *description)
{
    printf("%6s  %6s  %-26s %-9s %s\n", code, hex, name, accuracy ? "approx." : "exact", description);
    if (accuracy)
        printf("%52s approximation: %s\n", "", accuracy);
}

static void list_text(const machine_desc_t *desc, const pmu_model_t *model)
{
    char counters[80], code[24], hex[24];
    stat_event_t extra[4];
    size_t n_extra = stat_builtin_extra(model, extra, sizeof(extra) / sizeof(extra[0]));

    list_counter_range(model, counters, sizeof(counters));
    printf("Events of machine %s (PMU model %s): %zu events.\n"
           "A guest selects one by writing its CODE to %s; 'pmusim stat -e' takes NAME or CODE.\n\n",
           desc->name, model->name, model->n_events, counters);
    printf("%6s  %6s  %-26s %-9s %s\n", "CODE", "HEX", "NAME", "ACCURACY", "DESCRIPTION");
    for (size_t k = 0; k < model->n_events; k++) {
        const pmu_event_desc_t *e = &model->events[k];
        snprintf(code, sizeof(code), "%llu", (unsigned long long)e->code);
        snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)e->code);
        list_row(code, hex, e->name, e->accuracy, e->description);
    }
    if (n_extra) {
        printf("\nAlso counted by 'pmusim stat -e NAME' on every machine (no selector code):\n");
        for (size_t k = 0; k < n_extra; k++)
            list_row("-", "-", extra[k].name, extra[k].accuracy, extra[k].description);
    }
    size_t n_metrics = model->metrics ? model->metrics->n : 0;
    if (n_metrics) {
        printf("\nMetrics of the core ('pmusim stat --metrics NAME'; events in perf's JSON spelling):\n");
        for (size_t k = 0; k < n_metrics; k++) {
            const pmu_metric_desc_t *m = &model->metrics->metrics[k];
            printf("  %-24s %s%s%s\n", m->name, m->expr, m->scale_unit[0] ? "  scale " : "", m->scale_unit);
            printf("  %-24s %s\n", "", m->description);
        }
    }
    if (stat_cm_machine(desc))
        stat_cm_list_text(stdout);
    if (desc->pmu_dt) {
        bool cache_events = model->n_events && model->events[model->n_events - 1].code >> 16 == 1;
        if (!cache_events)
            printf("\nSBI cache events (type 1, index 0x1xxxx) are not supported: the memory-hierarchy "
                   "model is off (-M %s,caches=on).\n",
                   desc->name);
        printf("Firmware events: 'pmusim list -M %s --firmware'.\n", desc->name);
    }
}

/* The SBI firmware events of machines whose PMU speaks SBI (docs/sbi.md). */
static void list_firmware_text(void)
{
    char code[24];
    printf("SBI firmware events (event index 0xF0000 | code), counted by the built-in SBI ('pmusim run\n"
           "--kernel') and, for the events it implements, by OpenSBI:\n\n");
    printf("%6s  %8s  %-29s %-12s %s\n", "CODE", "INDEX", "NAME", "BUILT-IN", "DESCRIPTION");
    for (unsigned k = 0; k < SBI_FW_EVENT_COUNT; k++) {
        snprintf(code, sizeof(code), "0x%x", 0xF0000u | k);
        printf("%6u  %8s  %-29s %-12s %s\n", k, code, sbi_fw_events[k].name,
               sbi_fw_events[k].counted ? "counted" : "unsupported", sbi_fw_events[k].description);
    }
}

static void list_firmware_json(void)
{
    char code[24];
    fputs("[", stdout);
    for (unsigned k = 0; k < SBI_FW_EVENT_COUNT; k++) {
        snprintf(code, sizeof(code), "0x%016llx", 0x8000000000000000ull | k); /* bit 63: firmware */
        fputs(k ? ",\n    {\n        \"PublicDescription\": " : "\n    {\n        \"PublicDescription\": ",
              stdout);
        stat_json_string(stdout, sbi_fw_events[k].description);
        fputs(",\n        \"ConfigCode\": ", stdout);
        stat_json_string(stdout, code);
        fputs(",\n        \"EventName\": ", stdout);
        stat_json_string(stdout, sbi_fw_events[k].name);
        fputs(",\n        \"BriefDescription\": ", stdout);
        stat_json_string(stdout, sbi_fw_events[k].description);
        fputs("\n    }", stdout);
    }
    fputs("\n]\n", stdout);
}

static void list_json(const machine_desc_t *desc, const pmu_model_t *model)
{
    char name[96], code[24];

    fputs("[", stdout);
    for (size_t k = 0; k < model->n_events; k++) {
        const pmu_event_desc_t *e = &model->events[k];
        stat_event_json_name(model, e->name, name, sizeof(name));
        snprintf(code, sizeof(code), "0x%llx", (unsigned long long)e->code);
        fputs(k ? ",\n    {\n        \"EventName\": " : "\n    {\n        \"EventName\": ", stdout);
        stat_json_string(stdout, name);
        fputs(",\n        \"EventCode\": ", stdout);
        stat_json_string(stdout, code);
        fputs(",\n        \"BriefDescription\": ", stdout);
        stat_json_string(stdout, e->description);
        fputs(",\n        \"PublicDescription\": ", stdout);
        if (e->accuracy) {
            char text[512];
            snprintf(text, sizeof(text), "%s. Approximated by pmusim: %s", e->description, e->accuracy);
            stat_json_string(stdout, text);
        } else {
            stat_json_string(stdout, e->description);
        }
        fputs("\n    }", stdout);
    }
    /* the core's metrics, as in perf's metrics.json (jevents reads metrics from any file) */
    size_t n_metrics = model->metrics ? model->metrics->n : 0;
    for (size_t k = 0; k < n_metrics; k++) {
        const pmu_metric_desc_t *m = &model->metrics->metrics[k];
        fputs(model->n_events || k ? ",\n    {\n        \"MetricName\": "
                                   : "\n    {\n        \"MetricName\": ",
              stdout);
        stat_json_string(stdout, m->name);
        fputs(",\n        \"MetricExpr\": ", stdout);
        stat_json_string(stdout, m->expr);
        if (m->group[0]) {
            fputs(",\n        \"MetricGroup\": ", stdout);
            stat_json_string(stdout, m->group);
        }
        if (m->scale_unit[0]) {
            fputs(",\n        \"ScaleUnit\": ", stdout);
            stat_json_string(stdout, m->scale_unit);
        }
        fputs(",\n        \"BriefDescription\": ", stdout);
        stat_json_string(stdout, m->description[0] ? m->description : m->name);
        fputs("\n    }", stdout);
    }
    bool first = model->n_events == 0 && n_metrics == 0;
    if (stat_cm_machine(desc))
        stat_cm_list_json(stdout, &first);
    fputs(first ? "]\n" : "\n]\n", stdout);
}

static int list_mapfile(const machine_desc_t *desc)
{
    if (desc->core->mvendorid == 0 && desc->core->marchid == 0 && desc->core->mimpid == 0) {
        cli_error("list: machine %s has no vendor mapfile key: its mvendorid, marchid and mimpid "
                  "are 0, so perf cannot tell its core from any other",
                  desc->name);
        return CLI_EXIT_USAGE;
    }
    char dir[128];
    snprintf(dir, sizeof(dir), "pmusim/%s", desc->name);
    for (size_t k = 0; k < sizeof(list_perf_dirs) / sizeof(list_perf_dirs[0]); k++)
        if (strcmp(list_perf_dirs[k].machine, desc->name) == 0)
            snprintf(dir, sizeof(dir), "%s", list_perf_dirs[k].dir);
    /* A complete mapfile.csv: perf's jevents skips its first line, the header. Then
     * MVENDORID-MARCHID-MIMPID as Linux reports them; any implementation of this core matches. */
    printf("#MVENDORID-MARCHID-MIMPID,Version,Filename,EventType\n");
    printf("0x%llx-0x%llx-0x[[:xdigit:]]+,v1,%s,core\n", (unsigned long long)desc->core->mvendorid,
           (unsigned long long)desc->core->marchid, dir);
    return CLI_EXIT_OK;
}

int cmd_list(int argc, char **argv)
{
    const char *machine = machine_default_name;
    bool json = false, mapfile = false, firmware = false;
    cli_parser_t p;
    int id;

    cli_parser_init(&p, "list", argc, argv);
    while ((id = cli_parser_next(&p, list_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: return CLI_EXIT_USAGE;
        case LIST_OPT_HELP: list_usage(stdout); return CLI_EXIT_OK;
        case LIST_OPT_MACHINE: machine = p.value; break;
        case LIST_OPT_JSON: json = true; break;
        case LIST_OPT_MAPFILE: mapfile = true; break;
        case LIST_OPT_FIRMWARE: firmware = true; break;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (p.next < argc) {
        cli_error("list: unexpected argument '%s'", argv[p.next]);
        return CLI_EXIT_USAGE;
    }
    if (json && mapfile) {
        cli_error("list: --json and --mapfile cannot be used together");
        return CLI_EXIT_USAGE;
    }
    machine_opts_t mopts = { 0 };
    const machine_desc_t *desc = cli_find_machine(machine, &mopts);
    if (!desc)
        return CLI_EXIT_USAGE;
    const pmu_model_t *model = machine_pmu_model(desc, &mopts);
    if (mapfile)
        return list_mapfile(desc);
    if (firmware && !desc->pmu_dt) {
        cli_error("list: machine %s has no SBI PMU, so no firmware events (try -M virt64)", desc->name);
        return CLI_EXIT_USAGE;
    }
    if (firmware && json)
        list_firmware_json();
    else if (firmware)
        list_firmware_text();
    else if (json)
        list_json(desc, model);
    else
        list_text(desc, model);
    return CLI_EXIT_OK;
}
