/* Profile files and program symbols (tools/prof_file.h). */
#include "tools/prof_file.h"

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli_util.h"

/* ---- Reading ----
 *
 * The reader accepts exactly what `record` writes and nothing else: the lines in their order, one
 * space between fields, numbers in their canonical form (decimal counts without sign or leading
 * zero, lowercase hexadecimal addresses), every line ended by a newline, and the `end` line last,
 * whose counts of lines and sums of counts must agree with what came before. A file cut off
 * anywhere, edited by hand into something else, or of another version is refused with the line
 * where it stops making sense. */

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static bool bad(const char *path, unsigned long line, const char *what, const char *arg)
{
    cli_error("%s:%lu: bad profile: %s%s", path, line, what, arg ? arg : "");
    return false;
}

/* A decimal count: digits only, no leading zero, at most 2^64 - 1. */
static bool parse_dec(const char *s, uint64_t *v)
{
    if (!*s || (s[0] == '0' && s[1]))
        return false;
    uint64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return false;
        x = x * 10 + d;
    }
    *v = x;
    return true;
}
/* A lowercase hexadecimal address: no leading zero, at most 16 digits. */
static bool parse_hex(const char *s, uint64_t *v)
{
    size_t n = strlen(s);
    if (!n || n > 16 || (s[0] == '0' && s[1]))
        return false;
    uint64_t x = 0;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (*s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else
            return false;
        x = x << 4 | d;
    }
    *v = x;
    return true;
}

/* Splits s at single spaces into at most max fields; -1 for an empty field (two spaces, a space
 * at either end), -2 for more than max fields. */
static int split(char *s, char **field, int max)
{
    int n = 0;
    for (;;) {
        if (n == max)
            return -2;
        field[n++] = s;
        char *sp = strchr(s, ' ');
        if (sp)
            *sp = 0;
        if (!*s)
            return -1;
        if (!sp)
            return n;
        s = sp + 1;
    }
}

/* where the reader is: the header's lines one by one, then the sections */
enum read_state {
    RD_VERSION,
    RD_PROGRAM,
    RD_MACHINE,
    RD_MODE,
    RD_CALLCHAINS,
    RD_EVENTS,
    RD_CTX,
    RD_AT,
    RD_END
};

#define MAX_FIELDS (3 + PROF_FILE_MAX_EVENTS + 1)

