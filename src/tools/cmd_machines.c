/* pmusim machines: the built-in machine descriptions. */
#include <stdio.h>
#include <string.h>

#include "machine/machine.h"
#include "tools/cli_util.h"
#include "tools/commands.h"

enum { MACHINES_OPT_HELP = 1 };

static const cli_option_t machines_options[] = {
    { "help", 'h', NULL, MACHINES_OPT_HELP, "show this help" },
    { 0 },
};

int cmd_machines(int argc, char **argv)
{
    cli_parser_t p;
    int id;

    cli_parser_init(&p, "machines", argc, argv);
    while ((id = cli_parser_next(&p, machines_options)) != CLI_OPT_DONE) {
        if (id == CLI_OPT_ERROR)
            return CLI_EXIT_USAGE;
        if (id == MACHINES_OPT_HELP) {
            puts("Usage: pmusim machines\n\nLists the machines 'pmusim run -M NAME' can simulate, and the "
                 "options\n"
                 "each takes as -M NAME,KEY=VALUE[,KEY=VALUE...].\n");
            cli_print_options(stdout, machines_options);
            return CLI_EXIT_OK;
        }
    }
    if (p.next < argc) {
        cli_error("machines: unexpected argument '%s'", argv[p.next]);
        return CLI_EXIT_USAGE;
    }

    int width = 0;
    for (const machine_desc_t *const *d = machine_list(); *d; d++)
        if ((int)strlen((*d)->name) > width)
            width = (int)strlen((*d)->name);
    for (const machine_desc_t *const *d = machine_list(); *d; d++) {
        printf("%-*s  RV%u  %s%s\n", width, (*d)->name, (*d)->core->xlen, (*d)->summary,
               strcmp((*d)->name, machine_default_name) == 0 ? " (default)" : "");
        for (const machine_param_t *mp = (*d)->params; mp && mp->key; mp++)
            printf("%-*s    -M %s,%s=%s: %s\n", width, "", (*d)->name, mp->key, mp->values, mp->help);
    }
    return CLI_EXIT_OK;
}
