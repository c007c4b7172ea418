/* Machine ports: console output and exit. */
#include "pmusim_rt.h"

extern void rt_spin_forever(void);

#if defined(PMUSIM_MACHINE_VIRT)

/* ns16550: THR at +0, LSR at +5 (bit 5 = THR empty). */
void rt_putc(char c)
{
    volatile uint8_t *uart = (volatile uint8_t *)(uintptr_t)RT_UART_BASE;
    while ((uart[5] & 0x20u) == 0) {
    }
    uart[0] = (uint8_t)c;
}

static void port_exit(int code)
{
    volatile uint32_t *finisher = (volatile uint32_t *)(uintptr_t)RT_FINISHER_BASE;
    *finisher = code == 0 ? 0x5555u : (((uint32_t)code << 16) | 0x3333u);
}

#elif defined(PMUSIM_MACHINE_MBV)

/* AXI UART Lite: TX FIFO at +4, STAT at +8 (bit 3 = TX FIFO full). */
void rt_putc(char c)
{
    volatile uint32_t *ul = (volatile uint32_t *)(uintptr_t)RT_UARTLITE_BASE;
    while (ul[2] & 0x8u) {
    }
    ul[1] = (uint8_t)c;
}

static void port_exit(int code)
{
    (void)code; /* tohost ends the run; hardware has no exit device: rt_exit spins */
}

#elif defined(PMUSIM_MACHINE_VEER)

/* Testbench mailbox: bytes 0x06..0x7E are console characters (0xFF and 0x01 end the
   test), so other bytes are printed as '?'. */
void rt_putc(char c)
{
    uint8_t b = (uint8_t)c;
    if (b < 0x06u || b > 0x7Eu)
        b = '?';
    *(volatile uint8_t *)(uintptr_t)RT_MAILBOX_ADDR = b;
}

static void port_exit(int code)
{
    *(volatile uint8_t *)(uintptr_t)RT_MAILBOX_ADDR = code == 0 ? 0xFFu : 0x01u;
}

#endif

void rt_puts(const char *s)
{
    while (*s)
        rt_putc(*s++);
}

void rt_write(const char *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        rt_putc(buf[i]);
}

void rt_exit(int code)
{
    /* Any fault from here on (e.g. no finisher on an HTIF-only host) just spins. */
    rt_write_csr(mtvec, (uintptr_t)&rt_spin_forever);
    uint64_t v = ((uint64_t)(uint32_t)code << 1) | 1u;
#if __riscv_xlen == 32
    /* high word first, so a host polling the low word sees a complete value */
    volatile uint32_t *th = (volatile uint32_t *)(uintptr_t)&tohost;
    th[1] = (uint32_t)(v >> 32);
    th[0] = (uint32_t)v;
#else
    tohost = v;
#endif
    port_exit(code);
    for (;;)
        __asm__ volatile("wfi");
}

void exit(int code) __attribute__((alias("rt_exit")));
void _exit(int code) __attribute__((alias("rt_exit")));
