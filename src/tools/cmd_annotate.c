/* pmusim annotate: one function of a profile, its disassembly and source with the count of every
 * event at each instruction. The disassembly is the toolchain's objdump, as perf annotate uses
 * it; without objdump the instructions are listed by address with their source lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/cli_util.h"
#include "tools/commands.h"
#include "tools/prof_file.h"

enum { ANN_OPT_INPUT = 1, ANN_OPT_OBJDUMP, ANN_OPT_SYMBOLS, ANN_OPT_HELP };

static const cli_option_t annotate_options[] = {
    { "input", 'i', "FILE", ANN_OPT_INPUT, "the profile to read (default pmusim.data)" },
    { "objdump", 0, "PATH", ANN_OPT_OBJDUMP,
      "the objdump to disassemble with (default riscv64-unknown-elf-objdump)" },
    { "symbols", 0, "FILE", ANN_OPT_SYMBOLS,
      "symbols, lines and code from the ELF file FILE (for a raw image: a Linux Image's vmlinux)" },
    { "help", 'h', NULL, ANN_OPT_HELP, "show this help" },
    { 0 },
};

static void annotate_usage(FILE *out)
{
    fputs("Usage: pmusim annotate [-i FILE] [--objdump PATH] [--symbols ELF] FUNCTION\n"
          "\n"
          "Prints the disassembly of FUNCTION, interleaved with its source, with the count of each\n"
          "event of the profile at every instruction. FUNCTION is a symbol of the program; a name\n"
          "such as 'quicksort' also finds the compiler's clone 'quicksort.constprop.0'.\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, annotate_options);
    fputs("\nSee docs/profiling.md.\n", out);
}

typedef struct insn_counts {
    uint64_t pc;
    uint64_t *count;
} insn_counts_t;

static const uint64_t *counts_at(const insn_counts_t *ic, size_t n, uint64_t pc)
{
    for (size_t k = 0; k < n; k++)
        if (ic[k].pc == pc)
            return ic[k].count;
    return NULL;
}

static void print_counts(const uint64_t *c, unsigned ne)
{
    for (unsigned e = 0; e < ne; e++) {
        if (c && c[e])
            printf("%12llu ", (unsigned long long)c[e]);
        else
            printf("%12s ", c ? "0" : "");
    }
}

/* objdump -d -S of [start, end) with counts before each instruction line; false if it could not
 * run. */
