/* Helpers shared by the pmusim subcommands. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "machine/machine.h"
#include "tools/cli_util.h"

void cli_print_exit_statuses(FILE *out)
{
    fputs("Exit status:\n"
          "  0-255  the guest's own exit code (modulo 256) when it exits; besides:\n"
          "  123    the guest cannot continue (trap loop, wfi or firmware halt nothing can wake)\n"
          "  124    stopped by --max-insns\n"
          "  125    usage error: bad option or value, unknown command or machine; counts not written\n"
          "  126    the program file cannot be loaded (missing, unreadable, not a suitable ELF), or\n"
          "         it has no begin_signature/end_signature for --signature\n"
          "  130    interrupted (Ctrl-C)\n",
          out);
}

static void diag_stderr(void *ctx, const char *fmt, va_list ap)
{
    (void)ctx;
    vfprintf(stderr, fmt, ap);
}

const diag_sink_t cli_diag_stderr = { diag_stderr, NULL };

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* keep guest output and messages in order on a shared terminal */
    fputs("pmusim: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- options ---------------------------------------------------------------------------------- */

void cli_parser_init(cli_parser_t *p, const char *cmd, int argc, char **argv)
{
    *p = (cli_parser_t){ .cmd = cmd, .argc = argc, .argv = argv, .next = 1 };
}

static const cli_option_t *cli_option_long(const cli_option_t *opts, const char *name, size_t len)
{
    for (const cli_option_t *o = opts; o->id; o++)
        if (o->name && strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

static const cli_option_t *cli_option_short(const cli_option_t *opts, char c)
{
    for (const cli_option_t *o = opts; o->id; o++)
        if (o->short_name && o->short_name == c)
            return o;
    return NULL;
}

static void cli_unknown_long(const cli_parser_t *p, const cli_option_t *opts, const char *name, size_t len)
{
    const char *cands[64];
    size_t n = 0;
    char *word = strndup(name, len);
    for (const cli_option_t *o = opts; o->id && n < 64; o++)
        if (o->name)
            cands[n++] = o->name;
    const char *best = word ? cli_suggest(word, cands, n) : NULL;
    if (best)
        cli_error("%s: unknown option '--%.*s' (did you mean '--%s'?)", p->cmd, (int)len, name, best);
    else
        cli_error("%s: unknown option '--%.*s'; see 'pmusim %s --help'", p->cmd, (int)len, name, p->cmd);
    free(word);
}

/* The option's spelling for messages: "--name" or "-x". */
static void cli_option_spelling(const cli_option_t *o, bool as_long, char *buf, size_t size)
{
    if (as_long)
        snprintf(buf, size, "--%s", o->name);
    else
        snprintf(buf, size, "-%c", o->short_name);
}

int cli_parser_next(cli_parser_t *p, const cli_option_t *opts)
{
    char spelled[64];
    p->value = NULL;

    if (p->cluster && *p->cluster) {
        /* inside "-abc": the next short option */
        const char *c = p->cluster;
        const cli_option_t *o = cli_option_short(opts, *c);
        if (!o) {
            cli_error("%s: unknown option '-%c'; see 'pmusim %s --help'", p->cmd, *c, p->cmd);
            return CLI_OPT_ERROR;
        }
        p->cluster = c + 1;
        if (o->arg) {
            if (*p->cluster) {
                p->value = p->cluster; /* -Mvirt32 */
            } else if (p->next < p->argc) {
                p->value = p->argv[p->next++]; /* -M virt32 */
            } else {
                cli_option_spelling(o, false, spelled, sizeof(spelled));
                cli_error("%s: option '%s' needs a value (%s)", p->cmd, spelled, o->arg);
                return CLI_OPT_ERROR;
            }
            p->cluster = NULL;
        }
        return o->id;
    }
    p->cluster = NULL;

    if (p->next >= p->argc)
        return CLI_OPT_DONE;
    const char *a = p->argv[p->next];
    if (a[0] != '-' || a[1] == 0)
        return CLI_OPT_DONE; /* an operand ("-" alone is one too) */
    p->next++;
    if (strcmp(a, "--") == 0)
        return CLI_OPT_DONE;

    if (a[1] != '-') {
        /* QEMU's spelling of a long option with one dash (-bios, -kernel, -dtb) */
        static const char *const qemu_single_dash[] = { "bios", "kernel", "initrd", "dtb", "append" };
        const cli_option_t *q = NULL;
        for (size_t k = 0; k < sizeof(qemu_single_dash) / sizeof(qemu_single_dash[0]); k++)
            if (strcmp(a + 1, qemu_single_dash[k]) == 0)
                q = cli_option_long(opts, a + 1, strlen(a + 1));
        if (q) {
            if (!q->arg)
                return q->id;
            if (p->next >= p->argc) {
                cli_error("%s: option '%s' needs a value (%s)", p->cmd, a, q->arg);
                return CLI_OPT_ERROR;
            }
            p->value = p->argv[p->next++];
            return q->id;
        }
        p->cluster = a + 1;
        return cli_parser_next(p, opts);
    }

    const char *name = a + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_option_t *o = cli_option_long(opts, name, len);
    if (!o) {
        cli_unknown_long(p, opts, name, len);
        return CLI_OPT_ERROR;
    }
    cli_option_spelling(o, true, spelled, sizeof(spelled));
    if (!o->arg) {
        if (eq) {
            cli_error("%s: option '%s' takes no value", p->cmd, spelled);
            return CLI_OPT_ERROR;
        }
        return o->id;
    }
    if (eq) {
        p->value = eq + 1;
    } else if (p->next < p->argc) {
        p->value = p->argv[p->next++];
    } else {
        cli_error("%s: option '%s' needs a value (%s)", p->cmd, spelled, o->arg);
        return CLI_OPT_ERROR;
    }
    return o->id;
}

void cli_print_options(FILE *out, const cli_option_t *opts)
{
    for (const cli_option_t *o = opts; o->id; o++) {
        char left[80];
        int n;
        if (o->short_name && o->name)
            n = snprintf(left, sizeof(left), "  -%c, --%s", o->short_name, o->name);
        else if (o->short_name)
            n = snprintf(left, sizeof(left), "  -%c", o->short_name);
        else
            n = snprintf(left, sizeof(left), "      --%s", o->name);
        if (o->arg && n > 0 && (size_t)n < sizeof(left))
            n += snprintf(left + n, sizeof(left) - (size_t)n, " %s", o->arg);
        fprintf(out, "%s%*s%s\n", left, n < 26 ? 26 - n : 1, "", o->help);
    }
}

/* ---- values ----------------------------------------------------------------------------------- */

/* Parses the leading integer of s (decimal or 0x-hex); *end points past it. */
static bool cli_parse_leading_u64(const char *s, uint64_t *out, const char **end)
{
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!isxdigit((unsigned char)*s) || (base == 10 && !isdigit((unsigned char)*s)))
        return false;
    errno = 0;
    char *e;
    unsigned long long v = strtoull(s, &e, base);
    if (errno == ERANGE)
        return false;
    *out = v;
    *end = e;
    return true;
}

bool cli_parse_u64(const char *s, uint64_t *out)
{
    const char *end;
    uint64_t v;
    if (!cli_parse_leading_u64(s, &v, &end) || *end)
        return false;
    *out = v;
    return true;
}

bool cli_parse_size(const char *s, uint64_t *out)
{
    const char *end;
    uint64_t v;
    unsigned shift = 0;
    if (!cli_parse_leading_u64(s, &v, &end))
        return false;
    switch (toupper((unsigned char)*end)) {
    case 0: break;
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    default: return false;
    }
    if (*end) {
        end++;
        /* optional "B" or "iB" after the multiplier */
        if (*end == 'i' && end[1] == 'B')
            end += 2;
        else if (*end == 'B' || *end == 'b')
            end++;
        if (*end)
            return false;
    }
    if (shift && v > (UINT64_MAX >> shift))
        return false;
    *out = v << shift;
    return true;
}

/* ---- suggestions ------------------------------------------------------------------------------ */

size_t cli_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    /* three rows of the dynamic-programming table: i-2, i-1, i */
    size_t *row = calloc(3 * (lb + 1), sizeof(*row));
    if (!row)
        return la > lb ? la : lb;
    size_t *pp = row, *prev = row + lb + 1, *cur = row + 2 * (lb + 1);

    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t d = prev[j] + 1; /* deletion */
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1; /* insertion */
            if (prev[j - 1] + cost < d)
                d = prev[j - 1] + cost; /* substitution */
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
                d = pp[j - 2] + 1; /* adjacent swap */
            cur[j] = d;
        }
        size_t *t = pp;
        pp = prev;
        prev = cur;
        cur = t;
    }
    size_t d = prev[lb];
    free(row);
    return d;
}

