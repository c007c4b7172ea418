/* Messages of the session layer, formatted once and handed to the caller's sink. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "session/diag.h"

void diag_error(const diag_t *d, const char *fmt, ...)
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
