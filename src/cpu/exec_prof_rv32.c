#define XLEN 32
#define EXEC_RUN exec_prof_run_rv32
#define EXEC_PROFILE 1
#include "cpu/exec_template.h"
