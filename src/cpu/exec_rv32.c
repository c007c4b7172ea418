#define XLEN 32
#define EXEC_RUN exec_run_rv32
#include "cpu/exec_template.h"
