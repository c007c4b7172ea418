/*
 * stride [SIZE [STRIDE [ROUNDS]]]: read one byte every STRIDE bytes of a SIZE-byte buffer,
 * ROUNDS times over (defaults 1M, 64, 16; SIZE and STRIDE take a K or M suffix, powers
 * of 1024). The measured part, walk(), makes exactly one load per access and no other load:
 *
 *   accesses = ROUNDS * (SIZE / STRIDE)
 *
 * and it prints that number. The buffer is written once before (so its pages are mapped
 * and no page fault lands in the measured loop). With STRIDE at least the cache line size:
 * when SIZE is larger than a cache, an LRU cache misses on every access of every round;
 * when SIZE fits, only the first round misses (SIZE / STRIDE times), unless the first
 * writing pass already left the buffer in the cache. Compare two runs that differ only
 * in ROUNDS to take the set-up out: the difference in misses is (ROUNDS2 - ROUNDS1) *
 * SIZE / STRIDE when the buffer does not fit, and about 0 when it does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long parse_size(const char *s)
{
    char *end;
    unsigned long v = strtoul(s, &end, 0);
    if (*end == 'K' || *end == 'k')
        v <<= 10;
    else if (*end == 'M' || *end == 'm')
        v <<= 20;
    return v;
}

static unsigned long __attribute__((noinline))
walk(const volatile unsigned char *buf, unsigned long size, unsigned long stride,
     unsigned long rounds)
{
    unsigned long sum = 0;
    for (unsigned long r = 0; r < rounds; r++)
        for (unsigned long off = 0; off + stride <= size; off += stride)
            sum += buf[off];
    return sum;
}

int main(int argc, char **argv)
{
    unsigned long size = argc > 1 ? parse_size(argv[1]) : 1ul << 20;
    unsigned long stride = argc > 2 ? parse_size(argv[2]) : 64;
    unsigned long rounds = argc > 3 ? strtoul(argv[3], NULL, 0) : 16;
    if (size == 0 || stride == 0 || stride > size) {
        fprintf(stderr, "usage: stride [SIZE [STRIDE [ROUNDS]]]  (0 < STRIDE <= SIZE)\n");
        return 2;
    }
    unsigned char *buf = malloc(size);
    if (!buf) {
        fprintf(stderr, "stride: out of memory\n");
        return 1;
    }
    memset(buf, 1, size);
    unsigned long sum = walk(buf, size, stride, rounds);
    printf("stride size %lu stride %lu rounds %lu: %lu accesses (sum %lu)\n", size, stride,
           rounds, rounds * (size / stride), sum);
    free(buf);
    return sum == rounds * (size / stride) ? 0 : 1;
}