const char *cli_suggest(const char *word, const char *const *cands, size_t n)
{
    size_t len = strlen(word);
    /* a typo is at most a third of the word, and at least one edit is allowed */
    size_t limit = len / 3 > 1 ? len / 3 : 1;
    const char *best = NULL;
    size_t best_d = SIZE_MAX;

    for (size_t i = 0; i < n; i++) {
        size_t d = cli_edit_distance(word, cands[i]);
        if (d < best_d) {
            best_d = d;
            best = cands[i];
        }
    }
    if (best && best_d <= limit)
        return best;
    /* an abbreviation: "veer" for "veer-el2" */
    if (len >= 2)
        for (size_t i = 0; i < n; i++)
            if (strncmp(cands[i], word, len) == 0)
                return cands[i];
    return NULL;
}

/* ---- machines --------------------------------------------------------------------------------- */

/* "a, b, c": names joined for a message (cut short if buf is too small). */
static const char *cli_join_names(const char *const *names, size_t n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t k = 0; k < n; k++) {
        int w = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", names[k]);
        if (w > 0 && (size_t)w < size - used)
            used += (size_t)w;
    }
    return buf;
}

static const machine_desc_t *cli_find_machine_name(const char *name)
{
    const machine_desc_t *d = machine_find(name);
    if (d)
        return d;

    const char *cands[32];
    char all[512];
    size_t n = 0;
    for (const machine_desc_t *const *p = machine_list(); *p && n < 32; p++)
        cands[n++] = (*p)->name;
    cli_join_names(cands, n, all, sizeof(all));
    const char *best = cli_suggest(name, cands, n);
    if (best)
        cli_error("unknown machine '%s'; did you mean '%s'? (machines: %s)", name, best, all);
    else
        cli_error("unknown machine '%s' (machines: %s)", name, all);
    return NULL;
}

