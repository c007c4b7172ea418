/* DMA through the IOCUs: the core writes a source buffer (modified in its L1D), IOCU 0 copies it
 * coherently (interventions from the IOCU), the core reads the copy, IOCU 1 copies that copy
 * without coherence. Each copy is checked. The CM counts follow from the model (docs/mips-cm.md). */
#include "cm.h"

#define LINES 4
#define N (LINES * 8)
static volatile uint64_t src[N] __attribute__((aligned(64)));
static volatile uint64_t dst[N] __attribute__((aligned(64)));
static volatile uint64_t dst2[N] __attribute__((aligned(64)));

static int copy(volatile uint64_t *from, volatile uint64_t *to, unsigned ctrl)
{
    DMA_REG(0x00) = (uintptr_t)from;
    DMA_REG(0x08) = (uintptr_t)to;
    DMA_REG(0x10) = N * 8;
    DMA_REG(0x18) = ctrl | 1;
    uint64_t st;
    while ((st = DMA_REG(0x20)) == 4) /* BUSY until the copy ends */
        ;
    DMA_REG(0x20) = st; /* clear DONE */
    return st == 1 ? 0 : 1;
}

int main(void)
{
    for (unsigned k = 0; k < N; k++)
        src[k] = k * 0x9E3779B97F4A7C15ull;
    if (copy(src, dst, 2)) /* coherent, IOCU 0 */
        return 1;
    uint64_t sum = 0;
    for (unsigned k = 0; k < N; k++) {
        if (dst[k] != k * 0x9E3779B97F4A7C15ull)
            return 2;
        sum += dst[k];
    }
    if (copy(dst, dst2, 4)) /* not coherent, IOCU 1 */
        return 3;
    for (unsigned k = 0; k < N; k++)
        if (dst2[k] != dst[k])
            return 4;
    DMA_REG(0x00) = 0x1000; /* not memory: an error, nothing copied */
    DMA_REG(0x18) = 1;
    if (DMA_REG(0x20) != 2)
        return 5;
    return sum == 0;
}
