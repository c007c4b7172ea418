/* The command table: one line per subcommand, in the order `pmusim --help` lists them. */
#include <stddef.h>

#include "tools/commands.h"

const cli_command_t cli_commands[] = {
    { "run", "run a RISC-V ELF program on a simulated machine", cmd_run },
    { "stat", "run a program and count PMU events over the whole run", cmd_stat },
    { "list", "list the PMU events of a machine", cmd_list },
    { "dt", "write a machine's device tree, or check a DTB's riscv,pmu node", cmd_dt },
    { "record", "run a program and attribute every event to its instruction and call chain", cmd_record },
    { "report", "show a profile: top functions and lines, callgrind, folded stacks", cmd_report },
    { "annotate", "show a function of a profile: disassembly and source with counts", cmd_annotate },
    { "sweep", "run programs on every configuration of a design space; results in SQLite", cmd_sweep },
    { "machines", "list the machines that can be simulated", cmd_machines },
    { NULL, NULL, NULL },
};
