/* A minimal check harness for the unit tests: each test function gets a unit_t and CHECK()s. */
#ifndef PMUSIM_TESTS_UNIT_H
#define PMUSIM_TESTS_UNIT_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/diag.h"

typedef struct unit {
    unsigned checks, failed;
} unit_t;

static inline bool unit_check(unit_t *u, bool ok, const char *what, const char *file, int line)
{
    u->checks++;
    if (!ok) {
        u->failed++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
    return ok;
}

#define CHECK(cond) unit_check(u, (cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b)                                                                            \
    do {                                                                                          \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                          \
        if (!unit_check(u, a_ == b_, #a " == " #b, __FILE__, __LINE__))                           \
            fprintf(stderr, "    got 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", a_, b_);           \
    } while (0)
#define CHECK_STR(a, b)                                                                           \
    do {                                                                                          \
        const char *a_ = (a), *b_ = (b);                                                          \
        if (!unit_check(u, a_ && b_ && strcmp(a_, b_) == 0, #a " == " #b, __FILE__, __LINE__))    \
            fprintf(stderr, "    got \"%s\", expected \"%s\"\n", a_ ? a_ : "(null)", b_);         \
    } while (0)

/* The library's messages (util/diag.h) on standard error, as the command line prints them. */
static inline void unit_diag_print(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "pmusim: %s\n", msg);
}
static const diag_t unit_diag_stderr = { unit_diag_print, NULL };

/* Prints the summary line and returns the process exit status. */
static inline int unit_finish(const unit_t *u, const char *name)
{
    printf("%s: %u checks, %u failed\n", name, u->checks, u->failed);
    return u->failed ? 1 : 0;
}

#endif
