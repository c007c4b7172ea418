/* The library's console front end: a guest's console output written to a stdio stream (the
 * file pmusim_session_set_console names, or the host program's standard output). The one place
 * of the library that writes to a stream (scripts/check-library-purity.sh). */
#ifndef PMUSIM_LIB_CONSOLE_FILE_H
#define PMUSIM_LIB_CONSOLE_FILE_H

#include <stdio.h>

#include "machine/machine.h"

/* A sink writing to `f` (not owned: the caller closes it after the run). */
console_sink_t console_file_sink(FILE *f);

#endif
