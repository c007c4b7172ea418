/* A DMA copy takes time (docs/mips-cm.md "IOCUs and the DMA engine"): LEN bytes at 8 bytes a
 * cycle, visible in 4 KiB pieces, DONE from the cycle the last byte is copied. The guest starts a
 * copy of 256 KiB (32768 cycles) and checks, by mcycle: STATUS reads BUSY at once and the
 * destination is still empty; a START while busy is ignored; halfway through, the first piece is
 * there and the last is not; DONE comes no earlier than 32768 cycles after the start and within
 * a few polls of it; then every word is the source's. Exit status: the failed check. */
#include "cm.h"

#define LEN (256u << 10)
#define N (LEN / 8)
#define CYCLES (LEN / 8) /* 8 bytes a cycle */
static volatile uint64_t src[N] __attribute__((aligned(64)));
static volatile uint64_t other[8] __attribute__((aligned(64)));
static volatile uint64_t dst[N] __attribute__((aligned(64)));

static inline uint64_t mcycle(void)
{
    uint64_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

static uint64_t pattern(unsigned k)
{
    return k * 0x9E3779B97F4A7C15ull + 1;
}

int main(void)
{
    for (unsigned k = 0; k < N; k++)
        src[k] = pattern(k);
    DMA_REG(0x00) = (uintptr_t)src;
    DMA_REG(0x08) = (uintptr_t)dst;
    DMA_REG(0x10) = LEN;
    uint64_t t0 = mcycle();
    DMA_REG(0x18) = 1; /* START, not coherent, IOCU 0 */
    if (DMA_REG(0x20) != 4)
        return 1; /* BUSY */
    if (dst[0] != 0 || dst[N - 1] != 0)
        return 2; /* nothing copied yet */
    DMA_REG(0x00) = (uintptr_t)other; /* a START while busy: ignored, the copy goes on */
    DMA_REG(0x18) = 1;
    while (mcycle() - t0 < CYCLES / 2)
        ;
    if (DMA_REG(0x20) != 4)
        return 3; /* still BUSY halfway */
    if (dst[0] != pattern(0) || dst[N - 1] != 0)
        return 4; /* the first piece is there, the last is not */
    uint64_t st;
    while ((st = DMA_REG(0x20)) == 4)
        ;
    uint64_t took = mcycle() - t0;
    if (st != 1)
        return 5; /* DONE */
    if (took < CYCLES)
        return 6; /* not before the last byte's cycle */
    if (took > CYCLES + 1000)
        return 7; /* seen within a few polls of it */
    for (unsigned k = 0; k < N; k++)
        if (dst[k] != pattern(k))
            return 8;
    DMA_REG(0x20) = 1; /* write 1 to clear */
    if (DMA_REG(0x20) != 0)
        return 9;
    return 0;
}
