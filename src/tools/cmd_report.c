/* pmusim report: the top functions and source lines of a profile, per event; or the profile as
 * callgrind's format (--callgrind) or folded stacks (--folded). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli_util.h"
#include "tools/commands.h"
#include "tools/prof_file.h"

enum {
    REP_OPT_INPUT = 1,
    REP_OPT_EVENT,
    REP_OPT_TOP,
    REP_OPT_CALLGRIND,
    REP_OPT_FOLDED,
    REP_OPT_SYMBOLS,
    REP_OPT_HELP,
};

static const cli_option_t report_options[] = {
    { "input", 'i', "FILE", REP_OPT_INPUT, "the profile to read (default pmusim.data)" },
    { "event", 'e', "EVENT", REP_OPT_EVENT,
      "only this event (for --folded: the one counted; default the first)" },
    { "top", 'n', "N", REP_OPT_TOP, "show the N first functions and lines of each event (default 10)" },
    { "callgrind", 0, "OUT", REP_OPT_CALLGRIND, "write the profile in callgrind format to OUT" },
    { "folded", 0, NULL, REP_OPT_FOLDED, "print folded stacks ('main;mid;leaf COUNT') for flame graphs" },
    { "symbols", 0, "FILE", REP_OPT_SYMBOLS,
      "symbols and lines from the ELF file FILE (for a raw image: a Linux Image's vmlinux)" },
    { "help", 'h', NULL, REP_OPT_HELP, "show this help" },
    { 0 },
};

static void report_usage(FILE *out)
{
    fputs("Usage: pmusim report [-i FILE] [-e EVENT] [-n N] [--symbols ELF] [--callgrind OUT | --folded]\n"
          "\n"
          "Prints what a profile written by 'pmusim record' says: for each event, the functions and\n"
          "source lines with the largest counts (self: in the function itself; with call chains\n"
          "also total: in it and everything it called). Symbols and lines come from the program's\n"
          "DWARF debug information.\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, report_options);
    fputs("\nSee docs/profiling.md.\n", out);
}

/* ---- Symbolized profile ---- */

/* One instruction of the profile with its symbols. */
typedef struct pc_info {
    uint64_t pc;
    const char *fn; /* NULL: no symbol */
    uint64_t fn_start;
    const char *file;
    int line;
} pc_info_t;

