/* Unit tests of the CLI helpers (src/tools/cli_util.c). */
#include <stdlib.h>
#include <string.h>

#include "machine/machine.h"
#include "tools/cli_util.h"
#include "unit.h"

static void test_sizes(unit_t *u)
{
    uint64_t v = 0;
    CHECK(cli_parse_size("4096", &v) && v == 4096);
    CHECK(cli_parse_size("64M", &v) && v == 64ull << 20);
    CHECK(cli_parse_size("64m", &v) && v == 64ull << 20);
    CHECK(cli_parse_size("512K", &v) && v == 512ull << 10);
    CHECK(cli_parse_size("512KiB", &v) && v == 512ull << 10);
    CHECK(cli_parse_size("2GB", &v) && v == 2ull << 30);
    CHECK(cli_parse_size("1T", &v) && v == 1ull << 40);
    CHECK(cli_parse_size("0x1000", &v) && v == 0x1000);
    CHECK(cli_parse_size("0x10M", &v) && v == 16ull << 20);
    CHECK(cli_parse_size("0", &v) && v == 0);
    CHECK(!cli_parse_size("", &v));
    CHECK(!cli_parse_size("M", &v));
    CHECK(!cli_parse_size("-1", &v));
    CHECK(!cli_parse_size(" 1", &v));
    CHECK(!cli_parse_size("12Q", &v));
    CHECK(!cli_parse_size("12MM", &v));
    CHECK(!cli_parse_size("0x", &v));
    CHECK(!cli_parse_size("16777216T", &v));            /* 2^64: too large */
    CHECK(cli_parse_size("16777215T", &v) && v == 16777215ull << 40);
    CHECK(!cli_parse_size("99999999999999999999", &v));

    CHECK(cli_parse_u64("1000", &v) && v == 1000);
    CHECK(cli_parse_u64("0x10", &v) && v == 16);
    CHECK(cli_parse_u64("18446744073709551615", &v) && v == UINT64_MAX);
    CHECK(!cli_parse_u64("18446744073709551616", &v));
    CHECK(!cli_parse_u64("1k", &v));
    CHECK(!cli_parse_u64("-5", &v));
    CHECK(!cli_parse_u64("", &v));
}

static void test_suggest(unit_t *u)
{
    CHECK_EQ(cli_edit_distance("", ""), 0);
    CHECK_EQ(cli_edit_distance("abc", ""), 3);
    CHECK_EQ(cli_edit_distance("", "ab"), 2);
    CHECK_EQ(cli_edit_distance("virt23", "virt32"), 1);   /* a swap is one edit */
    CHECK_EQ(cli_edit_distance("virt23", "virt64"), 2);
    CHECK_EQ(cli_edit_distance("kitten", "sitting"), 3);
    CHECK_EQ(cli_edit_distance("ca", "abc"), 3);          /* OSA, not full Damerau */

    const char *const machines[] = { "virt32", "virt64", "veer-el2" };
    CHECK_STR(cli_suggest("virt23", machines, 3), "virt32");
    CHECK_STR(cli_suggest("virt", machines, 3), "virt32");
    CHECK_STR(cli_suggest("virt46", machines, 3), "virt64");
    CHECK_STR(cli_suggest("veer", machines, 3), "veer-el2");
    CHECK_STR(cli_suggest("veer-el1", machines, 3), "veer-el2");
    CHECK_STR(cli_suggest("Virt32", machines, 3), "virt32");
    CHECK(cli_suggest("spike", machines, 3) == NULL);
    CHECK(cli_suggest("x", machines, 3) == NULL);
    CHECK(cli_suggest("", machines, 3) == NULL);
    const char *const cmds[] = { "run", "machines" };
    CHECK_STR(cli_suggest("rnu", cmds, 2), "run");
    CHECK_STR(cli_suggest("machine", cmds, 2), "machines");
    CHECK(cli_suggest("stat", cmds, 2) == NULL);
}

enum { OPT_MACHINE = 1, OPT_QUIET, OPT_MAX, OPT_VERBOSE };