/* One line (without its newline) in state *st; false after the message. */
static bool read_line(prof_file_t *pf, const char *path, unsigned long ln, char *buf, enum read_state *st,
                      size_t *cap_at, uint64_t *sum, bool *ended)
{
    static const char *const header[] = { "pmusim-profile", "program", "machine", "mode", "callchains" };
    if (*st == RD_VERSION) {
        if (strcmp(buf, "pmusim-profile " PROF_FILE_VERSION) == 0) {
            *st = RD_PROGRAM;
            return true;
        }
        if (strncmp(buf, "pmusim-profile ", 15) == 0) {
            cli_error("%s:1: a profile of version '%s'; this pmusim reads version " PROF_FILE_VERSION
                      " (record it again)",
                      path, buf + 15);
            return false;
        }
        cli_error("%s:1: not a pmusim profile (the first line is not 'pmusim-profile " PROF_FILE_VERSION "')",
                  path);
        return false;
    }
    if (*st == RD_PROGRAM) { /* the rest of the line, spaces included, is the path */
        if (strncmp(buf, "program ", 8) != 0 || !buf[8])
            return bad(path, ln, "expected 'program PATH'", NULL);
        pf->program = dup_str(buf + 8);
        *st = RD_MACHINE;
        return pf->program || bad(path, ln, "out of memory", NULL);
    }
    char *f[MAX_FIELDS];
    int n = split(buf, f, MAX_FIELDS);
    if (n == -2)
        return bad(path, ln, "too many fields", NULL);
    if (n < 0)
        return bad(path, ln, "fields must be separated by single spaces, without spaces at either end", NULL);
    if (*st <= RD_CALLCHAINS && strcmp(f[0], header[*st]) != 0) {
        cli_error("%s:%lu: bad profile: expected the '%s' line, not '%s'", path, ln, header[*st], f[0]);
        return false;
    }
    uint64_t v;
    switch (*st) {
    case RD_MACHINE:
        if (n != 2)
            return bad(path, ln, "expected 'machine NAME'", NULL);
        pf->machine = dup_str(f[1]);
        *st = RD_MODE;
        return pf->machine || bad(path, ln, "out of memory", NULL);
    case RD_MODE:
        if (n == 2 && strcmp(f[1], "exact") == 0)
            pf->sampled = false;
        else if (n == 3 && strcmp(f[1], "sample") == 0 && parse_dec(f[2], &v) && v)
            pf->sampled = true, pf->period = v;
        else
            return bad(path, ln, "expected 'mode exact' or 'mode sample N' (N at least 1)", NULL);
        *st = RD_CALLCHAINS;
        return true;
    case RD_CALLCHAINS:
        if (n != 2 || (strcmp(f[1], "0") != 0 && strcmp(f[1], "1") != 0))
            return bad(path, ln, "expected 'callchains 0' or 'callchains 1'", NULL);
        pf->callchains = f[1][0] == '1';
        if (pf->callchains && pf->sampled)
            return bad(path, ln, "a sampled profile has no call chains", NULL);
        *st = RD_EVENTS;
        return true;
    default: break;
    }
    if (*st == RD_END)
        return bad(path, ln, "a line after the 'end' line", NULL);
    if (strcmp(f[0], "event") == 0) {
        if (*st != RD_EVENTS)
            return bad(path, ln, "an 'event' line after the contexts or counts", NULL);
        if (n != 3 || !parse_dec(f[2], &v))
            return bad(path, ln, "expected 'event NAME TOTAL'", NULL);
        if (pf->n_events == PROF_FILE_MAX_EVENTS)
            return bad(path, ln, "more than " PROF_FILE_MAX_EVENTS_STR " events", NULL);
        if (!(pf->event[pf->n_events] = dup_str(f[1])))
            return bad(path, ln, "out of memory", NULL);
        pf->total[pf->n_events++] = v;
        return true;
    }
    if (*st == RD_EVENTS && pf->n_events == 0)
        return bad(path, ln, "expected an 'event' line", NULL);
    if (strcmp(f[0], "ctx") == 0) {
        uint64_t id, parent, callee, site, calls;
        if (*st != RD_EVENTS && *st != RD_CTX)
            return bad(path, ln, "a 'ctx' line after the counts", NULL);
        if (!pf->callchains)
            return bad(path, ln, "a 'ctx' line in a profile without call chains", NULL);
        if (n != 6 || !parse_dec(f[1], &id) || !parse_dec(f[2], &parent) || !parse_hex(f[3], &callee) ||
            !parse_hex(f[4], &site) || !parse_dec(f[5], &calls))
            return bad(path, ln, "expected 'ctx ID PARENT CALLEE SITE CALLS'", NULL);
        uint32_t next = pf->n_ctx ? pf->n_ctx : 1;
        if (id != next || parent >= id)
            return bad(path, ln, "contexts must be numbered 1, 2, ... and come after their parent", NULL);
        if (next == UINT32_MAX)
            return bad(path, ln, "too many contexts", NULL);
        if ((next & (next - 1)) == 0) { /* a power of two: room for 2 x next */
            prof_file_ctx_t *c = realloc(pf->ctx, 2 * (size_t)next * sizeof *c);
            if (!c)
                return bad(path, ln, "out of memory", NULL);
            pf->ctx = c;
        }
        pf->ctx[0] = (prof_file_ctx_t){ 0, 0, 0, 0 };
        pf->ctx[next] = (prof_file_ctx_t){ (uint32_t)parent, callee, site, calls };
        pf->n_ctx = next + 1;
        *st = RD_CTX;
        return true;
    }
    if (strcmp(f[0], "at") == 0) {
        uint64_t ctx, pc;
        if (n != 3 + (int)pf->n_events || !parse_dec(f[1], &ctx) || !parse_hex(f[2], &pc)) {
            cli_error("%s:%lu: bad profile: expected 'at CTX PC' and %u counts", path, ln, pf->n_events);
            return false;
        }
        if (pf->n_ctx ? ctx >= pf->n_ctx : ctx != 0)
            return bad(path, ln, "an 'at' line of a context that does not exist", NULL);
        uint64_t *count = malloc(pf->n_events * sizeof *count);
        if (!count)
            return bad(path, ln, "out of memory", NULL);
        for (unsigned k = 0; k < pf->n_events; k++)
            if (!parse_dec(f[3 + k], &count[k])) {
                free(count);
                return bad(path, ln, "a count that is not a number (digits, at most 2^64 - 1): ", f[3 + k]);
            }
        if (pf->n_at == *cap_at) {
            size_t cap = *cap_at ? 2 * *cap_at : 4096;
            prof_file_at_t *a = realloc(pf->at, cap * sizeof *a);
            if (!a) {
                free(count);
                return bad(path, ln, "out of memory", NULL);
            }
            pf->at = a;
            *cap_at = cap;
        }
        for (unsigned k = 0; k < pf->n_events; k++)
            sum[k] += count[k]; /* modulo 2^64, as the writer sums them */
        pf->at[pf->n_at++] = (prof_file_at_t){ (uint32_t)ctx, pc, count };
        *st = RD_AT;
        return true;
    }
    if (strcmp(f[0], "end") == 0) {
        uint64_t n_ctx, n_at;
        if (n != 3 + (int)pf->n_events || !parse_dec(f[1], &n_ctx) || !parse_dec(f[2], &n_at)) {
            cli_error("%s:%lu: bad profile: expected 'end CONTEXTS RECORDS' and %u sums", path, ln,
                      pf->n_events);
            return false;
        }
        if (n_ctx != (pf->n_ctx ? pf->n_ctx - 1 : 0) || n_at != pf->n_at)
            return bad(path, ln, "the 'end' line counts other 'ctx' or 'at' lines than the file has", NULL);
        for (unsigned k = 0; k < pf->n_events; k++)
            if (!parse_dec(f[3 + k], &v) || v != sum[k])
                return bad(path, ln, "the 'end' line's sum differs from the counts of event ", pf->event[k]);
        *st = RD_END;
        *ended = true;
        return true;
    }
    return bad(path, ln, "unknown line ", f[0]);
}

