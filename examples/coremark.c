/*
 * coremark: a CoreMark-like CPU benchmark written for pmusim (not EEMBC code).
 * Each iteration runs six kernels; every kernel verifies its own result with an
 * independent method, so the program checks itself:
 *   crc     bitwise CRC-32 of a 1 KiB buffer; checked via the CRC residue property
 *   matrix  32x32 int32 multiply; checked with Freivalds' test C*v == A*(B*v)
 *   list    2048-node linked list in shuffled memory order: sum, reverse, weighted sum;
 *           checked against closed-form sums
 *   sort    quicksort of 2048 ints; checked for order and multiset (sum/xor/hash)
 *   parse   switch-based tokenizer state machine over generated text; checked
 *           against the token statistics recorded by the generator
 *   gcd     div/rem/gcd mix: Euclid vs. binary GCD, q*b + r == a, signed division
 * ITERATIONS is set at compile time (-DITERATIONS=N).
 */
#include <string.h>

#include "pmusim_example.h"

#ifndef ITERATIONS
#define ITERATIONS 10
#endif

static uint32_t seed = 0x2545F491u;
static int failures;

static void check(int ok, const char *what, int iter)
{
    if (!ok) {
        if (failures < 10)
            rt_printf("coremark: check failed: %s (iteration %d)\n", what, iter);
        failures++;
    }
}

static uint32_t mix32(uint32_t h, uint32_t v)
{
    h ^= v;
    h *= 0x9E3779B1u;
    return h ^ (h >> 15);
}

/* ---- crc ------------------------------------------------------------------- */

#define CRC_LEN 1024
static uint8_t crc_buf[CRC_LEN + 4];

