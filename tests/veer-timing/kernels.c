/* The six kernels of a CoreMark-like run, small enough for the RTL testbench (a few thousand to
 * a few tens of thousands of cycles each): CRC, matrix multiply, list walk, quicksort, state
 * machine, divide/remainder. Built twice: with -DDATA_DCCM=1 the kernels' data live in the DCCM,
 * otherwise in external memory (AXI). Code and stack are in external memory either way. Every
 * datum is initialised by code (the RTL testbench does not preload the DCCM). */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

#if DATA_DCCM
#define DATA __attribute__((section(".dccm")))
#define WHERE "dccm"
#else
#define DATA
#define WHERE "ext"
#endif

DATA volatile uint32_t sink;
static uint32_t seed;

static uint32_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

/* ---- CRC-32, bitwise ---- */
#define N_CRC 256
DATA uint8_t crc_buf[N_CRC];

static void crc_setup(void)
{
    seed = 1;
    for (unsigned i = 0; i < N_CRC; i++)
        crc_buf[i] = (uint8_t)rnd();
}

static void crc_run(void)
{
    uint32_t c = ~0u;
    for (unsigned i = 0; i < N_CRC; i++) {
        c ^= crc_buf[i];
        for (unsigned k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
    }
    sink = ~c;
}

/* ---- matrix multiply ---- */
#define N_MAT 12
DATA int32_t ma[N_MAT][N_MAT], mb[N_MAT][N_MAT], mc[N_MAT][N_MAT];

static void mat_setup(void)
{
    seed = 2;
    for (unsigned i = 0; i < N_MAT; i++)
        for (unsigned j = 0; j < N_MAT; j++) {
            ma[i][j] = (int32_t)(rnd() & 0xFFF) - 0x800;
            mb[i][j] = (int32_t)(rnd() & 0xFFF) - 0x800;
        }
}

static void mat_run(void)
{
    for (unsigned i = 0; i < N_MAT; i++)
        for (unsigned j = 0; j < N_MAT; j++) {
            int32_t s = 0;
            for (unsigned k = 0; k < N_MAT; k++)
                s += ma[i][k] * mb[k][j];
            mc[i][j] = s;
        }
}

/* ---- linked-list walk over a shuffled list ---- */
#define N_LIST 256
typedef struct node {
    struct node *next;
    int32_t val;
} node_t;
DATA node_t nodes[N_LIST];
DATA node_t *list_head;

static void list_setup(void)
{
    static uint16_t order[N_LIST];
    seed = 3;
    for (unsigned i = 0; i < N_LIST; i++)
        order[i] = (uint16_t)i;
    for (unsigned i = N_LIST - 1; i > 0; i--) {
        unsigned j = rnd() % (i + 1);
        uint16_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (unsigned i = 0; i < N_LIST; i++) {
        nodes[order[i]].val = (int32_t)(rnd() & 0xFFFF);
        nodes[order[i]].next = i + 1 < N_LIST ? &nodes[order[i + 1]] : 0;
    }
    list_head = &nodes[order[0]];
}

static void list_run(void)
{
    int32_t s = 0;
    for (unsigned r = 0; r < 4; r++)
        for (node_t *n = list_head; n; n = n->next)
            s += n->val > 0x8000 ? n->val : -n->val;
    sink = (uint32_t)s;
}

/* ---- quicksort ---- */
#define N_SORT 200
DATA int32_t sort_a[N_SORT];

static void sort_setup(void)
{
    seed = 4;
    for (unsigned i = 0; i < N_SORT; i++)
        sort_a[i] = (int32_t)(rnd() & 0xFFFFF);
}

static void qsort_r(int32_t *a, int lo, int hi)
{
    while (lo < hi) {
        int32_t p = a[(lo + hi) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p)
                i++;
            while (a[j] > p)
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
            qsort_r(a, lo, j);
            lo = i;
        } else {
            qsort_r(a, i, hi);
            hi = j;
        }
    }
}

static void sort_run(void)
{
    qsort_r(sort_a, 0, N_SORT - 1);
}

/* ---- state machine: a switch-based tokenizer ---- */
#define N_TEXT 384
DATA char text[N_TEXT];
DATA uint32_t tok_counts[4];

static void fsm_setup(void)
{
    static const char alphabet[] = "abc 012 +-.,xyz 9 \t";
    seed = 5;
    for (unsigned i = 0; i < N_TEXT; i++)
        text[i] = alphabet[rnd() % (sizeof alphabet - 1)];
    for (unsigned i = 0; i < 4; i++)
        tok_counts[i] = 0;
}

enum { S_START, S_WORD, S_INT, S_FRAC, S_PUNCT };

static void fsm_run(void)
{
    unsigned st = S_START;
    for (unsigned i = 0; i < N_TEXT; i++) {
        char c = text[i];
        switch (st) {
        case S_START:
            if (c >= 'a' && c <= 'z')
                st = S_WORD;
            else if (c >= '0' && c <= '9')
                st = S_INT;
            else if (c == '+' || c == '-' || c == ',')
                st = S_PUNCT;
            break;
        case S_WORD:
            if (!(c >= 'a' && c <= 'z')) {
                tok_counts[0]++;
                st = S_START;
            }
            break;
        case S_INT:
            if (c == '.')
                st = S_FRAC;
            else if (!(c >= '0' && c <= '9')) {
                tok_counts[1]++;
                st = S_START;
            }
            break;
        case S_FRAC:
            if (!(c >= '0' && c <= '9')) {
                tok_counts[2]++;
                st = S_START;
            }
            break;
        default:
            tok_counts[3]++;
            st = S_START;
            break;
        }
    }
}

/* ---- divide / remainder ---- */
#define N_DIV 96
DATA int32_t div_a[N_DIV], div_b[N_DIV];

static void div_setup(void)
{
    seed = 6;
    for (unsigned i = 0; i < N_DIV; i++) {
        uint32_t r = rnd();
        int shift = (int)(r % 31);
        div_a[i] = (int32_t)(rnd() >> (r % 24));
        div_b[i] = (int32_t)((rnd() >> shift) | 1);
        if (i & 1)
            div_a[i] = -div_a[i];
    }
}

static void div_run(void)
{
    int32_t s = 0;
    uint32_t u = 0;
    for (unsigned i = 0; i < N_DIV; i++) {
        s += div_a[i] / div_b[i];
        s ^= div_a[i] % div_b[i];
        u += (uint32_t)div_a[i] / (uint32_t)div_b[i];
    }
    sink = (uint32_t)s + u;
}

int main(void)
{
    vt_measure("crc-" WHERE, crc_setup, crc_run);
    vt_measure("matmul-" WHERE, mat_setup, mat_run);
    vt_measure("list-" WHERE, list_setup, list_run);
    vt_measure("qsort-" WHERE, sort_setup, sort_run);
    vt_measure("fsm-" WHERE, fsm_setup, fsm_run);
    vt_measure("divrem-" WHERE, div_setup, div_run);
    vt_done();
    return 0;
}
