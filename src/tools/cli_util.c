/* Helpers shared by the pmusim subcommands. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "machine/machine.h"
#include "session/session.h"
#include "session/suggest.h"
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

static void cli_diag_report(void *ctx, const char *msg)
{
    (void)ctx;
    cli_error("%s", msg);
}

const diag_t cli_diag = { cli_diag_report, NULL };

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

/* ---- suggestions and machines: session/suggest.c, session/machine_spec.c ------------------- */

size_t cli_edit_distance(const char *a, const char *b)
{
    return suggest_edit_distance(a, b);
}

const char *cli_suggest(const char *word, const char *const *cands, size_t n)
{
    return suggest_closest(word, cands, n);
}

const machine_desc_t *cli_find_machine(const char *spec, machine_opts_t *opts)
{
    return session_find_machine(&cli_diag, spec, opts);
}

const char *cli_mcause_name(uint64_t mcause, unsigned xlen)
{
    return session_mcause_name(mcause, xlen);
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
