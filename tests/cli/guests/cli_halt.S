/* VeeR firmware halt (mpmc[0] = 1) that no interrupt can end: status 123.
 *   default: mie = 0
 *   HALT_TIMER: mie enables internal timer 0 (mip bit 29), but the timer does not count while
 *   the core is halted (mitctl0.halt_en = 0, its reset value 1 = enabled only) */
#define CSR_MPMC 0x7c6
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
#ifdef HALT_TIMER
    li t0, 1 << 29
    csrw mie, t0
#else
    csrw mie, zero
#endif
    csrwi CSR_MPMC, 1
1:  j 1b
