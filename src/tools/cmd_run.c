/* pmusim run: run a program until it exits. */
#include <stdio.h>

#include "debug/gdbstub.h"
#include "tools/cli_run.h"
#include "tools/commands.h"

enum { RUN_OPT_HELP = 1, RUN_OPT_GDB };

static const cli_option_t run_options[] = {
    CLI_RUN_OPTIONS,
    { "gdb", 0, "PORT", RUN_OPT_GDB,
      "serve gdb on localhost:PORT (0: any free port) and wait for it before the first instruction" },
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
    const char *gdb_port = NULL;
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
        if (id == RUN_OPT_GDB) {
            uint64_t port;
            if (!cli_parse_u64(p.value, &port) || port > 65535) {
                cli_error("run: bad --gdb '%s': expected a TCP port number (0-65535)", p.value);
                return CLI_EXIT_USAGE;
            }
            gdb_port = p.value;
            continue;
        }
        if (!cli_run_option(&cfg, &p, id))
            return CLI_EXIT_USAGE;
    }
    if (!cli_run_operands(&cfg, &p))
        return CLI_EXIT_USAGE;

    cli_session_t s;
    int status = cli_session_open(&s, &cfg);
    if (status == 0 && gdb_port) {
        uint64_t port = 0;
        cli_parse_u64(gdb_port, &port);
        gdb_outcome_t o = gdb_serve(s.m, (unsigned)port);
        if (o.failed)
            status = CLI_EXIT_USAGE;
        else if (o.killed) {
            cli_error("run: killed by the debugger");
            status = CLI_EXIT_INTERRUPTED;
        } else
            status = cli_session_finish(&s, o.stop);
    } else if (status == 0)
        status = cli_session_finish(&s, cli_session_run(&s));
    cli_session_close(&s);
    return status;
}
