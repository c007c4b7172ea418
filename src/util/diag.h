/* Where the library's messages go: a sink the front end sets (src/tools: standard error).
 *
 * A message is the whole text the command line prints, "pmusim: ...\n" included, so a front end
 * that writes it unchanged prints exactly what pmusim always printed; another may log it, or
 * drop it (a NULL fn: the messages go nowhere). Header only: every layer may report. */
#ifndef PMUSIM_UTIL_DIAG_H
#define PMUSIM_UTIL_DIAG_H

#include <stdarg.h>

typedef struct diag_sink {
    void (*fn)(void *ctx, const char *fmt, va_list ap);
    void *ctx;
} diag_sink_t;

static inline void diag_printf(const diag_sink_t *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static inline void diag_printf(const diag_sink_t *d, const char *fmt, ...)
{
    if (!d || !d->fn)
        return;
    va_list ap;
    va_start(ap, fmt);
    d->fn(d->ctx, fmt, ap);
    va_end(ap);
}

#endif
