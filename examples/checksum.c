/*
 * checksum: CRC-32 (bitwise and table-driven), Adler-32 (per-byte modulo and
 * deferred modulo) and FNV-1a (32 and 64 bit) over generated data. Each
 * algorithm is computed two independent ways, plus known-answer vectors.
 */
#include <string.h>

#include "pmusim_example.h"

#define DATA_LEN 8192

/* On veer-el2 the CRC table lives in DCCM (the ELF has a segment at 0xF0040000). */
#ifndef RT_DCCM
#define RT_DCCM
#endif

static uint8_t data[DATA_LEN];
static RT_DCCM uint32_t crc_table[256];

static uint32_t crc32_bitwise(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static void crc32_init_table(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32_table(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++)
        crc = crc_table[(crc ^ p[i]) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

static uint32_t adler32_simple(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

/* Reduces only every 5552 bytes, the largest run that cannot overflow 32 bits. */
static uint32_t adler32_deferred(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;
    while (n > 0) {
        size_t run = n < 5552 ? n : 5552;
        n -= run;
        while (run--) {
            a += *p++;
            b += a;
        }
        a %= 65521u;
        b %= 65521u;
    }
    return (b << 16) | a;
}

static uint32_t fnv1a32(const uint8_t *p, size_t n)
{
    uint32_t h = 0x811C9DC5u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x01000193u;
    }
    return h;
}

/* Same hash with the multiply by the FNV prime 2^24 + 2^8 + 0x93 done as shifts. */
static uint32_t fnv1a32_shifts(const uint8_t *p, size_t n)
{
    uint32_t h = 0x811C9DC5u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24);
    }
    return h;
}

static uint64_t fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001B3ull;
    }
    return h;
}

static const uint8_t *str(const char *s) { return (const uint8_t *)s; }

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "checksum");

    uint32_t seed = 0x12345678u;
    for (size_t i = 0; i < DATA_LEN; i++)
        data[i] = (uint8_t)(ex_rand(&seed) >> 24);
    crc32_init_table();

    /* known-answer vectors */
    ex_check(&ex, crc32_bitwise(str("123456789"), 9) == 0xCBF43926u, "crc32 bitwise kat");
    ex_check(&ex, crc32_table(str("123456789"), 9) == 0xCBF43926u, "crc32 table kat");
    ex_check(&ex, adler32_simple(str("Wikipedia"), 9) == 0x11E60398u, "adler32 kat");
    ex_check(&ex, fnv1a32(str(""), 0) == 0x811C9DC5u, "fnv1a32 empty kat");
    ex_check(&ex, fnv1a32(str("a"), 1) == 0xE40C292Cu, "fnv1a32 kat");
    ex_check(&ex, fnv1a64(str("a"), 1) == 0xAF63DC4C8601EC8Cull, "fnv1a64 kat");

    uint32_t crc_a = crc32_bitwise(data, DATA_LEN);
    uint32_t crc_b = crc32_table(data, DATA_LEN);
    uint32_t ad_a = adler32_simple(data, DATA_LEN);
    uint32_t ad_b = adler32_deferred(data, DATA_LEN);
    uint32_t fnv_a = fnv1a32(data, DATA_LEN);
    uint32_t fnv_b = fnv1a32_shifts(data, DATA_LEN);
    uint64_t fnv64 = fnv1a64(data, DATA_LEN);
    ex_check(&ex, crc_a == crc_b, "crc32 bitwise == table");
    ex_check(&ex, ad_a == ad_b, "adler32 simple == deferred");
    ex_check(&ex, fnv_a == fnv_b, "fnv1a32 multiply == shifts");

    /* CRC property: appending the little-endian CRC of a message gives the residue 0x2144DF1C */
    static uint8_t framed[DATA_LEN + 4];
    memcpy(framed, data, DATA_LEN);
    for (int i = 0; i < 4; i++)
        framed[DATA_LEN + i] = (uint8_t)(crc_a >> (8 * i));
    ex_check(&ex, crc32_table(framed, DATA_LEN + 4) == 0x2144DF1Cu, "crc32 residue");

    rt_printf("checksum: crc table at %p\n", (void *)crc_table);
    rt_printf("checksum: %d bytes crc32=0x%08x adler32=0x%08x fnv1a32=0x%08x fnv1a64=0x%016llx\n",
              DATA_LEN, (unsigned)crc_a, (unsigned)ad_a, (unsigned)fnv_a, (unsigned long long)fnv64);
    uint32_t sum = crc_a ^ (ad_a * 3u) ^ (fnv_a * 5u) ^ (uint32_t)fnv64 ^ (uint32_t)(fnv64 >> 32);
    ex_report(&ex, sum);
    return ex_finish(&ex);
}
