/* The boot payload: what Linux expects of the platform when it boots from a raw Image with an
 * initrd, checked from inside (tests/sbi/run_image.sh runs it under the built-in SBI and under
 * OpenSBI):
 *   - it runs where the Image header says (RAM + text_offset) with a0 = hartid, a1 = the DTB;
 *   - /chosen has linux,initrd-start/-end around the initrd, whose bytes are the test's pattern;
 *   - the DTB's cpu says mmu-type riscv,sv48, the UART names PLIC input 10, the PLIC is there;
 *   - the UART's transmitter-empty interrupt reaches S-mode through the PLIC (SEIP), claimed and
 *     completed as Linux's 8250 and PLIC drivers do;
 *   - wfi wakes on the supervisor timer interrupt that SBI set_timer arms, with sstatus.SIE off.
 * Exit status: the number of failed checks. */
#include <stdint.h>

#define UART 0x10000000ul
#define PLIC 0x0c000000ul
#define PLIC_S_CONTEXT 1 /* hart 0's S-mode context */
#define UART_IRQ 10
#define SIP_SEIP (1ul << 9)
#define SIE_STIE (1ul << 5)
#define EXT_TIME 0x54494D45

volatile int s_irqs;
volatile unsigned long last_scause;
static int failures;

static long sbi(long eid, long fid, long a0)
{
    register long r0 __asm__("a0") = a0, r1 __asm__("a1") = 0;
    register long r6 __asm__("a6") = fid, r7 __asm__("a7") = eid;
    __asm__ volatile("ecall" : "+r"(r0), "+r"(r1) : "r"(r6), "r"(r7) : "memory");
    return r0;
}
static void putc_(char c)
{
    volatile uint8_t *u = (volatile uint8_t *)UART;
    while (!(u[5] & 0x20))
        ;
    u[0] = (uint8_t)c;
}
static void puts_(const char *s)
{
    while (*s)
        putc_(*s++);
}
static void puthex(unsigned long v)
{
    puts_("0x");
    for (int k = 60; k >= 0; k -= 4)
        putc_("0123456789abcdef"[(v >> k) & 15]);
}
static void check(const char *name, unsigned long got, unsigned long want)
{
    puts_(got == want ? "ok   " : "FAIL ");
    puts_(name);
    puts_(" = ");
    puthex(got);
    if (got != want) {
        puts_(" (expected ");
        puthex(want);
        puts_(")");
        failures++;
    }
    puts_("\n");
}

/* ---- a minimal flattened device tree reader: a property of the node at a path ---- */
static uint32_t be32(const void *p)
{
    const uint8_t *b = p;
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}
static int streq(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}
/* The value (and length) of property `prop` of the node at `path` ("/chosen", "/soc/serial@..."). */
static const uint8_t *fdt_prop(const uint8_t *fdt, const char *path, const char *prop, uint32_t *len)
{
    const uint8_t *p = fdt + be32(fdt + 8);
    const char *strings = (const char *)fdt + be32(fdt + 12);
    char cur[128];
    int depth = 0, at = 0;
    unsigned marks[16];
    for (;;) {
        uint32_t tok = be32(p);
        p += 4;
        if (tok == 1) { /* FDT_BEGIN_NODE */
            const char *name = (const char *)p;
            int n = 0;
            while (name[n])
                n++;
            marks[depth++] = (unsigned)at;
            if (depth > 1) {
                cur[at++] = '/';
                for (int k = 0; k < n && at < 120; k++)
                    cur[at++] = name[k];
            }
            cur[at] = 0;
            p += (n + 4) & ~3;
        } else if (tok == 2) { /* FDT_END_NODE */
            at = (int)marks[--depth];
            cur[at] = 0;
        } else if (tok == 3) { /* FDT_PROP */
            uint32_t l = be32(p), name = be32(p + 4);
            const uint8_t *v = p + 8;
            if (streq(depth == 1 ? "/" : cur, path) && streq(strings + name, prop)) {
                *len = l;
                return v;
            }
            p += 8 + ((l + 3) & ~3u);
        } else if (tok == 4) { /* FDT_NOP */
        } else {
            return 0;
        }
    }
}
static unsigned long fdt_num(const uint8_t *fdt, const char *path, const char *prop)
{
    uint32_t len = 0;
    const uint8_t *v = fdt_prop(fdt, path, prop, &len);
    if (!v)
        return ~0ul;
    return len == 8 ? (unsigned long)be32(v) << 32 | be32(v + 4) : be32(v);
}

