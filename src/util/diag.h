/* Where the library's messages go: a sink the front end sets. The command line prints each on
 * standard error as "pmusim: " + message (tools/cli_util.c); the library API keeps it as the
 * error text of the call that failed (lib/pmusim.c); NULL report: the messages go nowhere.
 * One sink per caller, no global state: two machines on two threads each report to their own.
 * Header only: every layer may report. */
#ifndef PMUSIM_UTIL_DIAG_H
#define PMUSIM_UTIL_DIAG_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct diag {
    /* One message, without "pmusim: " or a newline; `msg` lives until the call returns. */
    void (*report)(void *ctx, const char *msg);
    void *ctx;
} diag_t;

static inline void diag_error(const diag_t *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Formats a message and hands it to the sink (nothing when d or d->report is NULL). */
static inline void diag_error(const diag_t *d, const char *fmt, ...)
{
    if (!d || !d->report)
        return;
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        d->report(d->ctx, small);
        return;
    }
    /* a long one (the list of a machine's events): formatted again into a buffer that fits */
    char *big = malloc((size_t)n + 1);
    if (!big) {
        d->report(d->ctx, small); /* cut short rather than lost */
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    d->report(d->ctx, big);
    free(big);
}

#endif