typedef struct report {
    prof_file_t pf;
    prof_syms_t *syms;
    unsigned n_ev;
    pc_info_t *pcs; /* distinct pcs, sorted */
    size_t n_pcs;
    size_t *at_pc; /* per `at` record: its index in pcs */
} report_t;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static const pc_info_t *pc_find(const report_t *r, uint64_t pc)
{
    size_t lo = 0, hi = r->n_pcs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (r->pcs[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->n_pcs && r->pcs[lo].pc == pc ? &r->pcs[lo] : NULL;
}

static void pc_symbolize(report_t *r, pc_info_t *p)
{
    p->fn = prof_syms_function(r->syms, p->pc, &p->fn_start);
    if (!p->fn)
        p->fn_start = UINT64_MAX;
    if (!prof_syms_line(r->syms, p->pc, &p->file, &p->line)) {
        p->file = NULL;
        p->line = 0;
    }
}

static bool report_load(report_t *r, const char *path, const char *symbols)
{
    memset(r, 0, sizeof *r);
    if (!prof_file_read(&r->pf, path))
        return false;
    r->n_ev = r->pf.n_events;
    r->syms = prof_file_syms(&r->pf, symbols, "report");
    if (!r->syms)
        return false;
    uint64_t *pcs = malloc((r->pf.n_at + 1) * sizeof *pcs);
    r->at_pc = malloc((r->pf.n_at + 1) * sizeof *r->at_pc);
    if (!pcs || !r->at_pc) {
        free(pcs);
        cli_error("report: out of memory");
        return false;
    }
    for (size_t k = 0; k < r->pf.n_at; k++)
        pcs[k] = r->pf.at[k].pc;
    qsort(pcs, r->pf.n_at, sizeof *pcs, cmp_u64);
    r->pcs = calloc(r->pf.n_at + 1, sizeof *r->pcs);
    if (!r->pcs) {
        free(pcs);
        cli_error("report: out of memory");
        return false;
    }
    for (size_t k = 0; k < r->pf.n_at; k++)
        if (r->n_pcs == 0 || r->pcs[r->n_pcs - 1].pc != pcs[k]) {
            r->pcs[r->n_pcs].pc = pcs[k];
            pc_symbolize(r, &r->pcs[r->n_pcs++]);
        }
    free(pcs);
    for (size_t k = 0; k < r->pf.n_at; k++)
        r->at_pc[k] = (size_t)(pc_find(r, r->pf.at[k].pc) - r->pcs);
    return true;
}

static void report_free(report_t *r)
{
    prof_syms_close(r->syms);
    free(r->pcs);
    free(r->at_pc);
    prof_file_free(&r->pf);
}

static const char *fn_name(const char *fn)
{
    return fn ? fn : "[unknown]";
}

/* The function of the callee of context n (its entry point). */
static const char *ctx_fn(report_t *r, uint32_t n, uint64_t *start)
{
    return prof_syms_function(r->syms, r->pf.ctx[n].callee, start);
}

/* ---- Aggregation by a string key ---- */

typedef struct agg {
    char *key;
    uint64_t *count;
} agg_t;

typedef struct agg_list {
    agg_t *a;
    size_t n, cap;
    unsigned n_ev;
} agg_list_t;

static bool agg_add(agg_list_t *l, const char *key, const uint64_t *count)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        agg_t *a = realloc(l->a, cap * sizeof *a);
        if (!a)
            return false;
        l->a = a;
        l->cap = cap;
    }
    size_t klen = strlen(key) + 1;
    char *k = malloc(klen);
    uint64_t *c = malloc(l->n_ev * sizeof *c);
    if (!k || !c) {
        free(k);
        free(c);
        return false;
    }
    memcpy(k, key, klen);
    memcpy(c, count, l->n_ev * sizeof *c);
    l->a[l->n++] = (agg_t){ k, c };
    return true;
}

static int cmp_agg_key(const void *a, const void *b)
{
    return strcmp(((const agg_t *)a)->key, ((const agg_t *)b)->key);
}

/* Sorts by key and adds up equal keys. */
static void agg_merge(agg_list_t *l)
{
    if (!l->n)
        return;
    qsort(l->a, l->n, sizeof *l->a, cmp_agg_key);
    size_t w = 0;
    for (size_t k = 1; k < l->n; k++) {
        if (strcmp(l->a[k].key, l->a[w].key) == 0) {
            for (unsigned e = 0; e < l->n_ev; e++)
                l->a[w].count[e] += l->a[k].count[e];
            free(l->a[k].key);
            free(l->a[k].count);
        } else {
            l->a[++w] = l->a[k];
        }
    }
    l->n = w + 1;
}

static void agg_free(agg_list_t *l)
{
    for (size_t k = 0; k < l->n; k++) {
        free(l->a[k].key);
        free(l->a[k].count);
    }
    free(l->a);
}

static unsigned sort_event;
static int cmp_agg_count(const void *a, const void *b)
{
    uint64_t x = ((const agg_t *)a)->count[sort_event], y = ((const agg_t *)b)->count[sort_event];
    if (x != y)
        return x < y ? 1 : -1;
    return strcmp(((const agg_t *)a)->key, ((const agg_t *)b)->key);
}