static unsigned long rdtime(void)
{
    unsigned long t;
    __asm__ volatile("rdtime %0" : "=r"(t));
    return t;
}

extern char _start[];

int main(unsigned long hartid, const uint8_t *dtb)
{
    puts_("boot payload\n");
    check("hartid", hartid, 0);
    check("entry", (unsigned long)_start, 0x80200000ul);
    check("dtb magic", be32(dtb), 0xd00dfeed);
    uint32_t len = 0;
    const uint8_t *mmu = fdt_prop(dtb, "/cpus/cpu@0", "mmu-type", &len);
    check("mmu-type riscv,sv48", mmu && streq((const char *)mmu, "riscv,sv48"), 1);
    unsigned long plic_phandle = fdt_num(dtb, "/soc/plic@c000000", "phandle");
    check("uart interrupt-parent is the plic", fdt_num(dtb, "/soc/serial@10000000", "interrupt-parent"),
          plic_phandle);
    check("uart interrupts", fdt_num(dtb, "/soc/serial@10000000", "interrupts"), UART_IRQ);

    /* the initrd: the pattern byte k = (k * 7 + k / 251) & 255 */
    unsigned long start = fdt_num(dtb, "/chosen", "linux,initrd-start");
    unsigned long end = fdt_num(dtb, "/chosen", "linux,initrd-end");
    check("initrd start (kernel + 64 MiB of 128)", start, 0x80200000ul + (64ul << 20));
    check("initrd size", end - start, 300000);
    unsigned long bad = 0;
    for (unsigned long k = 0; k < end - start && k < 300000; k++)
        bad += ((const uint8_t *)start)[k] != (uint8_t)(k * 7 + k / 251);
    check("initrd bytes differing from the pattern", bad, 0);

    /* UART -> PLIC -> SEIP, polled through sip with interrupts masked */
    volatile uint32_t *plic = (volatile uint32_t *)PLIC;
    volatile uint8_t *uart = (volatile uint8_t *)UART;
    plic[UART_IRQ] = 1;                                                  /* priority */
    plic[(0x2000 + 0x80 * PLIC_S_CONTEXT) / 4] = 1u << UART_IRQ;         /* enable */
    plic[(0x200000 + 0x1000 * PLIC_S_CONTEXT) / 4] = 0;                  /* threshold */
    unsigned long sip;
    __asm__ volatile("csrr %0, sip" : "=r"(sip));
    check("sip.SEIP before the UART asks", sip & SIP_SEIP, 0);
    uart[1] = 0x02; /* IER.ETBEI: THR is empty */
    __asm__ volatile("csrr %0, sip" : "=r"(sip));
    check("sip.SEIP with THRE enabled", sip & SIP_SEIP, SIP_SEIP);
    /* no console output from here to the completion: every byte written raises THRE again */
    uint32_t id = plic[(0x200004 + 0x1000 * PLIC_S_CONTEXT) / 4];
    uint8_t iir1 = uart[2], iir2 = uart[2];
    unsigned long sip_claimed;
    __asm__ volatile("csrr %0, sip" : "=r"(sip_claimed));
    plic[(0x200004 + 0x1000 * PLIC_S_CONTEXT) / 4] = id; /* complete */
    __asm__ volatile("csrr %0, sip" : "=r"(sip));
    uart[1] = 0;
    check("claim", id, UART_IRQ);
    check("uart IIR reports THRE", iir1 & 0x0f, 0x02);
    check("uart IIR after that read", iir2 & 0x0f, 0x01);
    check("sip.SEIP while claimed", sip_claimed & SIP_SEIP, 0);
    check("sip.SEIP after completion", sip & SIP_SEIP, 0);

    /* wfi with the SBI timer armed and only sie.STIE set (sstatus.SIE off): it wakes at the timer */
    unsigned long t0 = rdtime();
    sbi(EXT_TIME, 0, (long)(t0 + 5000));
    __asm__ volatile("csrw sie, %0" ::"r"(SIE_STIE));
    __asm__ volatile("wfi");
    unsigned long t1 = rdtime();
    check("wfi woke at the timer", t1 >= t0 + 5000, 1);
    __asm__ volatile("csrr %0, sip" : "=r"(sip));
    check("sip.STIP", (sip >> 5) & 1, 1);
    __asm__ volatile("csrw sie, zero");
    sbi(EXT_TIME, 0, -1l);
    puts_(failures ? "boot payload: checks failed\n" : "boot payload: all checks passed\n");
    return failures;
}
