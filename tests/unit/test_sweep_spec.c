/* Brace lists of `pmusim sweep -M` (src/tools/sweep_spec.c): the product and its order, and the
 * malformed lists. Expected expansions are written out from the shell's rule (bash gives the
 * same for `echo a,{b,c},{d,e}`), not taken from the code. */
#include <stdlib.h>

#include "tools/sweep_spec.h"
#include "unit.h"

static void expand_ok(unit_t *u, const char *spec, const char *const *want, size_t n)
{
    sweep_list_t l = { 0 };
    char why[128] = "";
    CHECK(sweep_expand(spec, &l, why, sizeof(why)));
    CHECK_EQ(l.n, n);
    for (size_t k = 0; k < n && k < l.n; k++)
        CHECK_STR(l.v[k], want[k]);
    sweep_list_free(&l);
}

static void expand_bad(unit_t *u, const char *spec, const char *want_why)
{
    sweep_list_t l = { 0 };
    char why[128] = "";
    CHECK(!sweep_expand(spec, &l, why, sizeof(why)));
    CHECK_STR(why, want_why);
    CHECK_EQ(l.n, 0);
    sweep_list_free(&l);
}

int main(void)
{
    unit_t unit = { 0 }, *u = &unit;

    static const char *const plain[] = { "mbv32,dcache=4K" };
    expand_ok(u, "mbv32,dcache=4K", plain, 1);
    static const char *const two_lists[] = {
        "mbv32,icache=4K,dcache=off",
        "mbv32,icache=4K,dcache=4K",
        "mbv32,icache=8K,dcache=off",
        "mbv32,icache=8K,dcache=4K",
    };
    expand_ok(u, "mbv32,icache={4K,8K},dcache={off,4K}", two_lists, 4);
    static const char *const name[] = { "mbv32,dcache=1K", "mbv64,dcache=1K" };
    expand_ok(u, "mbv{32,64},dcache=1K", name, 2);
    static const char *const one[] = { "mbv32,btc=16" };
    expand_ok(u, "mbv32,btc={16}", one, 1);
    /* a value listed twice is one configuration */
    static const char *const dup[] = { "virt32,harts=1", "virt32,harts=2" };
    expand_ok(u, "virt32,harts={1,2,1}", dup, 2);

    /* 3 x 4 as in docs/sweeps.md: 12, the first list slowest */
    sweep_list_t l = { 0 };
    char why[128];
    CHECK(sweep_expand("mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}", &l, why, sizeof(why)));
    CHECK_EQ(l.n, 12);
    if (l.n == 12) {
        CHECK_STR(l.v[1], "mbv32,icache=4K,dcache=8K");
        CHECK_STR(l.v[4], "mbv32,icache=8K,dcache=4K");
        CHECK_STR(l.v[11], "mbv32,icache=16K,dcache=32K");
    }
    /* a second -M adds only what is new */
    CHECK(sweep_expand("mbv32,icache={16K,32K},dcache=32K", &l, why, sizeof(why)));
    CHECK_EQ(l.n, 13);
    sweep_list_free(&l);

    expand_bad(u, "", "empty machine");
    expand_bad(u, "mbv32,dcache={4K,8K", "unclosed '{' at column 14");
    expand_bad(u, "mbv32,dcache=4K}", "unmatched '}' at column 16");
    expand_bad(u, "mbv32,dcache={4K,{8K}}", "nested '{' at column 18 (brace lists cannot be nested)");
    expand_bad(u, "mbv32,dcache={}", "empty brace list '{}' at column 14");
    expand_bad(u, "mbv32,dcache={,4K}", "empty value in the brace list '{,4K}' at column 14");
    expand_bad(u, "mbv32,dcache={4K,,8K}", "empty value in the brace list '{4K,,8K}' at column 14");
    expand_bad(u, "mbv32,dcache={4K,}", "empty value in the brace list '{4K,}' at column 14");
    /* 10^6 configurations are refused before any is built */
    expand_bad(u, "v,a={0,1,2,3,4,5,6,7,8,9},b={0,1,2,3,4,5,6,7,8,9},c={0,1,2,3,4,5,6,7,8,9},"
                  "d={0,1,2,3,4,5,6,7,8,9},e={0,1,2,3,4,5,6,7,8,9},f={0,1,2,3,4,5,6,7,8,9}",
               "more than 100000 configurations");
    return unit_finish(u, "unit_sweep_spec");
}
