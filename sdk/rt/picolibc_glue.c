/* Hooks picolibc's tinystdio (printf, puts, putchar, ...) to the runtime console. */
#include <stdio.h>

#include "pmusim_rt.h"

static int rt_stdio_put(char c, FILE *f)
{
    (void)f;
    rt_putc(c);
    return (unsigned char)c;
}

static int rt_stdio_get(FILE *f)
{
    (void)f;
    return EOF; /* no console input */
}

static FILE rt_stdio = FDEV_SETUP_STREAM(rt_stdio_put, rt_stdio_get, NULL, _FDEV_SETUP_RW);

FILE *const stdin = &rt_stdio;
FILE *const stdout = &rt_stdio;
FILE *const stderr = &rt_stdio;