bool prof_file_read(prof_file_t *pf, const char *path)
{
    memset(pf, 0, sizeof *pf);
    FILE *f = fopen(path, "r");
    if (!f) {
        cli_error("%s: cannot read the profile: %s", path, strerror(errno));
        return false;
    }
    char *buf = NULL;
    size_t cap = 0, cap_at = 0;
    unsigned long lineno = 0;
    uint64_t sum[PROF_FILE_MAX_EVENTS] = { 0 };
    enum read_state st = RD_VERSION;
    bool ok = true, ended = false;
    ssize_t len;
    while (ok && (len = getline(&buf, &cap, f)) >= 0) {
        lineno++;
        if (lineno == 1 && strncmp(buf, "pmusim-profile ", 15) != 0) {
            cli_error("%s:1: not a pmusim profile (the first line is not 'pmusim-profile " PROF_FILE_VERSION
                      "')",
                      path);
            ok = false;
        } else if (!len || buf[len - 1] != '\n')
            ok = bad(path, lineno, "the last line is cut off (no newline): the file is truncated", NULL);
        else if (strlen(buf) != (size_t)len)
            ok = bad(path, lineno, "a NUL byte in the line", NULL);
        else {
            buf[len - 1] = 0;
            ok = read_line(pf, path, lineno, buf, &st, &cap_at, sum, &ended);
        }
    }
    if (ok && ferror(f)) {
        cli_error("%s: cannot read the profile: %s", path, strerror(errno));
        ok = false;
    }
    if (ok && lineno == 0) {
        cli_error("%s: not a pmusim profile: the file is empty", path);
        ok = false;
    } else if (ok && !ended) {
        ok = bad(path, lineno + 1, "the file ends before its 'end' line: it is truncated", NULL);
    }
    if (ok && pf->n_ctx == 0) {
        pf->ctx = calloc(1, sizeof *pf->ctx);
        pf->n_ctx = 1;
        ok = pf->ctx != NULL || bad(path, lineno, "out of memory", NULL);
    }
    free(buf);
    fclose(f);
    if (!ok)
        prof_file_free(pf);
    return ok;
}

void prof_file_free(prof_file_t *pf)
{
    free(pf->program);
    free(pf->machine);
    for (unsigned k = 0; k < pf->n_events; k++)
        free(pf->event[k]);
    for (size_t k = 0; k < pf->n_at; k++)
        free(pf->at[k].count);
    free(pf->at);
    free(pf->ctx);
    memset(pf, 0, sizeof *pf);
}

/* ---- Symbols ---- */

