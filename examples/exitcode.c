/* exitcode: prints one line and exits with EXIT_CODE (default 5) via rt_exit. */
#include "pmusim_rt.h"

#ifndef EXIT_CODE
#define EXIT_CODE 5
#endif

int main(void)
{
    rt_printf("exitcode: exiting with %d\n", EXIT_CODE);
    rt_exit(EXIT_CODE);
}