static bool annotate_objdump(const char *objdump, const char *program, uint64_t start, uint64_t end,
                             const insn_counts_t *ic, size_t n, unsigned ne)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    char a1[64], a2[64];
    snprintf(a1, sizeof a1, "--start-address=0x%llx", (unsigned long long)start);
    snprintf(a2, sizeof a2, "--stop-address=0x%llx", (unsigned long long)end);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execlp(objdump, objdump, "-d", "-S", "--no-show-raw-insn", a1, a2, program, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char *line = NULL;
    size_t cap = 0;
    bool started = false;
    while (f && getline(&line, &cap, f) >= 0) {
        unsigned long long pc;
        char colon;
        if (!started) { /* skip objdump's header up to the function's label */
            if (strstr(line, ">:"))
                started = true;
            else
                continue;
        }
        if (sscanf(line, " %llx%c", &pc, &colon) == 2 && colon == ':')
            print_counts(counts_at(ic, n, pc), ne);
        else
            print_counts(NULL, ne);
        fputs(line, stdout);
    }
    free(line);
    if (f)
        fclose(f);
    int st = 0;
    waitpid(pid, &st, 0);
    return started && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int cmd_annotate(int argc, char **argv)
{
    const char *input = "pmusim.data", *objdump = "riscv64-unknown-elf-objdump", *symbols = NULL;
    cli_parser_t p;
    int id;
    cli_parser_init(&p, "annotate", argc, argv);
    while ((id = cli_parser_next(&p, annotate_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: return CLI_EXIT_USAGE;
        case ANN_OPT_HELP: annotate_usage(stdout); return CLI_EXIT_OK;
        case ANN_OPT_INPUT: input = p.value; break;
        case ANN_OPT_OBJDUMP: objdump = p.value; break;
        case ANN_OPT_SYMBOLS: symbols = p.value; break;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (p.next + 1 != argc) {
        cli_error("annotate: expected one function name; usage: pmusim annotate [-i FILE] FUNCTION");
        return CLI_EXIT_USAGE;
    }
    const char *fn = argv[p.next];
    prof_file_t pf;
    if (!prof_file_read(&pf, input))
        return CLI_EXIT_BAD_INPUT;
    int status = CLI_EXIT_OK;
    prof_syms_t *syms = prof_file_syms(&pf, symbols, "annotate");
    uint64_t start = 0, size = 0;
    insn_counts_t *ic = NULL;
    size_t n = 0;
    if (!syms) {
        status = CLI_EXIT_BAD_INPUT;
        goto done;
    }
    if (!prof_syms_lookup(syms, fn, &start, &size)) {
        char clone[512];
        snprintf(clone, sizeof clone, "%s.", fn);
        /* gcc's clones: name.constprop.0, name.part.0, name.isra.0 */
        bool found = false;
        for (size_t k = 0; k < pf.n_at && !found; k++) {
            uint64_t s;
            const char *nm = prof_syms_function(syms, pf.at[k].pc, &s);
            if (nm && strncmp(nm, clone, strlen(clone)) == 0)
                found = prof_syms_lookup(syms, nm, &start, &size);
        }
        if (!found) {
            cli_error("annotate: %s has no function '%s'", pf.program, fn);
            status = CLI_EXIT_USAGE;
            goto done;
        }
    }
    uint64_t end = start + (size ? size : 4);
    ic = calloc(pf.n_at + 1, sizeof *ic);
    uint64_t *total = calloc(pf.n_events, sizeof *total);
    if (!ic || !total) {
        free(total);
        cli_error("annotate: out of memory");
        status = CLI_EXIT_USAGE;
        goto done;
    }
    for (size_t k = 0; k < pf.n_at; k++) {
        const prof_file_at_t *a = &pf.at[k];
        if (a->pc < start || a->pc >= end)
            continue;
        uint64_t *c = (uint64_t *)counts_at(ic, n, a->pc);
        if (!c) {
            ic[n].pc = a->pc;
            c = ic[n++].count = a->count; /* the first record of this pc collects the others */
        } else {
            for (unsigned e = 0; e < pf.n_events; e++)
                c[e] += a->count[e];
        }
        for (unsigned e = 0; e < pf.n_events; e++)
            total[e] += a->count[e];
    }
    uint64_t fn_start;
    const char *name = prof_syms_function(syms, start, &fn_start);
    printf("# pmusim annotate: %s in %s (%s)\n# ", name ? name : fn, pf.program,
           pf.sampled ? "sampled" : "exact counts");
    for (unsigned e = 0; e < pf.n_events; e++)
        printf("%s%s %llu", e ? ", " : "", pf.event[e], (unsigned long long)total[e]);
    printf(" in this function\n#\n");
    for (unsigned e = 0; e < pf.n_events; e++)
        printf("%12.12s ", pf.event[e]);
    printf("\n");
    free(total);
    if (!annotate_objdump(objdump, pf.program, start, end, ic, n, pf.n_events)) {
        printf("# (%s could not disassemble; instructions by address)\n", objdump);
        for (uint64_t pc = start; pc < end; pc += 2) {
            const uint64_t *c = counts_at(ic, n, pc);
            if (!c)
                continue;
            const char *file;
            int line;
            print_counts(c, pf.n_events);
            if (prof_syms_line(syms, pc, &file, &line))
                printf("%llx  %s:%d\n", (unsigned long long)pc, file, line);
            else
                printf("%llx\n", (unsigned long long)pc);
        }
    }
done:
    free(ic);
    prof_syms_close(syms);
    prof_file_free(&pf);
    return status;
}