static uint32_t crc32_bits(const uint8_t *p, size_t n, uint32_t crc)
{
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static uint32_t kernel_crc(int iter)
{
    for (int i = 0; i < CRC_LEN; i++)
        crc_buf[i] = (uint8_t)(i * 7 + iter);
    uint32_t crc = crc32_bits(crc_buf, CRC_LEN, 0);
    /* appending the CRC (little endian) must give the residue; plus a known answer */
    for (int i = 0; i < 4; i++)
        crc_buf[CRC_LEN + i] = (uint8_t)(crc >> (8 * i));
    check(crc32_bits(crc_buf, CRC_LEN + 4, 0) == 0x2144DF1Cu, "crc residue", iter);
    check(crc32_bits((const uint8_t *)"123456789", 9, 0) == 0xCBF43926u, "crc known answer", iter);
    return crc;
}

/* ---- matrix ---------------------------------------------------------------- */

#define MN 32
static uint32_t ma[MN][MN], mb[MN][MN], mc[MN][MN];

static uint32_t kernel_matrix(int iter)
{
    for (int i = 0; i < MN; i++)
        for (int j = 0; j < MN; j++) {
            ma[i][j] = (uint32_t)((i * 3 + j * 5 + iter) % 17) - 8u;
            mb[i][j] = (uint32_t)((i * 7 + j + iter * 3) % 13) - 6u;
        }
    for (int i = 0; i < MN; i++)
        for (int j = 0; j < MN; j++) {
            uint32_t s = 0;
            for (int k = 0; k < MN; k++)
                s += ma[i][k] * mb[k][j];
            mc[i][j] = s;
        }
    /* Freivalds with v[j] = j + 1: C*v == A*(B*v) (exact in Z/2^32) */
    uint32_t bv[MN], ok = 1, h = 0;
    for (int k = 0; k < MN; k++) {
        uint32_t s = 0;
        for (int j = 0; j < MN; j++)
            s += mb[k][j] * (uint32_t)(j + 1);
        bv[k] = s;
    }
    for (int i = 0; i < MN; i++) {
        uint32_t cv = 0, abv = 0;
        for (int j = 0; j < MN; j++)
            cv += mc[i][j] * (uint32_t)(j + 1);
        for (int k = 0; k < MN; k++)
            abv += ma[i][k] * bv[k];
        ok &= cv == abv;
        h = mix32(h, cv);
    }
    check(ok, "matrix Freivalds", iter);
    return h ^ mc[iter % MN][(iter * 7) % MN];
}

/* ---- list ------------------------------------------------------------------ */

#define LN 2048
typedef struct node {
    struct node *next;
    uint32_t value;
} node_t;
static node_t nodes[LN];
static node_t *list_head;

static void list_init(void)
{
    /* random permutation of node slots; the list visits values 0..LN-1 in order */
    static uint16_t perm[LN];
    for (int i = 0; i < LN; i++)
        perm[i] = (uint16_t)i;
    for (int i = LN - 1; i > 0; i--) {
        int j = (int)(ex_rand(&seed) % (uint32_t)(i + 1));
        uint16_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < LN; i++) {
        nodes[perm[i]].value = (uint32_t)i;
        nodes[perm[i]].next = i + 1 < LN ? &nodes[perm[i + 1]] : NULL;
    }
    list_head = &nodes[perm[0]];
}

static uint32_t kernel_list(int iter)
{
    uint32_t k = (uint32_t)iter + 1;
    /* pass 1: count and sum of value*k */
    uint32_t count = 0, sum = 0;
    for (node_t *n = list_head; n; n = n->next) {
        count++;
        sum += n->value * k;
    }
    check(count == LN && sum == k * (LN * (LN - 1) / 2), "list sum", iter);
    /* reverse in place */
    node_t *prev = NULL, *cur = list_head;
    while (cur) {
        node_t *next = cur->next;
        cur->next = prev;
        prev = cur;
        cur = next;
    }
    list_head = prev;
    /* pass 2: position-weighted sum; the order is now descending (or back to
       ascending on odd iterations) */
    uint32_t pos = 0, wsum = 0, ordered = 1, last = 0;
    for (node_t *n = list_head; n; n = n->next, pos++) {
        wsum += n->value * pos;
        if (pos)
            ordered &= (iter & 1) ? n->value == last + 1 : n->value + 1 == last;
        last = n->value;
    }
    /* sum_{p} p*v(p): ascending v=p gives sum p^2, descending v=N-1-p gives sum p(N-1-p) */
    uint64_t n = LN, sq = (n - 1) * n * (2 * n - 1) / 6;
    uint32_t expect = (uint32_t)((iter & 1) ? sq : (n - 1) * (n * (n - 1) / 2) - sq);
    check(ordered && wsum == expect, "list order after reverse", iter);
    return mix32(sum, wsum);
}

/* ---- sort ------------------------------------------------------------------ */

#define SN 2048
static int32_t sort_buf[SN];

static void qsort_i32(int32_t *a, int lo, int hi)
{
    while (hi - lo > 8) {
        int mid = lo + (hi - lo) / 2;
        int32_t pivot = a[mid];
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i <= j) {
                int32_t t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                j--;
            }
        }
        if (j - lo < hi - i) {
            qsort_i32(a, lo, j);
            lo = i;
        } else {
            qsort_i32(a, i, hi);
            hi = j;
        }
    }
    for (int i = lo + 1; i <= hi; i++) { /* small ranges: insertion sort */
        int32_t v = a[i];
        int j = i - 1;
        while (j >= lo && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static uint32_t kernel_sort(int iter)
{
    uint32_t sum = 0, xr = 0, hs = 0;
    for (int i = 0; i < SN; i++) {
        uint32_t r = ex_rand(&seed);
        sort_buf[i] = (iter & 3) == 3 ? (int32_t)(r % 64u) : (int32_t)r;
        sum += (uint32_t)sort_buf[i];
        xr ^= (uint32_t)sort_buf[i];
        hs += (uint32_t)sort_buf[i] * (uint32_t)sort_buf[i];
    }
    qsort_i32(sort_buf, 0, SN - 1);
    uint32_t sum2 = 0, xr2 = 0, hs2 = 0, ordered = 1;
    for (int i = 0; i < SN; i++) {
        sum2 += (uint32_t)sort_buf[i];
        xr2 ^= (uint32_t)sort_buf[i];
        hs2 += (uint32_t)sort_buf[i] * (uint32_t)sort_buf[i];
        if (i)
            ordered &= sort_buf[i - 1] <= sort_buf[i];
    }
    check(ordered, "sort order", iter);
    check(sum == sum2 && xr == xr2 && hs == hs2, "sort permutation", iter);
    return mix32((uint32_t)sort_buf[SN / 3], (uint32_t)sort_buf[SN - 1]) ^ sum;
}

/* ---- parse ----------------------------------------------------------------- */

#define TEXT_MAX 3072
static char text[TEXT_MAX + 64];
static int text_len;
typedef struct {
    uint32_t numbers, idents, ops, number_sum, ident_hash, lines;
} tokstats_t;
static tokstats_t gen_stats;

/* Generates "x1 = 42 + foo*7;\n"-like text and records what it emitted. */
static void parse_init(void)
{
    static const char ops[] = "+-*/=;(),";
    tokstats_t *g = &gen_stats;
    int n = 0;
    while (n < TEXT_MAX) {
        uint32_t r = ex_rand(&seed);
        switch (r % 5u) {
        case 0:
        case 1: { /* number */
            uint32_t v = (r >> 8) % 100000u;
            char digits[8];
            int d = 0;
            do {
                digits[d++] = (char)('0' + v % 10u);
                v /= 10u;
            } while (v);
            while (d)
                text[n++] = digits[--d];
            g->numbers++;
            g->number_sum += (r >> 8) % 100000u;
            break;
        }
        case 2:
        case 3: { /* identifier: letter then letters/digits/underscore */
            int len = 1 + (int)((r >> 4) % 8u);
            uint32_t h = 5381;
            for (int i = 0; i < len; i++) {
                uint32_t c = ex_rand(&seed);
                char ch = i == 0 ? (char)('a' + c % 26u)
                                 : "abcdefghijklmnopqrstuvwxyz_0123456789"[c % 37u];
                text[n++] = ch;
                h = h * 33u + (uint8_t)ch;
            }
            g->idents++;
            g->ident_hash += h;
            break;
        }
        default:
            text[n++] = ops[(r >> 8) % 9u];
            g->ops++;
            break;
        }
        /* separator after every token, so adjacent tokens never merge */
        uint32_t s = ex_rand(&seed) % 8u;
        if (s == 0) {
            text[n++] = '\n';
            g->lines++;
        } else if (s < 6) {
            text[n++] = ' ';
        } else {
            text[n++] = '\t';
        }
    }
    text[n] = 0;
    text_len = n;
}

enum { ST_START, ST_NUMBER, ST_IDENT };

static tokstats_t parse(const char *p)
{
    tokstats_t s = {0, 0, 0, 0, 0, 0};
    int state = ST_START;
    uint32_t val = 0, h = 0;
    for (;; p++) {
        char c = *p;
        switch (state) {
        case ST_NUMBER:
            if (c >= '0' && c <= '9') {
                val = val * 10u + (uint32_t)(c - '0');
                continue;
            }
            s.numbers++;
            s.number_sum += val;
            state = ST_START;
            break;
        case ST_IDENT:
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
                h = h * 33u + (uint8_t)c;
                continue;
            }
            s.idents++;
            s.ident_hash += h;
            state = ST_START;
            break;
        default:
            break;
        }
        /* ST_START: classify c */
        switch (c) {
        case 0:
            return s;
        case '\n':
            s.lines++;
            break;
        case ' ':
        case '\t':
            break;
        case '+': case '-': case '*': case '/': case '=': case ';': case '(': case ')': case ',':
            s.ops++;
            break;
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
            state = ST_NUMBER;
            val = (uint32_t)(c - '0');
            break;
        default:
            if (c >= 'a' && c <= 'z') {
                state = ST_IDENT;
                h = 5381u * 33u + (uint8_t)c;
            } else {
                s.ops += 1000; /* unexpected character: fails the check */
            }
            break;
        }
    }
}

static uint32_t kernel_parse(int iter)
{
    tokstats_t s = parse(text);
    const tokstats_t *g = &gen_stats;
    check(s.numbers == g->numbers && s.idents == g->idents && s.ops == g->ops &&
              s.number_sum == g->number_sum && s.ident_hash == g->ident_hash && s.lines == g->lines,
          "parser statistics", iter);
    uint32_t h = mix32(s.numbers, s.idents);
    h = mix32(h, s.ops);
    h = mix32(h, s.number_sum);
    return mix32(h, s.ident_hash) ^ (uint32_t)iter;
}

/* ---- gcd / div / rem --------------------------------------------------------- */

#define GN 128

static uint32_t gcd_euclid(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static uint32_t gcd_binary(uint32_t a, uint32_t b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    int shift = 0;
    while (((a | b) & 1u) == 0) {
        a >>= 1;
        b >>= 1;
        shift++;
    }
    while ((a & 1u) == 0)
        a >>= 1;
    do {
        while ((b & 1u) == 0)
            b >>= 1;
        if (a > b) {
            uint32_t t = a;
            a = b;
            b = t;
        }
        b -= a;
    } while (b);
    return a << shift;
}

static uint32_t kernel_gcd(int iter)
{
    uint32_t h = 0, ok = 1;
    for (int i = 0; i < GN; i++) {
        uint32_t f = (ex_rand(&seed) % 1000u) + 1u;
        uint32_t a = (ex_rand(&seed) % 100000u) * f, b = (ex_rand(&seed) % 100000u) * f;
        uint32_t g = gcd_euclid(a, b);
        ok &= g == gcd_binary(a, b);
        if (b) {
            uint32_t q = a / b, r = a % b;
            ok &= q * b + r == a && r < b;
        }
        int32_t sa = (int32_t)ex_rand(&seed), sb = (int32_t)(ex_rand(&seed) >> 20) - 2048;
        if (sb != 0 && !(sa == INT32_MIN && sb == -1)) {
            int32_t q = sa / sb, r = sa % sb;
            ok &= (int32_t)((uint32_t)q * (uint32_t)sb + (uint32_t)r) == sa;
            ok &= r == 0 || (r < 0) == (sa < 0); /* remainder has the dividend's sign */
            h = mix32(h, (uint32_t)q ^ (uint32_t)r);
        }
        h = mix32(h, g);
    }
    check(ok, "gcd/div/rem", iter);
    return h;
}

/* ---- main ------------------------------------------------------------------ */

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "coremark");

    list_init();
    parse_init();
    uint32_t r_crc = 0, r_mat = 0, r_list = 0, r_sort = 0, r_parse = 0, r_gcd = 0, total = 0;
    for (int it = 0; it < ITERATIONS; it++) {
        r_crc = kernel_crc(it);
        r_mat = kernel_matrix(it);
        r_list = kernel_list(it);
        r_sort = kernel_sort(it);
        r_parse = kernel_parse(it);
        r_gcd = kernel_gcd(it);
        total = mix32(total, r_crc);
        total = mix32(total, r_mat);
        total = mix32(total, r_list);
        total = mix32(total, r_sort);
        total = mix32(total, r_parse);
        total = mix32(total, r_gcd);
    }
    rt_printf("coremark: iterations=%d text=%d bytes\n", ITERATIONS, text_len);
    rt_printf("coremark: last crc=0x%08x matrix=0x%08x list=0x%08x sort=0x%08x parse=0x%08x "
              "gcd=0x%08x\n",
              (unsigned)r_crc, (unsigned)r_mat, (unsigned)r_list, (unsigned)r_sort,
              (unsigned)r_parse, (unsigned)r_gcd);
    ex.failures = failures;
    ex_report(&ex, total);
    return ex_finish(&ex);
}