static const char *with_commas(uint64_t v, char *buf)
{
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v), o = 0;
    for (int k = 0; k < n; k++) {
        if (k && (n - k) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = tmp[k];
    }
    buf[o] = 0;
    return buf;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The frames of context n from the outermost: the function of the first call's site, then each
 * callee. Returns how many were written (at most max: the outermost are kept). */
static size_t ctx_frames(report_t *r, uint32_t n, const char **fr, uint64_t *start, size_t max)
{
    size_t depth = 0;
    for (uint32_t c = n; c; c = r->pf.ctx[c].parent)
        depth++;
    size_t total = depth + (n ? 1 : 0), k = total;
    for (uint32_t c = n; c; c = r->pf.ctx[c].parent) {
        k--;
        if (k < max)
            fr[k] = fn_name(ctx_fn(r, c, &start[k]));
        if (!r->pf.ctx[c].parent && k > 0 && k - 1 < max)
            fr[k - 1] = fn_name(prof_syms_function(r->syms, r->pf.ctx[c].site, &start[k - 1]));
    }
    return total < max ? total : max;
}

#define MAX_FRAMES 512

/* The stack of record `at`: its context's frames, then the function of its pc unless that is the
 * innermost frame already (a call's callee). */
static size_t at_frames(report_t *r, size_t at, const char **fr, uint64_t *start)
{
    const pc_info_t *p = &r->pcs[r->at_pc[at]];
    size_t n = ctx_frames(r, r->pf.at[at].ctx, fr, start, MAX_FRAMES - 1);
    if (n == 0 || start[n - 1] != p->fn_start || strcmp(fr[n - 1], fn_name(p->fn)) != 0) {
        fr[n] = fn_name(p->fn);
        start[n] = p->fn_start;
        n++;
    }
    return n;
}

/* ---- Text report ---- */

/* With call chains, the functions are listed by their total (self and callees, as perf report
 * sorts by "children"), and a function that only calls others has a line too. */
static void print_table(const agg_list_t *l, unsigned e, uint64_t total, unsigned top, const char *what,
                        const agg_list_t *incl)
{
    const agg_list_t *order = incl ? incl : l;
    agg_t *sorted = malloc((order->n + 1) * sizeof *sorted);
    if (!sorted)
        return;
    if (order->n) /* a profile without records has no list at all */
        memcpy(sorted, order->a, order->n * sizeof *sorted);
    sort_event = e;
    qsort(sorted, order->n, sizeof *sorted, cmp_agg_count);
    if (incl)
        printf("#    Self     Total  %15s  %s\n", "Self count", what);
    else
        printf("#    Self  %15s  %s\n", "Count", what);
    for (size_t k = 0; k < order->n && k < top; k++) {
        uint64_t c = sorted[k].count[e];
        if (!c)
            break;
        char buf[40];
        double pct = total ? 100.0 * (double)c / (double)total : 0;
        if (incl) {
            agg_t key = { sorted[k].key, NULL };
            const agg_t *self = bsearch(&key, l->a, l->n, sizeof *l->a, cmp_agg_key);
            uint64_t sc = self ? self->count[e] : 0;
            double sp = total ? 100.0 * (double)sc / (double)total : 0;
            printf("%8.2f%% %8.2f%%  %15s  %s\n", sp, pct, with_commas(sc, buf), sorted[k].key);
        } else {
            printf("%8.2f%%  %15s  %s\n", pct, with_commas(c, buf), sorted[k].key);
        }
    }
    free(sorted);
}

static int report_text(report_t *r, int only, unsigned top)
{
    agg_list_t fns = { .n_ev = r->n_ev }, lines = { .n_ev = r->n_ev }, incl = { .n_ev = r->n_ev };
    bool ok = true;
    const char *fr[MAX_FRAMES];
    uint64_t st[MAX_FRAMES];
    uint64_t *zero = calloc(r->n_ev, sizeof *zero);
    for (size_t k = 0; k < r->pf.n_at && ok && zero; k++) {
        const pc_info_t *p = &r->pcs[r->at_pc[k]];
        const uint64_t *c = r->pf.at[k].count;
        char key[1024];
        ok = agg_add(&fns, fn_name(p->fn), c);
        if (p->file)
            snprintf(key, sizeof key, "%s:%d  (%s)", base_name(p->file), p->line, fn_name(p->fn));
        else
            snprintf(key, sizeof key, "[no line]  (%s)", fn_name(p->fn));
        ok = ok && agg_add(&lines, key, c);
        if (r->pf.callchains && ok) {
            /* inclusive: once per function on the stack */
            size_t n = at_frames(r, k, fr, st);
            for (size_t j = 0; j < n && ok; j++) {
                bool seen = false;
                for (size_t i = 0; i < j && !seen; i++)
                    seen = strcmp(fr[i], fr[j]) == 0;
                if (!seen)
                    ok = agg_add(&incl, fr[j], c);
            }
        }
    }
    free(zero);
    if (!ok || !zero) {
        cli_error("report: out of memory");
        agg_free(&fns);
        agg_free(&lines);
        agg_free(&incl);
        return CLI_EXIT_USAGE;
    }
    agg_merge(&fns);
    agg_merge(&lines);
    agg_merge(&incl);
    printf("# pmusim report: %s on %s, %s%s\n", r->pf.program, r->pf.machine ? r->pf.machine : "?",
           r->pf.sampled ? "sampled" : "exact counts", r->pf.callchains ? ", call chains" : "");
    if (r->pf.sampled)
        printf("# a sample every %llu counts of '%s'\n", (unsigned long long)r->pf.period, r->pf.event[0]);
    for (unsigned e = 0; e < r->n_ev; e++) {
        if (only >= 0 && (unsigned)only != e)
            continue;
        char buf[40];
        uint64_t sum = 0;
        for (size_t k = 0; k < fns.n; k++)
            sum += fns.a[k].count[e];
        printf("#\n# Event '%s': %s in all", r->pf.event[e], with_commas(r->pf.total[e], buf));
        if (sum != r->pf.total[e])
            printf(" (%s attributed)", with_commas(sum, buf));
        printf("\n#\n");
        print_table(&fns, e, r->pf.total[e], top, "Function", r->pf.callchains ? &incl : NULL);
        printf("#\n");
        print_table(&lines, e, r->pf.total[e], top, "Source line", NULL);
    }
    agg_free(&fns);
    agg_free(&lines);
    agg_free(&incl);
    return CLI_EXIT_OK;
}

/* ---- Folded stacks ---- */

static int report_folded(report_t *r, unsigned e)
{
    agg_list_t stacks = { .n_ev = r->n_ev };
    const char *fr[MAX_FRAMES];
    uint64_t st[MAX_FRAMES];
    size_t cap = 4096;
    char *key = malloc(cap);
    bool ok = key != NULL;
    for (size_t k = 0; k < r->pf.n_at && ok; k++) {
        if (!r->pf.at[k].count[e])
            continue;
        size_t n = at_frames(r, k, fr, st), len = 0;
        key[0] = 0;
        for (size_t j = 0; j < n; j++) {
            size_t fl = strlen(fr[j]);
            if (len + fl + 2 > cap) {
                char *nk = realloc(key, 2 * cap + fl);
                if (!nk) {
                    ok = false;
                    break;
                }
                key = nk;
                cap = 2 * cap + fl;
            }
            if (j)
                key[len++] = ';';
            memcpy(key + len, fr[j], fl + 1);
            len += fl;
        }
        ok = ok && agg_add(&stacks, key, r->pf.at[k].count);
    }
    free(key);
    if (!ok) {
        cli_error("report: out of memory");
        agg_free(&stacks);
        return CLI_EXIT_USAGE;
    }
    agg_merge(&stacks);
    for (size_t k = 0; k < stacks.n; k++)
        if (stacks.a[k].count[e])
            printf("%s %llu\n", stacks.a[k].key, (unsigned long long)stacks.a[k].count[e]);
    agg_free(&stacks);
    return CLI_EXIT_OK;
}

/* ---- Callgrind ---- */

typedef struct cg_edge {
    uint64_t site, callee, calls;
    uint64_t *incl;
} cg_edge_t;

static int cmp_pc_by_fn(const void *a, const void *b)
{
    const pc_info_t *x = *(const pc_info_t *const *)a, *y = *(const pc_info_t *const *)b;
    if (x->fn_start != y->fn_start)
        return x->fn_start < y->fn_start ? -1 : 1;
    return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static int cmp_edge(const void *a, const void *b)
{
    const cg_edge_t *x = a, *y = b;
    if (x->site != y->site)
        return x->site < y->site ? -1 : 1;
    return x->callee < y->callee ? -1 : x->callee > y->callee;
}

/* A function's file as callgrind names it: the source of its entry, the same in fl= and cfl=. */
static const char *cg_file(report_t *r, uint64_t fn_start)
{
    const char *file;
    int line;
    return prof_syms_line(r->syms, fn_start, &file, &line) ? file : NULL;
}

static void cg_position(FILE *f, const char *tag, const char *file, const char *fn)
{
    fprintf(f, "%s=%s\n", tag, file ? file : "???");
    fprintf(f, "%s=%s\n", tag[0] == 'c' ? "cfn" : "fn", fn_name(fn));
}

static int report_callgrind(report_t *r, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return CLI_EXIT_USAGE;
    }
    unsigned ne = r->n_ev;
    size_t np = r->n_pcs;
    uint32_t nc = r->pf.n_ctx;
    uint64_t *self = calloc(np * ne + 1, sizeof *self);         /* per pc, all contexts */
    uint64_t *incl = calloc((size_t)nc * ne + 1, sizeof *incl); /* per context, its subtree */
    const pc_info_t **order = malloc((np + 1) * sizeof *order);
    cg_edge_t *edges = calloc(nc + 1, sizeof *edges);
    if (!self || !incl || !order || !edges) {
        cli_error("report: out of memory");
        fclose(f);
        free(self);
        free(incl);
        free(order);
        free(edges);
        return CLI_EXIT_USAGE;
    }
    for (size_t k = 0; k < r->pf.n_at; k++)
        for (unsigned e = 0; e < ne; e++) {
            self[r->at_pc[k] * ne + e] += r->pf.at[k].count[e];
            incl[(size_t)r->pf.at[k].ctx * ne + e] += r->pf.at[k].count[e];
        }
    for (uint32_t n = nc; n-- > 1;) /* children have larger ids than their parents */
        for (unsigned e = 0; e < ne; e++)
            incl[(size_t)r->pf.ctx[n].parent * ne + e] += incl[(size_t)n * ne + e];
    size_t n_edges = 0;
    for (uint32_t n = 1; n < nc; n++)
        edges[n_edges++] =
            (cg_edge_t){ r->pf.ctx[n].site, r->pf.ctx[n].callee, r->pf.ctx[n].calls, incl + (size_t)n * ne };
    qsort(edges, n_edges, sizeof *edges, cmp_edge);

    fprintf(f, "# callgrind format\nversion: 1\ncreator: pmusim\ncmd: %s\npositions: instr line\nevents:",
            r->pf.program);
    for (unsigned e = 0; e < ne; e++)
        fprintf(f, " %s", r->pf.event[e]);
    fputs("\nsummary:", f);
    for (unsigned e = 0; e < ne; e++)
        fprintf(f, " %llu", (unsigned long long)r->pf.total[e]);
    fprintf(f, "\n\nob=%s\n", r->pf.program);

    for (size_t k = 0; k < np; k++)
        order[k] = &r->pcs[k];
    qsort(order, np, sizeof *order, cmp_pc_by_fn);
    for (size_t k = 0; k < np;) {
        size_t end = k;
        while (end < np && order[end]->fn_start == order[k]->fn_start &&
               (order[k]->fn || order[end] == order[k]))
            end++;
        fputc('\n', f);
        cg_position(f, "fl", order[k]->fn ? cg_file(r, order[k]->fn_start) : order[k]->file, order[k]->fn);
        for (size_t j = k; j < end; j++) {
            const pc_info_t *p = order[j];
            size_t idx = (size_t)(p - r->pcs);
            fprintf(f, "0x%llx %d", (unsigned long long)p->pc, p->line);
            for (unsigned e = 0; e < ne; e++)
                fprintf(f, " %llu", (unsigned long long)self[idx * ne + e]);
            fputc('\n', f);
        }
        /* calls made from this function: merged per call site and callee */
        for (size_t a = 0; a < n_edges;) {
            size_t b = a;
            uint64_t calls = 0;
            uint64_t sum[PROF_FILE_MAX_EVENTS] = { 0 };
            while (b < n_edges && edges[b].site == edges[a].site && edges[b].callee == edges[a].callee) {
                calls += edges[b].calls;
                for (unsigned e = 0; e < ne; e++)
                    sum[e] += edges[b].incl[e];
                b++;
            }
            uint64_t site_fn;
            const char *sfn = prof_syms_function(r->syms, edges[a].site, &site_fn);
            bool here = order[k]->fn ? sfn && site_fn == order[k]->fn_start : false;
            if (here) {
                uint64_t cstart;
                const char *cfn = prof_syms_function(r->syms, edges[a].callee, &cstart);
                const char *cfile = cfn ? cg_file(r, cstart) : NULL, *sfile, *centry;
                int cline = 0, sline = 0;
                if (!prof_syms_line(r->syms, edges[a].callee, &centry, &cline))
                    cline = 0;
                if (!prof_syms_line(r->syms, edges[a].site, &sfile, &sline))
                    sline = 0;
                fprintf(f, "cob=%s\n", r->pf.program);
                cg_position(f, "cfl", cfile, cfn);
                fprintf(f, "calls=%llu 0x%llx %d\n0x%llx %d", (unsigned long long)calls,
                        (unsigned long long)edges[a].callee, cline, (unsigned long long)edges[a].site, sline);
                for (unsigned e = 0; e < ne; e++)
                    fprintf(f, " %llu", (unsigned long long)sum[e]);
                fputc('\n', f);
            }
            a = b;
        }
        k = end;
    }
    int status = CLI_EXIT_OK;
    if (fflush(f) != 0 || ferror(f)) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        status = CLI_EXIT_USAGE;
    }
    fclose(f);
    free(self);
    free(incl);
    free(order);
    free(edges);
    return status;
}

