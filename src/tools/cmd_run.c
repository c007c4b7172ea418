/* pmusim run: run a program until it exits. */
#include <stdio.h>

#include "tools/cli_run.h"
#include "tools/commands.h"

enum { RUN_OPT_HELP = 1 };

static const cli_option_t run_options[] = {
    CLI_RUN_OPTIONS,
    { "help", 'h', NULL, RUN_OPT_HELP, "show this help" },
    { 0 },
};

static void run_usage(FILE *out)
{
    fprintf(out, "Usage: pmusim run [OPTIONS] PROGRAM.elf [--] [GUEST ARGS...]\n"
                 "\n"
                 "Runs a RISC-V ELF program on a simulated machine until it exits, and exits with the\n"
                 "program's exit code. The guest's console output goes to standard output; pmusim's own\n"
                 "messages go to standard error, prefixed \"pmusim: \". Guest arguments are passed\n"
                 "through semihosting (SYS_GET_CMDLINE).\n"
                 "\n"
                 "Options:\n");
    cli_print_options(out, run_options);
    fprintf(out, "\nThe default machine is %s.\n\n", machine_default_name);
    cli_print_exit_statuses(out);
}

int cmd_run(int argc, char **argv)
{
    cli_run_config_t cfg = { 0 };
    cli_parser_t p;
    int id;

    cli_parser_init(&p, "run", argc, argv);
    while ((id = cli_parser_next(&p, run_options)) != CLI_OPT_DONE) {
        if (id == CLI_OPT_ERROR)
            return CLI_EXIT_USAGE;
        if (id == RUN_OPT_HELP) {
            run_usage(stdout);
            return CLI_EXIT_OK;
        }
        if (!cli_run_option(&cfg, &p, id))
            return CLI_EXIT_USAGE;
    }
    if (!cli_run_operands(&cfg, &p))
        return CLI_EXIT_USAGE;

    cli_session_t s;
    int status = cli_session_open(&s, &cfg);
    if (status == 0)
        status = cli_session_finish(&s, cli_session_run(&s));
    cli_session_close(&s);
    return status;
}
