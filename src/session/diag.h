/* Where the session layer's messages go: the front end decides. The CLI prints them on standard
 * error ("pmusim: " + message, tools/cli_util.c); the library keeps them as the error text of
 * the call that failed (lib/pmusim.c). One sink per caller, no global state: two sessions on two
 * threads each report to their own. */
#ifndef PMUSIM_SESSION_DIAG_H
#define PMUSIM_SESSION_DIAG_H

typedef struct diag {
    /* One message, without "pmusim: " or a newline; `msg` lives until the call returns. */
    void (*report)(void *ctx, const char *msg);
    void *ctx;
} diag_t;

/* Formats a message and hands it to the sink (nothing when d or d->report is NULL). */
void diag_error(const diag_t *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