static const cli_option_t opts[] = {
    { "machine", 'M', "NAME", OPT_MACHINE, "machine" },
    { "quiet", 'q', NULL, OPT_QUIET, "quiet" },
    { "max-insns", 0, "N", OPT_MAX, "max" },
    { NULL, 'v', NULL, OPT_VERBOSE, "verbose" },
    { 0 },
};

/* Parses argv (NULL-terminated) and renders what was seen: "M=virt32 q | prog a". */
static void parse(const char *const *args, char *out, size_t size)
{
    char *argv[16];
    int argc = 0;
    for (; args[argc]; argc++)
        argv[argc] = (char *)args[argc];
    cli_parser_t p;
    int id;
    out[0] = 0;
    cli_parser_init(&p, "run", argc, argv);
    while ((id = cli_parser_next(&p, opts)) != CLI_OPT_DONE) {
        char item[64];
        if (id == CLI_OPT_ERROR) {
            snprintf(out, size, "ERROR");
            return;
        }
        const char *name = id == OPT_MACHINE ? "M" : id == OPT_QUIET ? "q" : id == OPT_MAX ? "max" : "v";
        snprintf(item, sizeof(item), "%s%s%s ", name, p.value ? "=" : "", p.value ? p.value : "");
        strncat(out, item, size - strlen(out) - 1);
    }
    strncat(out, "|", size - strlen(out) - 1);
    for (int i = p.next; i < argc; i++) {
        strncat(out, " ", size - strlen(out) - 1);
        strncat(out, argv[i], size - strlen(out) - 1);
    }
}

#define PARSE(expect, ...)                                                                        \
    do {                                                                                          \
        const char *args_[] = { "run", __VA_ARGS__, NULL };                                       \
        char got_[256];                                                                           \
        parse(args_, got_, sizeof(got_));                                                         \
        CHECK_STR(got_, expect);                                                                  \
    } while (0)

static void test_parser(unit_t *u)
{
    /* (error messages go to stderr: they are expected here) */
    PARSE("M=virt32 q | prog.elf a -q", "-M", "virt32", "-q", "prog.elf", "a", "-q");
    PARSE("M=virt64 | p", "-Mvirt64", "p");
    PARSE("M=veer-el2 max=10 | p", "--machine=veer-el2", "--max-insns", "10", "p");
    PARSE("q v M=x | p", "-qvMx", "p");
    PARSE("q v M=y | p", "-qvM", "y", "p");
    PARSE("q | -x", "-q", "--", "-x");
    PARSE("| - x", "-", "x");
    PARSE("|", "--");
    PARSE("max= | p", "--max-insns=", "p");
    PARSE("ERROR", "--max-insn", "5");
    PARSE("ERROR", "--quiet=yes");
    PARSE("ERROR", "--machine");
    PARSE("ERROR", "-M");
    PARSE("ERROR", "-x");
    PARSE("ERROR", "-qx");
}

static void test_misc(unit_t *u)
{
    CHECK_STR(cli_mcause_name(2, 32), "illegal instruction");
    CHECK_STR(cli_mcause_name(0x80000007u, 32), "machine timer interrupt");
    CHECK_STR(cli_mcause_name(0x800000000000000bull, 64), "machine external interrupt");
    CHECK(cli_mcause_name(10, 64) == NULL);
    CHECK(cli_mcause_name(99, 64) == NULL);
    CHECK(cli_mcause_name(0x80000000u | 99, 32) == NULL);

    CHECK(cli_find_machine("virt64", NULL) == machine_find("virt64"));
    CHECK(cli_find_machine("virt23", NULL) == NULL);           /* prints a suggestion */

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cli_print_exit_statuses(f);
    cli_print_options(f, opts);
    fclose(f);
    CHECK(strstr(buf, "125") && strstr(buf, "126") && strstr(buf, "130"));
    CHECK(strstr(buf, "  -M, --machine NAME" "      machine\n") != NULL);
    CHECK(strstr(buf, "      --max-insns N" "       max\n") != NULL);
    CHECK(strstr(buf, "  -v" "                      verbose\n") != NULL);
    free(buf);
}

int main(void)
{
    unit_t t = { 0 }, *u = &t;
    test_sizes(u);
    test_suggest(u);
    test_parser(u);
    test_misc(u);
    return unit_finish(u, "unit_cli_util");
}