/* Applies one `key=value` of -M to opts. */
static bool cli_machine_option(const machine_desc_t *d, const char *item, machine_opts_t *opts)
{
    char key[64];
    const char *eq = strchr(item, '=');
    size_t klen = eq ? (size_t)(eq - item) : strlen(item);
    if (klen == 0 || klen >= sizeof(key)) {
        cli_error("-M %s: bad option '%s': expected KEY=VALUE", d->name, item);
        return false;
    }
    memcpy(key, item, klen);
    key[klen] = 0;
    const machine_param_t *p = machine_find_param(d, key);
    if (!p) {
        const char *cands[32] = { 0 };
        char all[256];
        size_t n = 0;
        for (const machine_param_t *q = d->params; q && q->key && n < 32; q++)
            cands[n++] = q->key;
        cli_join_names(cands, n, all, sizeof(all));
        const char *best = cli_suggest(key, cands, n);
        if (!n)
            cli_error("-M %s: unknown option '%s': machine %s has no options", d->name, key, d->name);
        else if (best)
            cli_error("-M %s: unknown option '%s'; did you mean '%s'? (options: %s)", d->name, key, best,
                      all);
        else
            cli_error("-M %s: unknown option '%s' (options: %s)", d->name, key, all);
        return false;
    }
    if (!eq || !p->set(opts, eq + 1)) {
        cli_error("-M %s: bad value '%s' for %s: expected %s", d->name, eq ? eq + 1 : "", key, p->values);
        return false;
    }
    return true;
}

const machine_desc_t *cli_find_machine(const char *spec, machine_opts_t *opts)
{
    char name[64];
    const char *comma = strchr(spec, ',');
    size_t nlen = comma ? (size_t)(comma - spec) : strlen(spec);
    if (nlen >= sizeof(name))
        nlen = sizeof(name) - 1;
    memcpy(name, spec, nlen);
    name[nlen] = 0;
    const machine_desc_t *d = cli_find_machine_name(name);
    if (!d || !comma)
        return d;

    machine_opts_t scratch = { 0 };
    if (!opts)
        opts = &scratch;
    char *items = strdup(comma + 1), *save = NULL;
    if (!items) {
        cli_error("out of memory");
        return NULL;
    }
    bool ok = true;
    for (char *item = strtok_r(items, ",", &save); item && ok; item = strtok_r(NULL, ",", &save))
        ok = cli_machine_option(d, item, opts);
    free(items);
    char why[256];
    const char *bad = ok ? machine_check_opts(d, opts, why, sizeof why) : NULL;
    if (bad) {
        cli_error("-M %s: impossible configuration: %s", spec, bad);
        return NULL;
    }
    return ok ? d : NULL;
}

const char *cli_mcause_name(uint64_t mcause, unsigned xlen)
{
    static const char *const exc[] = {
        [0] = "instruction address misaligned",
        [1] = "instruction access fault",
        [2] = "illegal instruction",
        [3] = "breakpoint",
        [4] = "load address misaligned",
        [5] = "load access fault",
        [6] = "store/AMO address misaligned",
        [7] = "store/AMO access fault",
        [8] = "environment call from U-mode",
        [9] = "environment call from S-mode",
        [11] = "environment call from M-mode",
        [12] = "instruction page fault",
        [13] = "load page fault",
        [15] = "store/AMO page fault",
        [18] = "software check",
        [19] = "hardware error",
    };
    static const char *const irq[] = {
        [1] = "supervisor software interrupt", [3] = "machine software interrupt",
        [5] = "supervisor timer interrupt",    [7] = "machine timer interrupt",
        [9] = "supervisor external interrupt", [11] = "machine external interrupt",
        [13] = "counter overflow interrupt",
    };
    uint64_t intr_bit = (uint64_t)1 << (xlen - 1);
    uint64_t code = mcause & ~intr_bit;

    if (mcause & intr_bit)
        return code < sizeof(irq) / sizeof(irq[0]) ? irq[code] : NULL;
    return code < sizeof(exc) / sizeof(exc[0]) ? exc[code] : NULL;
}

bool cli_output_is_input(const char *cmd, const char *out, const char *const *inputs, size_t n_inputs)
{
    struct stat so, si;
    if (!out || stat(out, &so) != 0)
        return false; /* an output that does not exist yet is no input */
    for (size_t k = 0; k < n_inputs; k++) {
        if (inputs[k] && stat(inputs[k], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino) {
            cli_error("%s: input file '%s' is the same as output file '%s'", cmd, inputs[k], out);
            return true;
        }
    }
    return false;
}
