/* pmusim: the command-line tool. Dispatches to the subcommand named by the first argument. */
#include <stdio.h>
#include <string.h>

#include "tools/cli_util.h"
#include "tools/commands.h"

static void main_usage(FILE *out)
{
    fputs("Usage: pmusim COMMAND [OPTIONS] [ARGUMENTS]\n"
          "       pmusim --help | --version\n"
          "\n"
          "A RISC-V virtual platform whose performance counters are modelled exactly.\n"
          "\n"
          "Commands:\n",
          out);
    for (const cli_command_t *c = cli_commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
    fputs("\n"
          "'pmusim COMMAND --help' (or 'pmusim help COMMAND') describes a command.\n"
          "Example: pmusim run -M virt32 hello.elf\n"
          "\n",
          out);
    cli_print_exit_statuses(out);
}

static const cli_command_t *main_find_command(const char *name)
{
    for (const cli_command_t *c = cli_commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

static int main_unknown_command(const char *name)
{
    const char *names[32];
    size_t n = 0;
    for (const cli_command_t *c = cli_commands; c->name && n < 32; c++)
        names[n++] = c->name;
    const char *best = cli_suggest(name, names, n);
    if (best)
        cli_error("unknown command '%s' (did you mean '%s'?)", name, best);
    else
        cli_error("unknown command '%s'; see 'pmusim --help'", name);
    return CLI_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        main_usage(stderr);
        return CLI_EXIT_USAGE;
    }
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
        main_usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(first, "--version") == 0 || strcmp(first, "-V") == 0) {
        puts("pmusim " PMUSIM_VERSION);
        return CLI_EXIT_OK;
    }
    if (strcmp(first, "help") == 0) {
        if (argc < 3) {
            main_usage(stdout);
            return CLI_EXIT_OK;
        }
        const cli_command_t *c = main_find_command(argv[2]);
        if (!c)
            return main_unknown_command(argv[2]);
        char *help_argv[] = { argv[2], "--help", NULL };
        return c->main(2, help_argv);
    }
    if (first[0] == '-') {
        cli_error("unknown option '%s'; see 'pmusim --help'", first);
        return CLI_EXIT_USAGE;
    }
    const cli_command_t *c = main_find_command(first);
    if (!c)
        return main_unknown_command(first);
    return c->main(argc - 1, argv + 1);
}
