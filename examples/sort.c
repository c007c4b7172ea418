/*
 * sort: quicksort, insertion sort and merge sort of pseudo-random arrays.
 * Verifies ordering, that all three results agree element by element and that
 * the output is a permutation of the input (order-independent sum/xor/hash).
 */
#include <string.h>

#include "pmusim_example.h"

#define N 600
#define ROUNDS 3

static int32_t input[N], qs[N], ins[N], ms[N], tmp[N];

static void quicksort(int32_t *a, int lo, int hi)
{
    while (lo < hi) {
        /* median of three as pivot, Hoare partition */
        int mid = lo + (hi - lo) / 2;
        int32_t x = a[lo], y = a[mid], z = a[hi];
        int32_t pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
        int i = lo - 1, j = hi + 1;
        for (;;) {
            do
                i++;
            while (a[i] < pivot);
            do
                j--;
            while (a[j] > pivot);
            if (i >= j)
                break;
            int32_t t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        /* recurse into the smaller part, loop on the larger one */
        if (j - lo < hi - j) {
            quicksort(a, lo, j);
            lo = j + 1;
        } else {
            quicksort(a, j + 1, hi);
            hi = j;
        }
    }
}

static void insertion_sort(int32_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        int32_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* bottom-up merge sort */
static void merge_sort(int32_t *a, int32_t *t, int n)
{
    int32_t *src = a, *dst = t;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = src[i] <= src[j] ? src[i++] : src[j++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        int32_t *s = src;
        src = dst;
        dst = s;
    }
    if (src != a)
        memcpy(a, src, (size_t)n * sizeof a[0]);
}

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

typedef struct {
    uint32_t sum, xr, hash;
} multiset_t;

static multiset_t multiset(const int32_t *a, int n)
{
    multiset_t m = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        m.sum += (uint32_t)a[i];
        m.xr ^= (uint32_t)a[i];
        m.hash += mix((uint32_t)a[i]);
    }
    return m;
}

static int is_sorted(const int32_t *a, int n)
{
    for (int i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "sort");
    uint32_t seed = 0xC0FFEE11u, checksum = 0;

    for (int round = 0; round < ROUNDS; round++) {
        /* round 0: full range, round 1: many duplicates, round 2: nearly sorted descending */
        for (int i = 0; i < N; i++) {
            uint32_t r = ex_rand(&seed);
            if (round == 0)
                input[i] = (int32_t)r;
            else if (round == 1)
                input[i] = (int32_t)(r % 17u) - 8;
            else
                input[i] = (N - i) * 1000 + (int32_t)(r % 1500u);
        }
        memcpy(qs, input, sizeof input);
        memcpy(ins, input, sizeof input);
        memcpy(ms, input, sizeof input);
        quicksort(qs, 0, N - 1);
        insertion_sort(ins, N);
        merge_sort(ms, tmp, N);

        multiset_t in = multiset(input, N), out = multiset(qs, N);
        ex_check(&ex, is_sorted(qs, N), "quicksort order");
        ex_check(&ex, is_sorted(ins, N), "insertion sort order");
        ex_check(&ex, is_sorted(ms, N), "merge sort order");
        ex_check(&ex, memcmp(qs, ins, sizeof qs) == 0, "quicksort == insertion sort");
        ex_check(&ex, memcmp(qs, ms, sizeof qs) == 0, "quicksort == merge sort");
        ex_check(&ex, in.sum == out.sum && in.xr == out.xr && in.hash == out.hash, "permutation");

        uint32_t c = 0;
        for (int i = 0; i < N; i++)
            c = (c * 31u) ^ (uint32_t)qs[i];
        rt_printf("sort: round %d n=%d min=%d median=%d max=%d hash=0x%08x\n", round, N, (int)qs[0],
                  (int)qs[N / 2], (int)qs[N - 1], (unsigned)c);
        checksum = mix(checksum ^ c);
    }
    ex_report(&ex, checksum);
    return ex_finish(&ex);
}
