/* hello: the README demo. Prints a greeting and the counters it read. */
#include "pmusim_example.h"

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "hello");
    uint64_t cycle0 = rt_read_mcycle();
    uint64_t instret0 = ex.instret0;

    rt_puts("Hello from pmusim (" RT_MACHINE_NAME ", RV");
    rt_printf("%d)\n", __riscv_xlen);
    uint32_t sum = 0;
    for (uint32_t i = 1; i <= 100; i++)
        sum += i * i;
    ex_check(&ex, sum == 338350u, "sum of squares 1..100");
    rt_printf("hello: sum of squares 1..100 = %u\n", (unsigned)sum);

    uint64_t cycle1 = rt_read_mcycle();
    ex_report(&ex, sum);
    /* counter values depend on the host: printed after the measured region */
    rt_printf("hello: minstret at start of main = %llu, mcycle = %llu\n", (unsigned long long)instret0,
              (unsigned long long)cycle0);
    rt_printf("hello: mcycle delta = %llu\n", (unsigned long long)(cycle1 - cycle0));
    return ex_finish(&ex);
}
