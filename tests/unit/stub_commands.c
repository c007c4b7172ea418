/* The command table of the stub CLI build (pmusim_stub): only the commands whose code needs
 * nothing beyond the stub machine, so commands added to src/tools/commands.c later cannot break it. */
#include <stddef.h>

#include "tools/commands.h"

const cli_command_t cli_commands[] = {
    { "run", "run a RISC-V ELF program on a simulated machine", cmd_run },
    { "machines", "list the machines that can be simulated", cmd_machines },
    { NULL, NULL, NULL },
};
