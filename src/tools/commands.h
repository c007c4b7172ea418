/* The pmusim subcommands. Each one is a file cmd_<name>.c with an entry point taking the
 * arguments from its own name on (argv[0] is "run", ...) and returning the exit status, and a line
 * in the command table in commands.c. */
#ifndef PMUSIM_TOOLS_COMMANDS_H
#define PMUSIM_TOOLS_COMMANDS_H

typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*main)(int argc, char **argv);
} cli_command_t;

/* The command table (commands.c), ending with an entry whose name is NULL. */
extern const cli_command_t cli_commands[];

int cmd_run(int argc, char **argv);
int cmd_machines(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_dt(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_sweep(int argc, char **argv);

#endif