struct prof_syms {
    Dwfl *dwfl;
    Dwfl_Module *mod;
};

static const Dwfl_Callbacks prof_dwfl_callbacks = {
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

/* NULL after a message when the program cannot be read. */
static prof_syms_t *prof_syms_open(const char *path)
{
    prof_syms_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->dwfl = dwfl_begin(&prof_dwfl_callbacks);
    if (s->dwfl)
        s->mod = dwfl_report_offline(s->dwfl, "", path, -1);
    if (!s->mod) {
        cli_error("%s: cannot read the program's symbols: %s", path, dwfl_errmsg(-1));
        prof_syms_close(s);
        return NULL;
    }
    dwfl_report_end(s->dwfl, NULL, NULL);
    return s;
}

prof_syms_t *prof_file_syms(prof_file_t *pf, const char *symbols, const char *cmd)
{
    if (symbols) {
        char *p = dup_str(symbols);
        if (!p) {
            cli_error("%s: out of memory", cmd);
            return NULL;
        }
        free(pf->program);
        pf->program = p;
    }
    prof_syms_t *s = prof_syms_open(pf->program);
    if (!s && !symbols)
        cli_error("%s: an ELF file with the program's symbols can be given with --symbols FILE (for "
                  "a Linux Image: its vmlinux)",
                  cmd);
    return s;
}

void prof_syms_close(prof_syms_t *s)
{
    if (!s)
        return;
    if (s->dwfl)
        dwfl_end(s->dwfl);
    free(s);
}

/* ELF mapping symbols ($x, $d, $x<isa>: where code, data or an ISA change starts) name no
 * function; perf and binutils never show them. */
static bool mapping_symbol(const char *name)
{
    return name && name[0] == '$' && (name[1] == 'x' || name[1] == 'd');
}

/* The symbol for pc without mapping symbols: one whose extent holds pc, else the nearest one at or
 * below it (an assembly label has no size); NULL if none. */
static const char *symbol_at(prof_syms_t *s, uint64_t pc, uint64_t *start)
{
    const char *best = NULL;
    GElf_Addr best_addr = 0;
    bool best_holds = false;
    int n = dwfl_module_getsymtab(s->mod);
    for (int k = 0; k < n; k++) {
        GElf_Sym sym;
        GElf_Addr a;
        const char *nm = dwfl_module_getsym_info(s->mod, k, &sym, &a, NULL, NULL, NULL);
        unsigned type = GELF_ST_TYPE(sym.st_info);
        if (!nm || !nm[0] || mapping_symbol(nm) || a > pc || sym.st_shndx == SHN_UNDEF ||
            (type != STT_FUNC && type != STT_NOTYPE))
            continue;
        bool holds = pc < a + sym.st_size;
        if (!best || (holds && !best_holds) || (holds == best_holds && a > best_addr)) {
            best = nm;
            best_addr = a;
            best_holds = holds;
        }
    }
    *start = best ? best_addr : pc;
    return best;
}

const char *prof_syms_function(prof_syms_t *s, uint64_t pc, uint64_t *start)
{
    GElf_Off off = 0;
    GElf_Sym sym;
    uint64_t at;
    const char *name = dwfl_module_addrinfo(s->mod, pc, &off, &sym, NULL, NULL, NULL);
    at = name ? pc - off : pc;
    if (mapping_symbol(name))
        name = symbol_at(s, pc, &at);
    if (start)
        *start = at;
    return name;
}

bool prof_syms_line(prof_syms_t *s, uint64_t pc, const char **file, int *line)
{
    Dwfl_Line *l = dwfl_module_getsrc(s->mod, pc);
    if (!l)
        return false;
    *file = dwfl_lineinfo(l, NULL, line, NULL, NULL, NULL);
    return *file != NULL;
}

bool prof_syms_lookup(prof_syms_t *s, const char *name, uint64_t *addr, uint64_t *size)
{
    int n = dwfl_module_getsymtab(s->mod);
    for (int k = 0; k < n; k++) {
        GElf_Sym sym;
        GElf_Addr a;
        const char *nm = dwfl_module_getsym_info(s->mod, k, &sym, &a, NULL, NULL, NULL);
        if (nm && GELF_ST_TYPE(sym.st_info) == STT_FUNC && strcmp(nm, name) == 0) {
            *addr = a;
            *size = sym.st_size;
            return true;
        }
    }
    return false;
}