int cmd_report(int argc, char **argv)
{
    const char *input = "pmusim.data", *event = NULL, *callgrind = NULL, *symbols = NULL;
    bool folded = false;
    uint64_t top = 10;
    cli_parser_t p;
    int id;
    cli_parser_init(&p, "report", argc, argv);
    while ((id = cli_parser_next(&p, report_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: return CLI_EXIT_USAGE;
        case REP_OPT_HELP: report_usage(stdout); return CLI_EXIT_OK;
        case REP_OPT_INPUT: input = p.value; break;
        case REP_OPT_EVENT: event = p.value; break;
        case REP_OPT_TOP:
            if (!cli_parse_u64(p.value, &top) || top == 0) {
                cli_error("report: bad -n '%s': expected a number of lines (at least 1)", p.value);
                return CLI_EXIT_USAGE;
            }
            break;
        case REP_OPT_CALLGRIND: callgrind = p.value; break;
        case REP_OPT_FOLDED: folded = true; break;
        case REP_OPT_SYMBOLS: symbols = p.value; break;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (p.next < argc) {
        cli_error("report: unexpected argument '%s'; the profile is given with -i FILE", argv[p.next]);
        return CLI_EXIT_USAGE;
    }
    if (callgrind && folded) {
        cli_error("report: --callgrind and --folded cannot be used together");
        return CLI_EXIT_USAGE;
    }
    report_t r;
    if (!report_load(&r, input, symbols)) {
        report_free(&r);
        return CLI_EXIT_BAD_INPUT;
    }
    int only = -1;
    if (event) {
        for (unsigned e = 0; e < r.n_ev && only < 0; e++)
            if (strcmp(r.pf.event[e], event) == 0)
                only = (int)e;
        if (only < 0) {
            cli_error("report: %s has no event '%s'", input, event);
            report_free(&r);
            return CLI_EXIT_USAGE;
        }
    }
    int status;
    const char *inputs[] = { input, r.pf.program };
    if (callgrind && cli_output_is_input("report", callgrind, inputs, sizeof inputs / sizeof inputs[0]))
        status = CLI_EXIT_USAGE;
    else if (callgrind)
        status = report_callgrind(&r, callgrind);
    else if (folded)
        status = report_folded(&r, only < 0 ? 0 : (unsigned)only);
    else
        status = report_text(&r, only, (unsigned)(top > 1000000 ? 1000000 : top));
    report_free(&r);
    return status;
}
