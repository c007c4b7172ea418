/* Profile files and program symbols (tools/prof_file.h). */
#include "tools/prof_file.h"

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli_util.h"

/* ---- Reading ---- */

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static bool bad(const char *path, unsigned long line, const char *what)
{
    cli_error("%s:%lu: not a pmusim profile: %s", path, line, what);
    return false;
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
    size_t cap = 0, cap_at = 0, cap_ctx = 0;
    unsigned long lineno = 0;
    bool ok = true;
    ssize_t len;
    while (ok && (len = getline(&buf, &cap, f)) >= 0) {
        lineno++;
        if (len && buf[len - 1] == '\n')
            buf[--len] = 0;
        char *rest = strchr(buf, ' ');
        if (rest)
            *rest++ = 0;
        else
            rest = buf + len;
        if (lineno == 1) {
            if (strcmp(buf, "pmusim-profile") != 0 || strcmp(rest, "1") != 0)
                ok = bad(path, lineno, "the first line is not 'pmusim-profile 1'");
        } else if (strcmp(buf, "program") == 0) {
            pf->program = dup_str(rest);
        } else if (strcmp(buf, "machine") == 0) {
            pf->machine = dup_str(rest);
        } else if (strcmp(buf, "mode") == 0) {
            unsigned long long n;
            if (strcmp(rest, "exact") == 0)
                pf->sampled = false;
            else if (sscanf(rest, "sample %llu", &n) == 1) {
                pf->sampled = true;
                pf->period = n;
            } else
                ok = bad(path, lineno, "bad mode");
        } else if (strcmp(buf, "callchains") == 0) {
            pf->callchains = strcmp(rest, "1") == 0;
        } else if (strcmp(buf, "event") == 0) {
            char name[256];
            unsigned long long total;
            if (pf->n_events == PROF_FILE_MAX_EVENTS || sscanf(rest, "%255s %llu", name, &total) != 2)
                ok = bad(path, lineno, "bad event line");
            else {
                pf->event[pf->n_events] = dup_str(name);
                pf->total[pf->n_events++] = total;
            }
        } else if (strcmp(buf, "ctx") == 0) {
            unsigned long id, parent;
            unsigned long long callee, site, calls;
            if (sscanf(rest, "%lu %lu %llx %llx %llu", &id, &parent, &callee, &site, &calls) != 5 ||
                id != (pf->n_ctx ? pf->n_ctx : 1) || parent >= id) {
                ok = bad(path, lineno, "bad ctx line");
                break;
            }
            if (pf->n_ctx + 2 > cap_ctx) {
                cap_ctx = cap_ctx ? 2 * cap_ctx : 256;
                prof_file_ctx_t *c = realloc(pf->ctx, cap_ctx * sizeof *c);
                if (!c) {
                    ok = bad(path, lineno, "out of memory");
                    break;
                }
                pf->ctx = c;
            }
            if (pf->n_ctx == 0) {
                pf->ctx[0] = (prof_file_ctx_t){ 0, 0, 0, 0 };
                pf->n_ctx = 1;
            }
            pf->ctx[pf->n_ctx++] = (prof_file_ctx_t){ (uint32_t)parent, callee, site, calls };
        } else if (strcmp(buf, "at") == 0) {
            char *end;
            unsigned long ctx = strtoul(rest, &end, 10);
            uint64_t pc = strtoull(end, &end, 16);
            if (pf->n_at == cap_at) {
                cap_at = cap_at ? 2 * cap_at : 4096;
                prof_file_at_t *a = realloc(pf->at, cap_at * sizeof *a);
                if (!a) {
                    ok = bad(path, lineno, "out of memory");
                    break;
                }
                pf->at = a;
            }
            uint64_t *count = calloc(pf->n_events ? pf->n_events : 1, sizeof *count);
            if (!count) {
                ok = bad(path, lineno, "out of memory");
                break;
            }
            for (unsigned k = 0; k < pf->n_events; k++)
                count[k] = strtoull(end, &end, 10);
            if (*end || (pf->n_ctx ? ctx >= pf->n_ctx : ctx != 0)) {
                free(count);
                ok = bad(path, lineno, "bad 'at' line");
                break;
            }
            pf->at[pf->n_at++] = (prof_file_at_t){ (uint32_t)ctx, pc, count };
        } else if (buf[0] && buf[0] != '#') {
            ok = bad(path, lineno, "unknown line");
        }
    }
    if (ok && lineno == 0)
        ok = bad(path, 1, "the file is empty");
    if (ok && (!pf->program || pf->n_events == 0))
        ok = bad(path, lineno, "no program or no events");
    if (ok && pf->n_ctx == 0) {
        pf->ctx = calloc(1, sizeof *pf->ctx);
        pf->n_ctx = 1;
        ok = pf->ctx != NULL;
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

prof_syms_t *prof_syms_open(const char *path)
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
