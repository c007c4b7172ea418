#define XLEN 64
#define EXEC_RUN exec_run_rv64
#include "cpu/exec_template.h"
