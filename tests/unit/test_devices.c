/* Unit tests of the device models (src/dev), each on a small test platform: a bus with RAM, the
 * device at its usual address, and a dev_host_t that records what the device asks for. */
#include <stdlib.h>
#include <string.h>

#include "cpu/hart.h"
#include "dev/devices.h"
#include "unit.h"

#define UART 0x10000000u
#define CLINT 0x2000000u
#define FINISHER 0x100000u
#define MAILBOX 0xD0580000u
#define RAM 0x80000000u
#define TICK 10 /* cycles per mtime tick */

/* The platform the devices see: console captured in memory, exits and interrupt lines recorded,
 * time from a hart's cycle clock (so tests move time by its stall cycles). */
typedef struct test_platform {
    dev_host_t host;
    bus_t bus;
    hart_t hart;   /* hart 0: its mip takes the lines; the cycle clock is the time base */
    uint64_t mip1; /* hart 1's lines */
    unsigned set_irq_calls;
    uart16550_t *uart;
    clint_t *clint;
    veer_mailbox_t *mailbox;
    htif_t htif;
    semihost_t semihost;
    bool exited;
    int exit_code;
    FILE *console;
    const char *input; /* console input still to come (NULL: none); tp_console_read takes it */
    unsigned input_reads;
} test_platform_t;

static void tp_console_write(void *ctx, const void *buf, size_t n)
{
    test_platform_t *m = ctx;
    fwrite(buf, 1, n, m->console);
}

static int tp_console_read(void *ctx)
{
    test_platform_t *m = ctx;
    m->input_reads++;
    if (!m->input || !*m->input)
        return -1;
    return (unsigned char)*m->input++;
}

static void tp_exit(void *ctx, int code)
{
    test_platform_t *m = ctx;
    m->exited = true;
    m->exit_code = code;
}

static void tp_set_irq(void *ctx, unsigned hart, unsigned irq, bool level)
{
    test_platform_t *m = ctx;
    m->set_irq_calls++;
    uint64_t *mip = hart == 0 ? &m->hart.csr.mip : &m->mip1;
    *mip = level ? *mip | (1ull << irq) : *mip & ~(1ull << irq);
}

static uint64_t tp_cycles(void *ctx)
{
    test_platform_t *m = ctx;
    return hart_cycle(&m->hart);
}

static void tp_deadline_changed(void *ctx)
{
    test_platform_t *m = ctx;
    hart_kick(&m->hart);
}

typedef struct fixture {
    test_platform_t *m;
    char *out;
    size_t out_len;
} fixture_t;

static void fixture_open(fixture_t *f, unsigned xlen)
{
    memset(f, 0, sizeof(*f));
    test_platform_t *m = f->m = aligned_alloc(_Alignof(test_platform_t), sizeof(*m)); /* its hart's page */
    memset(m, 0, sizeof(*m));
    m->host = (dev_host_t){ m,
                            &m->bus,
                            tp_console_write,
                            tp_exit,
                            tp_set_irq,
                            tp_cycles,
                            tp_deadline_changed,
                            NULL /* dma */,
                            tp_console_read,
                            NULL,
                            NULL /* hart_run */,
                            NULL /* console_ended */ };
    m->hart.xlen = xlen;
    m->console = open_memstream(&f->out, &f->out_len);
    bus_add_ram(&m->bus, "ram", RAM, 1u << 20, REGION_EXEC);
    device_params_t params = { .n_harts = 2, .cycles_per_tick = TICK };
    m->uart = uart16550_class.create(&m->host, &params);
    m->clint = clint_class.create(&m->host, &params);
    m->mailbox = veer_mailbox_class.create(&m->host, &params);
    bus_add_device(&m->bus, "uart", UART, uart16550_class.size, uart16550_class.ops, m->uart,
                   REGION_SIDE_EFFECT);
    bus_add_device(&m->bus, "clint", CLINT, clint_class.size, clint_class.ops, m->clint, REGION_SIDE_EFFECT);
    bus_add_device(&m->bus, "finisher", FINISHER, sifive_test_class.size, sifive_test_class.ops, &m->host,
                   REGION_SIDE_EFFECT);
    bus_add_device(&m->bus, "mailbox", MAILBOX, veer_mailbox_class.size, veer_mailbox_class.ops, m->mailbox,
                   REGION_SIDE_EFFECT);
    m->htif.host = m->semihost.host = &m->host;
}

/* Console output so far. */
static const char *fixture_output(fixture_t *f)
{
    static const char none[] = "";
    fflush(f->m->console);
    return f->out ? f->out : none;
}

static void fixture_clear_output(fixture_t *f)
{
    fclose(f->m->console);
    free(f->out);
    f->out = NULL;
    f->m->console = open_memstream(&f->out, &f->out_len);
}

static void fixture_close(fixture_t *f)
{
    fclose(f->m->console);
    free(f->out);
    free(f->m->uart);
    clint_free(f->m->clint);
    free(f->m->mailbox);
    bus_free(&f->m->bus);
    free(f->m);
}

/* An access as the memory slow path makes it: the region's RAM or the device's callbacks. */
static bus_status_t bus_access(fixture_t *f, uint64_t addr, unsigned size, uint64_t *val, bool write)
{
    const bus_region_t *r = bus_find(&f->m->bus, addr, size);
    if (!r)
        return BUS_FAULT;
    if (r->host) {
        if (write) {
            memcpy(r->host + (addr - r->base), val, size);
        } else {
            *val = 0;
            memcpy(val, r->host + (addr - r->base), size); /* little-endian host */
        }
        return BUS_OK;
    }
    if (write)
        return r->ops->write ? r->ops->write(r->opaque, addr - r->base, size, *val) : BUS_FAULT;
    return r->ops->read ? r->ops->read(r->opaque, addr - r->base, size, val) : BUS_FAULT;
}

static uint64_t rd(fixture_t *f, uint64_t addr, unsigned size)
{
    uint64_t v = 0xDEADBEEF;
    if (bus_access(f, addr, size, &v, false) != BUS_OK)
        return 0xBAD;
    return v;
}

static bus_status_t wr(fixture_t *f, uint64_t addr, unsigned size, uint64_t v)
{
    return bus_access(f, addr, size, &v, true);
}

/* Console input: a byte is taken when the guest looks at LSR or RBR, held until RBR is read,
 * never lost, and nothing is taken while one is held or in loopback. */
static void test_uart_input(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 32);
    f.m->input = "ab";
    CHECK_EQ(f.m->input_reads, 0);       /* nothing read before the guest asks */
    CHECK_EQ(rd(&f, UART + 5, 1), 0x61); /* LSR: DR, THR empty, idle */
    CHECK_EQ(rd(&f, UART + 5, 1), 0x61); /* still the same byte held */
    CHECK_EQ(f.m->input_reads, 1);
    CHECK_EQ(rd(&f, UART + 0, 1), 'a');  /* RBR hands it over */
    CHECK_EQ(rd(&f, UART + 0, 1), 'b');  /* RBR without LSR first: the next one */
    CHECK_EQ(rd(&f, UART + 5, 1), 0x60); /* input ended: no DR */
    CHECK_EQ(rd(&f, UART + 0, 1), 0);
    f.m->input = "c";
    wr(&f, UART + 4, 1, 0x10); /* loopback: the line is not read */
    unsigned before = f.m->input_reads;
    CHECK_EQ(rd(&f, UART + 5, 1), 0x60);
    CHECK_EQ(f.m->input_reads, before);
    wr(&f, UART + 4, 1, 0);
    wr(&f, UART + 3, 1, 0x83); /* DLAB: RBR reads DLL, the byte stays */
    CHECK_EQ(rd(&f, UART + 0, 1), 1);
    wr(&f, UART + 3, 1, 0x03);
    CHECK_EQ(rd(&f, UART + 0, 1), 'c');
    fixture_close(&f);
}

/* The UART's interrupt output, as a controller input would see it. */
static void record_line(void *ctx, unsigned n, bool level)
{
    (void)n;
    *(int *)ctx = level;
}

/* Interrupts as the 16550 raises them: THR empty when ETBEI is enabled and after every write,
 * cleared by the IIR read that reports it; received data while a byte is held, above THRE; the
 * receive interrupt polls the console while enabled. */
static void test_uart_irq(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 32);
    int line = -1;
    irq_line_t out = { record_line, &line, 10 };
    device_params_t params = { .n_harts = 1, .irq = &out };
    uart16550_t *uart = uart16550_class.create(&f.m->host, &params);
    const device_ops_t *ops = uart16550_class.ops;
    uint64_t v;
#define URD(off) (ops->read(uart, (off), 1, &v), v)
#define UWR(off, x) ops->write(uart, (off), 1, (x))
    CHECK_EQ(URD(2), 0x01);
    CHECK_EQ(line, -1); /* never raised */
    UWR(1, 0x02);       /* ETBEI: THR is empty, so the interrupt is pending at once */
    CHECK_EQ(line, 1);
    CHECK_EQ(URD(2), 0x02); /* reported, and cleared by the read */
    CHECK_EQ(line, 0);
    CHECK_EQ(URD(2), 0x01);
    UWR(0, 'x'); /* the byte goes out at once: THR empty again */
    CHECK_EQ(line, 1);
    CHECK_STR(fixture_output(&f), "x");
    UWR(1, 0x00); /* ETBEI off: nothing pending */
    CHECK_EQ(line, 0);
    CHECK_EQ(URD(2), 0x01);

    /* receive: nothing polled while ERBFI is off; on, the next poll takes the byte */
    f.m->input = "k";
    CHECK_EQ(uart16550_class.next_event(uart), UINT64_MAX);
    CHECK_EQ(f.m->input_reads, 0);
    UWR(1, 0x03);
    CHECK_EQ(line, 1);                                      /* THRE */
    CHECK_EQ(uart16550_class.next_event(uart), UINT64_MAX); /* took 'k': nothing to poll for */
    CHECK_EQ(URD(2), 0x04);                                 /* data above THRE */
    CHECK_EQ(URD(2), 0x04);                                 /* not cleared by reading IIR */
    CHECK_EQ(URD(0), 'k');
    CHECK_EQ(URD(2), 0x02); /* then THRE, still pending */
    CHECK_EQ(line, 0);
    CHECK(uart16550_class.next_event(uart) < UINT64_MAX); /* no input yet: polls again */
    uart16550_reset(uart);
    CHECK_EQ(line, 0);
    CHECK_EQ(URD(2), 0x01);
#undef URD
#undef UWR
    uart16550_class.destroy(uart);
    fixture_close(&f);
}

/* The PLIC: level-triggered gateways, priorities and thresholds per context, claim and complete,
 * and contexts 2k / 2k+1 driving hart k's MEIP / SEIP. */
static void test_plic(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 64);
    device_params_t params = { .n_harts = 2, .has_s_mode = true };
    void *plic = plic_class.create(&f.m->host, &params);
    plic_class.reset(plic);
    const device_ops_t *ops = plic_class.ops;
    uint64_t v;
    uint64_t *mip0 = &f.m->hart.csr.mip, *mip1 = &f.m->mip1;
#define PRD(off) (ops->read(plic, (off), 4, &v), v)
#define PWR(off, x) ops->write(plic, (off), 4, (x))
#define CTX(c) (0x200000u + 0x1000u * (c))
#define MEIP (1ull << 11)
#define SEIP (1ull << 9)
    plic_class.irq_input(plic, 10, true);
    CHECK_EQ(PRD(0x1000), 1u << 10); /* pending, but priority 0 never interrupts */
    CHECK_EQ(*mip0 & (MEIP | SEIP), 0);
    PWR(4 * 10, 0xFF);
    CHECK_EQ(PRD(4 * 10), 7); /* three priority bits */
    PWR(0x2000 + 0x80 * 1, 1u << 10); /* hart 0's S context enables source 10 */
    CHECK_EQ(*mip0 & (MEIP | SEIP), SEIP);
    PWR(CTX(1), 7); /* threshold 7: priority 7 is not above it */
    CHECK_EQ(*mip0 & SEIP, 0);
    PWR(CTX(1), 3);
    CHECK_EQ(*mip0 & SEIP, SEIP);
    CHECK_EQ(*mip1, 0);

    /* a second source of higher priority is taken first; equal priorities: the lower ID */
    PWR(4 * 5, 4);
    PWR(4 * 33, 7);
    PWR(0x2000 + 0x80 * 1, (1u << 10) | (1u << 5));
    PWR(0x2000 + 0x80 * 1 + 4, 1u << 1); /* source 33 */
    plic_class.irq_input(plic, 5, true);
    plic_class.irq_input(plic, 33, true);
    CHECK_EQ(PRD(CTX(1) + 4), 10); /* 10 and 33 both at 7: the lower ID, then 5 at 4 */
    CHECK_EQ(PRD(CTX(1) + 4), 33);
    CHECK_EQ(PRD(CTX(1) + 4), 5);
    CHECK_EQ(*mip0 & SEIP, 0); /* all in service */
    CHECK_EQ(PRD(CTX(1) + 4), 0);
    PWR(CTX(1) + 4, 33); /* complete with the line still high: pending again */
    CHECK_EQ(*mip0 & SEIP, SEIP);
    plic_class.irq_input(plic, 33, false);
    CHECK_EQ(*mip0 & SEIP, SEIP); /* the gateway forwarded it: it stays pending until claimed */
    CHECK_EQ(PRD(CTX(1) + 4), 33);
    PWR(CTX(1) + 4, 33); /* line low now: done */
    plic_class.irq_input(plic, 10, false);
    PWR(CTX(1) + 4, 10);
    PWR(CTX(1) + 4, 5);
    CHECK_EQ(PRD(0x1000), 1u << 5); /* source 5's line is still high */
    plic_class.irq_input(plic, 5, false);
    PWR(0x2000 + 0x80 * 1, 0);
    PWR(0x2000 + 0x80 * 1 + 4, 0);
    CHECK_EQ(PRD(CTX(1) + 4), 0);   /* nothing enabled: nothing to claim... */
    CHECK_EQ(PRD(0x1000), 1u << 5); /* ...but pending stays until claimed */
    PWR(0x2000 + 0x80 * 1, 1u << 5);
    CHECK_EQ(PRD(CTX(1) + 4), 5);
    PWR(0x2000 + 0x80 * 1, 0);
    PWR(CTX(1) + 4, 5); /* ...and a completion of a source the context does not enable is ignored */
    CHECK_EQ(PRD(CTX(1) + 4), 0);

    /* context 2 is hart 1's M-mode */
    PWR(0x2000 + 0x80 * 2, 1u << 7);
    PWR(4 * 7, 1);
    plic_class.irq_input(plic, 7, true);
    CHECK_EQ(*mip1 & (MEIP | SEIP), MEIP);
    CHECK_EQ(*mip0 & (MEIP | SEIP), 0);
    CHECK_EQ(PRD(0x2000 + 0x80 * 2), 1u << 7);
    PWR(0x2000, 1); /* source 0 does not exist */
    CHECK_EQ(PRD(0x2000), 0);
    plic_class.reset(plic);
    CHECK_EQ(PRD(4 * 7), 0);
    CHECK_EQ(PRD(0x1000), 1u << 7); /* the line is still high */
    CHECK_EQ(*mip1 & MEIP, 0);
#undef PRD
#undef PWR
#undef CTX
#undef MEIP
#undef SEIP
    plic_class.destroy(plic);
    fixture_close(&f);
}

static void test_uart(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 32);

    CHECK_EQ(rd(&f, UART + 5, 1), 0x60); /* LSR: THR empty, idle */
    CHECK_EQ(rd(&f, UART + 0, 1), 0);    /* RBR: nothing received */
    CHECK_EQ(rd(&f, UART + 2, 1), 0x01); /* IIR: no interrupt */
    wr(&f, UART + 0, 1, 'h');
    wr(&f, UART + 0, 4, 0x1234569); /* wide store: low byte 'i' */
    CHECK_STR(fixture_output(&f), "hi");

    /* divisor latch */
    wr(&f, UART + 3, 1, 0x83);
    wr(&f, UART + 0, 1, 0x12);
    wr(&f, UART + 1, 1, 0x34);
    CHECK_EQ(rd(&f, UART + 0, 1), 0x12);
    CHECK_EQ(rd(&f, UART + 1, 1), 0x34);
    CHECK_EQ(rd(&f, UART + 3, 1), 0x83);
    CHECK_STR(fixture_output(&f), "hi"); /* DLL writes are not output */
    wr(&f, UART + 3, 1, 0x03);
    CHECK_EQ(rd(&f, UART + 1, 1), 0); /* IER untouched by the DLM write */
    wr(&f, UART + 1, 1, 0xFF);
    CHECK_EQ(rd(&f, UART + 1, 1), 0x0F);
    CHECK_EQ(rd(&f, UART + 1, 4), 0x0F); /* wide read: register in the low byte */

    wr(&f, UART + 2, 1, 0x07); /* FIFOs on, reset bits self-clear */
    CHECK_EQ(rd(&f, UART + 2, 1), 0xC2); /* IIR: THR empty (ETBEI was enabled), cleared by this read */
    CHECK_EQ(rd(&f, UART + 2, 1), 0xC1);
    wr(&f, UART + 7, 1, 0x5A);
    CHECK_EQ(rd(&f, UART + 7, 1), 0x5A);
    wr(&f, UART + 5, 1, 0); /* LSR is read-only */
    CHECK_EQ(rd(&f, UART + 5, 1), 0x60);
    CHECK_EQ(rd(&f, UART + 6, 1), 0xB0);

    /* loopback: nothing reaches the console, MSR mirrors MCR */
    wr(&f, UART + 4, 1, 0x10 | 0x03);
    CHECK_EQ(rd(&f, UART + 6, 1), 0x30);
    wr(&f, UART + 0, 1, 'x');
    wr(&f, UART + 4, 1, 0);
    wr(&f, UART + 0, 1, '\n');
    CHECK_STR(fixture_output(&f), "hi\n");

    CHECK_EQ(rd(&f, UART + 0x80, 1), 0); /* rest of the window */
    uart16550_reset(f.m->uart);
    CHECK_EQ(rd(&f, UART + 7, 1), 0);
    CHECK_EQ(rd(&f, UART + 3, 1), 0x03);
    fixture_close(&f);
}

static void test_clint(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 32); /* 10 cycles per mtime tick */
    hart_t *h = &f.m->hart;
    clint_t *c = f.m->clint;

    CHECK_EQ(rd(&f, CLINT + 0x4000, 8), UINT64_MAX);
    CHECK_EQ(clint_update(c), UINT64_MAX);
    CHECK_EQ(h->csr.mip & 0x80, 0);

    h->stall_cycles = 1005; /* budget 0, no instructions: the cycle clock is the stall term */
    CHECK_EQ(clint_mtime(c), 100);
    CHECK_EQ(rd(&f, CLINT + 0xBFF8, 8), 100);
    CHECK_EQ(rd(&f, CLINT + 0xBFF8, 4), 100);
    CHECK_EQ(rd(&f, CLINT + 0xBFFC, 4), 0);

    hart_set_budget(h, 5);
    CHECK_EQ(wr(&f, CLINT + 0x4000, 8, 150), BUS_OK);
    CHECK_EQ(h->budget, 0);         /* kicked: the run loop must recompute its deadline */
    CHECK_EQ(clint_update(c), 495); /* mtime reaches 150 at cycle 1500 */
    h->stall_cycles = 1499;         /* budget 0, no instructions: the cycle clock is the stall term */
    CHECK_EQ(clint_update(c), 1);
    CHECK_EQ(h->csr.mip & 0x80, 0);
    h->stall_cycles = 1500; /* budget 0, no instructions: the cycle clock is the stall term */
    CHECK_EQ(clint_update(c), UINT64_MAX);
    CHECK_EQ(h->csr.mip & 0x80, 0x80);

    /* 32-bit halves: writing mtimecmp far away clears MTIP at once */
    CHECK_EQ(wr(&f, CLINT + 0x4004, 4, 0x1), BUS_OK);
    CHECK_EQ(h->csr.mip & 0x80, 0);
    CHECK_EQ(rd(&f, CLINT + 0x4000, 8), 0x100000096ull);
    CHECK_EQ(rd(&f, CLINT + 0x4004, 4), 1);
    CHECK_EQ(wr(&f, CLINT + 0x4000, 4, 0x20), BUS_OK);
    CHECK_EQ(rd(&f, CLINT + 0x4000, 8), 0x100000020ull);
    CHECK_EQ(wr(&f, CLINT + 0x4000, 1, 0), BUS_FAULT);
    CHECK_EQ(wr(&f, CLINT + 0x4002, 4, 0), BUS_FAULT);

    /* mtime writes are kept as an offset: reads return what was written, then advance */
    CHECK_EQ(wr(&f, CLINT + 0xBFF8, 8, 5000), BUS_OK);
    CHECK_EQ(rd(&f, CLINT + 0xBFF8, 8), 5000);
    h->stall_cycles += 100;
    CHECK_EQ(rd(&f, CLINT + 0xBFF8, 8), 5010);
    CHECK_EQ(wr(&f, CLINT + 0xBFFC, 4, 2), BUS_OK);
    CHECK_EQ(rd(&f, CLINT + 0xBFF8, 8), 0x200001392ull);
    CHECK_EQ(wr(&f, CLINT + 0xBFF8, 4, 7), BUS_OK);
    CHECK_EQ(rd(&f, CLINT + 0xBFF8, 8), 0x200000007ull);
    CHECK_EQ(wr(&f, CLINT + 0x4000, 8, 0x200000009ull), BUS_OK);
    CHECK_EQ(clint_update(c), 20 - hart_cycle(h) % 10);
    CHECK_EQ(wr(&f, CLINT + 0x4000, 8, 0x200000007ull), BUS_OK);
    CHECK_EQ(h->csr.mip & 0x80, 0x80);

    /* msip */
    CHECK_EQ(wr(&f, CLINT + 0, 4, 3), BUS_OK);
    CHECK_EQ(rd(&f, CLINT + 0, 4), 1);
    CHECK_EQ(h->csr.mip & 0x8, 0x8);
    CHECK_EQ(wr(&f, CLINT + 0, 4, 0), BUS_OK);
    CHECK_EQ(h->csr.mip & 0x8, 0);
    CHECK_EQ(rd(&f, CLINT + 4, 4), 0); /* hart 1's msip */
    CHECK_EQ(wr(&f, CLINT + 4, 4, 1), BUS_OK);
    CHECK_EQ(f.m->mip1 & 0x8, 0x8);
    CHECK_EQ(h->csr.mip & 0x8, 0);
    CHECK_EQ(rd(&f, CLINT + 0, 8), 1ull << 32); /* both harts' words at once */
    CHECK_EQ(wr(&f, CLINT + 4, 4, 0), BUS_OK);
    CHECK_EQ(rd(&f, CLINT + 8, 4), 0);              /* no hart 2 */
    CHECK_EQ(wr(&f, CLINT + 0x4008, 8, 3), BUS_OK); /* hart 1's mtimecmp: its own line */
    CHECK_EQ(rd(&f, CLINT + 0x4008, 8), 3);
    CHECK_EQ(f.m->mip1 & 0x80, 0x80);
    CHECK_EQ(wr(&f, CLINT + 0x4008, 8, UINT64_MAX), BUS_OK);
    CHECK_EQ(f.m->mip1 & 0x80, 0);
    CHECK_EQ(rd(&f, CLINT + 0x4010, 8), 0); /* no hart 2 */
    CHECK_EQ(wr(&f, CLINT + 0, 1, 1), BUS_FAULT);

    /* a huge distance does not overflow */
    CHECK_EQ(wr(&f, CLINT + 0x4000, 8, UINT64_MAX - 1), BUS_OK);
    CHECK_EQ(clint_update(c), UINT64_MAX);

    clint_reset(c);
    CHECK_EQ(rd(&f, CLINT + 0x4000, 8), UINT64_MAX);
    CHECK_EQ(clint_mtime(c), hart_cycle(h) / 10);

    /* cycles_per_tick 0 is taken as 1 */
    clint_t *c1 = clint_new(&f.m->host, 1, NULL, 0);
    CHECK(c1 != NULL);
    CHECK_EQ(clint_mtime(c1), hart_cycle(h));
    clint_free(c1);
    CHECK(clint_new(&f.m->host, 0, NULL, 1) == NULL);
    fixture_close(&f);
}

/* The CLINT drives a timer line only when its level changes: mtime crossing mtimecmp, forwards or
 * back (the time base is the running hart's clock, and the next hart's may be earlier), a register
 * write, or a reset that took the hart's lines. Its answer (cycles to the next event) is the same
 * whether it looked at every hart again or not. */
static void test_clint_drives_changes(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 64); /* 10 cycles per mtime tick, 2 harts */
    hart_t *h = &f.m->hart;
    clint_t *c = f.m->clint;

    h->stall_cycles = 1000; /* budget 0, no instructions: the cycle clock is the stall term */
    CHECK_EQ(wr(&f, CLINT + 0x4000, 8, 150), BUS_OK); /* hart 0: at cycle 1500 */
    CHECK_EQ(wr(&f, CLINT + 0x4008, 8, 300), BUS_OK); /* hart 1: at cycle 3000 */
    f.m->set_irq_calls = 0;
    static const struct {
        uint64_t cycle, next;
        unsigned calls; /* set_irq calls by this update */
        bool mtip0;
    } steps[] = {
        { 1000, 500, 0, false }, { 1234, 266, 0, false }, { 1499, 1, 0, false },
        { 1500, 1500, 1, true },      /* hart 0 pending: the next event is hart 1's */
        { 1777, 1223, 0, true },      { 1400, 100, 1, false }, /* back to an earlier clock */
        { 1499, 1, 0, false },        { 1509, 1491, 1, true },   { 2999, 1, 0, true },
        { 3000, UINT64_MAX, 1, true }, /* both pending */
        { 3500, UINT64_MAX, 0, true }, { 2990, 10, 1, true },
    };
    for (unsigned k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        h->stall_cycles = steps[k].cycle;
        CHECK_EQ(clint_update(c), steps[k].next);
        CHECK_EQ(f.m->set_irq_calls, steps[k].calls);
        CHECK_EQ((h->csr.mip & 0x80) != 0, steps[k].mtip0);
        f.m->set_irq_calls = 0;
    }

    /* a reset cleared hart 0's lines: the next update drives its MTIP again */
    h->csr.mip = 0;
    clint_lines_lost(c, 0);
    CHECK_EQ(clint_update(c), 10);
    CHECK_EQ(f.m->set_irq_calls, 1);
    CHECK_EQ(h->csr.mip & 0x80, 0x80);
    fixture_close(&f);
}

static void test_finisher(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 64);
    wr(&f, FINISHER, 4, 0x1234);
    CHECK(!f.m->exited);
    wr(&f, FINISHER + 4, 4, 0x5555);
    CHECK(!f.m->exited);
    wr(&f, FINISHER, 4, (42u << 16) | 0x3333);
    CHECK(f.m->exited);
    CHECK_EQ(f.m->exit_code, 42);
    wr(&f, FINISHER, 4, 0x5555);
    CHECK_EQ(f.m->exit_code, 0);
    f.m->exit_code = 9;
    wr(&f, FINISHER, 4, 0x7777);
    CHECK_EQ(f.m->exit_code, 0);
    CHECK_EQ(rd(&f, FINISHER, 4), 0);
    fixture_close(&f);
}

static void test_mailbox(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 32);
    const char *msg = "ok\tgo\n";
    for (const char *p = msg; *p; p++)
        wr(&f, MAILBOX, 1, (uint8_t)*p);
    CHECK_STR(fixture_output(&f), msg);
    CHECK(!f.m->exited);
    wr(&f, MAILBOX, 1, 0x01);
    CHECK(f.m->exited);
    CHECK_EQ(f.m->exit_code, 1);
    wr(&f, MAILBOX, 4, 0xFF);
    CHECK_EQ(f.m->exit_code, 0);
    CHECK_STR(fixture_output(&f), msg);
    fixture_close(&f);
}

static uint8_t *ram(fixture_t *f, uint64_t addr, size_t len)
{
    return bus_ram_ptr(&f->m->bus, addr, len);
}

static uint64_t ld64(fixture_t *f, uint64_t addr)
{
    return dev_get_le(ram(f, addr, 8), 8);
}

static void st64(fixture_t *f, uint64_t addr, uint64_t v)
{
    dev_put_le(ram(f, addr, 8), 8, v);
}

static void test_htif(unit_t *u)
{
    fixture_t f;
    fixture_open(&f, 64);
    test_platform_t *m = f.m;
    const uint64_t tohost = RAM + 0x1000, fromhost = RAM + 0x1008, magic = RAM + 0x2000;
    m->htif.tohost = tohost;
    m->htif.fromhost = fromhost;

    /* console putchar, acknowledged through fromhost */
    uint64_t cmd = (1ull << 56) | (1ull << 48) | 'x';
    st64(&f, tohost, cmd);
    htif_tohost_write(&m->htif, cmd);
    CHECK_STR(fixture_output(&f), "x");
    CHECK_EQ(ld64(&f, tohost), 0);
    CHECK_EQ(ld64(&f, fromhost), (1ull << 56) | (1ull << 48) | 0x100 | 'x');
    st64(&f, fromhost, 0);

    /* syscall proxy: write(1, "hello", 5) */
    memcpy(ram(&f, RAM + 0x3000, 5), "hello", 5);
    uint64_t args[4] = { 64, 1, RAM + 0x3000, 5 };
    for (unsigned i = 0; i < 4; i++)
        st64(&f, magic + 8 * i, args[i]);
    st64(&f, tohost, magic);
    htif_tohost_write(&m->htif, magic);
    CHECK_STR(fixture_output(&f), "xhello");
    CHECK_EQ(ld64(&f, magic), 5);
    CHECK_EQ(ld64(&f, fromhost), 1);
    CHECK_EQ(ld64(&f, tohost), 0);

    st64(&f, magic, 64);
    st64(&f, magic + 8, 3); /* fd 3: not the console */
    htif_tohost_write(&m->htif, magic);
    CHECK_EQ(ld64(&f, magic), (uint64_t)-9); /* -EBADF */
    st64(&f, magic, 64);
    st64(&f, magic + 8, 2);
    st64(&f, magic + 16, 0x10); /* buffer outside RAM */
    htif_tohost_write(&m->htif, magic);
    CHECK_EQ(ld64(&f, magic), (uint64_t)-14); /* -EFAULT */
    st64(&f, magic, 1234);
    htif_tohost_write(&m->htif, magic);
    CHECK_EQ(ld64(&f, magic), (uint64_t)-38); /* -ENOSYS */
    CHECK(!m->exited);
    htif_tohost_write(&m->htif, 0x10); /* magic_mem outside RAM: ignored */
    CHECK(!m->exited);

    /* exit through the syscall proxy, then the usual (code << 1) | 1 */
    st64(&f, magic, 93);
    st64(&f, magic + 8, 7);
    htif_tohost_write(&m->htif, magic);
    CHECK(m->exited);
    CHECK_EQ(m->exit_code, 7);
    st64(&f, tohost, (21 << 1) | 1);
    htif_tohost_write(&m->htif, (21 << 1) | 1);
    CHECK_EQ(m->exit_code, 21);
    CHECK_EQ(ld64(&f, tohost), 0);
    htif_tohost_write(&m->htif, 1);
    CHECK_EQ(m->exit_code, 0);

    /* without fromhost nothing is written there */
    m->htif.fromhost = 0;
    st64(&f, fromhost, 0);
    htif_tohost_write(&m->htif, cmd);
    CHECK_EQ(ld64(&f, fromhost), 0);
    fixture_close(&f);
}

/* ---- semihosting --------------------------------------------------------------------------- */

#define SH_CODE (RAM + 0x100)  /* slli; ebreak; srai */
#define SH_BLOCK (RAM + 0x200) /* parameter block */
#define SH_BUF (RAM + 0x300)

/* Performs semihosting call `op` with a1 = param; returns a0 (or 0xBAD if not recognised). */
static uint64_t sh_call(fixture_t *f, uint64_t op, uint64_t param)
{
    hart_t *h = &f->m->hart;
    h->pc = SH_CODE + 4;
    h->x[10] = op;
    h->x[11] = param;
    return semihost_try(&f->m->semihost, h, h->pc) ? h->x[10] : 0xBAD;
}

/* Writes the XLEN-sized fields of the parameter block. */
static void sh_block(fixture_t *f, const uint64_t *v, unsigned n)
{
    unsigned w = f->m->hart.xlen / 8;
    for (unsigned i = 0; i < n; i++)
        dev_put_le(ram(f, SH_BLOCK + i * w, w), w, v[i]);
}

static uint64_t sh_field(fixture_t *f, unsigned i)
{
    unsigned w = f->m->hart.xlen / 8;
    return dev_get_le(ram(f, SH_BLOCK + i * w, w), w);
}

static void sh_setup(fixture_t *f, unsigned xlen)
{
    fixture_open(f, xlen);
    dev_put_le(ram(f, SH_CODE, 4), 4, 0x01f01013);
    dev_put_le(ram(f, SH_CODE + 4, 4), 4, 0x00100073);
    dev_put_le(ram(f, SH_CODE + 8, 4), 4, 0x40705013);
}

static void test_semihost_common(unit_t *u, unsigned xlen)
{
    fixture_t f;
    sh_setup(&f, xlen);
    hart_t *h = &f.m->hart;
    uint64_t minus1 = h->xlen == 32 ? 0xFFFFFFFFu : UINT64_MAX;

    /* only the exact sequence is semihosting */
    h->pc = SH_CODE;
    CHECK(!semihost_try(&f.m->semihost, h, h->pc));
    h->pc = 2;
    CHECK(!semihost_try(&f.m->semihost, h, h->pc));
    dev_put_le(ram(&f, SH_CODE + 8, 4), 4, 0x00000013);
    CHECK_EQ(sh_call(&f, 0x03, SH_BUF), 0xBAD);
    dev_put_le(ram(&f, SH_CODE + 8, 4), 4, 0x40705013);

    /* the executor passes the ebreak's pc explicitly: h->pc may be stale inside a block */
    h->pc = 0x1234;
    h->x[10] = 0x31;
    CHECK(semihost_try(&f.m->semihost, h, SH_CODE + 4));
    CHECK_EQ(h->x[10], SEMIHOST_CPU_HZ);
    CHECK(!semihost_try(&f.m->semihost, h, SH_CODE + 8));

    memcpy(ram(&f, SH_BUF, 16), "Zhello, world\n\0", 16);
    CHECK_EQ(sh_call(&f, 0x03, SH_BUF), 0x03);  /* SYS_WRITEC leaves a0 */
    CHECK_EQ(sh_call(&f, 0x04, SH_BUF + 1), 0); /* SYS_WRITE0 */
    CHECK_STR(fixture_output(&f), "Zhello, world\n");
    fixture_clear_output(&f);

    /* SYS_OPEN ":tt": r -> stdin, w -> stdout, a -> stderr; nothing else exists */
    memcpy(ram(&f, SH_BUF + 64, 4), ":tt", 4);
    sh_block(&f, (uint64_t[]){ SH_BUF + 64, 4, 3 }, 3);
    uint64_t out = sh_call(&f, 0x01, SH_BLOCK);
    CHECK_EQ(out, 1);
    sh_block(&f, (uint64_t[]){ SH_BUF + 64, 0, 3 }, 3);
    uint64_t in = sh_call(&f, 0x01, SH_BLOCK);
    CHECK_EQ(in, 3);
    sh_block(&f, (uint64_t[]){ SH_BUF + 64, 8, 3 }, 3);
    CHECK_EQ(sh_call(&f, 0x01, SH_BLOCK), 2);
    sh_block(&f, (uint64_t[]){ SH_BUF + 64, 4, 2 }, 3);
    CHECK_EQ(sh_call(&f, 0x01, SH_BLOCK), minus1);
    CHECK(sh_call(&f, 0x13, 0) != 0); /* SYS_ERRNO */

    /* SYS_WRITE returns the bytes not written */
    sh_block(&f, (uint64_t[]){ out, SH_BUF + 1, 5 }, 3);
    CHECK_EQ(sh_call(&f, 0x05, SH_BLOCK), 0);
    sh_block(&f, (uint64_t[]){ 2, SH_BUF + 6, 2 }, 3);
    CHECK_EQ(sh_call(&f, 0x05, SH_BLOCK), 0);
    sh_block(&f, (uint64_t[]){ 77, SH_BUF + 1, 5 }, 3);
    CHECK_EQ(sh_call(&f, 0x05, SH_BLOCK), 5);
    CHECK_STR(fixture_output(&f), "hello, ");

    /* SYS_READ: end of file, every byte unread */
    sh_block(&f, (uint64_t[]){ in, SH_BUF, 10 }, 3);
    CHECK_EQ(sh_call(&f, 0x06, SH_BLOCK), 10);
    sh_block(&f, (uint64_t[]){ 77, SH_BUF, 10 }, 3);
    CHECK_EQ(sh_call(&f, 0x06, SH_BLOCK), minus1);

    sh_block(&f, (uint64_t[]){ out }, 1);
    CHECK_EQ(sh_call(&f, 0x09, SH_BLOCK), 1); /* SYS_ISTTY */
    sh_block(&f, (uint64_t[]){ out, 0 }, 2);
    CHECK_EQ(sh_call(&f, 0x0A, SH_BLOCK), minus1); /* SYS_SEEK */
    CHECK_EQ(sh_call(&f, 0x0C, SH_BLOCK), minus1); /* SYS_FLEN */
    CHECK_EQ(sh_call(&f, 0x02, SH_BLOCK), 0);      /* SYS_CLOSE */
    sh_block(&f, (uint64_t[]){ 77 }, 1);
    CHECK_EQ(sh_call(&f, 0x09, SH_BLOCK), 0);
    CHECK_EQ(sh_call(&f, 0x02, SH_BLOCK), minus1);

    /* clocks follow the cycle count at SEMIHOST_CPU_HZ */
    h->stall_cycles = 2ull * SEMIHOST_CPU_HZ + SEMIHOST_CPU_HZ / 2;
    CHECK_EQ(sh_call(&f, 0x10, 0), 250);             /* SYS_CLOCK: centiseconds */
    CHECK_EQ(sh_call(&f, 0x11, 0), 2);               /* SYS_TIME */
    CHECK_EQ(sh_call(&f, 0x31, 0), SEMIHOST_CPU_HZ); /* SYS_TICKFREQ */
    h->stall_cycles = 0x123456789ull;
    sh_block(&f, (uint64_t[]){ 0, 0 }, 2);
    CHECK_EQ(sh_call(&f, 0x30, SH_BLOCK), 0); /* SYS_ELAPSED */
    if (h->xlen == 32) {
        CHECK_EQ(sh_field(&f, 0), 0x23456789u);
        CHECK_EQ(sh_field(&f, 1), 1);
    } else {
        CHECK_EQ(sh_field(&f, 0), 0x123456789ull);
    }

    /* SYS_GET_CMDLINE */
    f.m->semihost.cmdline = "prog.elf a b";
    sh_block(&f, (uint64_t[]){ SH_BUF, 64 }, 2);
    CHECK_EQ(sh_call(&f, 0x15, SH_BLOCK), 0);
    CHECK_STR((const char *)ram(&f, SH_BUF, 13), "prog.elf a b");
    CHECK_EQ(sh_field(&f, 1), 12);
    sh_block(&f, (uint64_t[]){ SH_BUF, 12 }, 2);
    CHECK_EQ(sh_call(&f, 0x15, SH_BLOCK), minus1);

    /* SYS_HEAPINFO: a1 -> pointer -> four fields, all zero */
    memset(ram(&f, SH_BUF, 32), 0xFF, 32);
    sh_block(&f, (uint64_t[]){ SH_BUF }, 1);
    CHECK_EQ(sh_call(&f, 0x16, SH_BLOCK), 0);
    CHECK_EQ(ld64(&f, SH_BUF) | ld64(&f, SH_BUF + 8), 0);
    if (h->xlen == 32)
        CHECK_EQ(ld64(&f, SH_BUF + 16), UINT64_MAX); /* 4 x 4 bytes only */

    CHECK_EQ(sh_call(&f, 0x99, 0), minus1);    /* unknown operation */
    CHECK_EQ(sh_call(&f, 0x05, 0x10), minus1); /* parameter block outside RAM */
    CHECK(!f.m->exited);

    /* SYS_EXIT_EXTENDED {reason, subcode} */
    sh_block(&f, (uint64_t[]){ 0x20026, 9 }, 2);
    sh_call(&f, 0x20, SH_BLOCK);
    CHECK(f.m->exited);
    CHECK_EQ(f.m->exit_code, 9);
    sh_block(&f, (uint64_t[]){ 0x20023, 9 }, 2);
    sh_call(&f, 0x20, SH_BLOCK);
    CHECK_EQ(f.m->exit_code, 1);
    fixture_close(&f);
}

static void test_semihost_exit(unit_t *u)
{
    fixture_t f;

    /* RV32: a1 is the reason itself */
    sh_setup(&f, 32);
    sh_call(&f, 0x18, 0x20026);
    CHECK(f.m->exited);
    CHECK_EQ(f.m->exit_code, 0);
    sh_call(&f, 0x18, 0x20023);
    CHECK_EQ(f.m->exit_code, 1);
    fixture_close(&f);

    /* RV64: a1 points to {reason, subcode} */
    sh_setup(&f, 64);
    sh_block(&f, (uint64_t[]){ 0x20026, 5 }, 2);
    sh_call(&f, 0x18, SH_BLOCK);
    CHECK(f.m->exited);
    CHECK_EQ(f.m->exit_code, 5);
    sh_block(&f, (uint64_t[]){ 0x20024, 5 }, 2);
    sh_call(&f, 0x18, SH_BLOCK);
    CHECK_EQ(f.m->exit_code, 1);
    fixture_close(&f);
}

/* ---- the MicroBlaze V devices: AXI timer -> AXI interrupt controller -> MEIP ---- */

typedef struct xlnx_platform {
    dev_host_t host;
    uint64_t now;
    uint32_t inputs; /* the interrupt controller inputs driven (through xp_input) */
    uint64_t mip;
    void *intc;
    char out[64];
    size_t n_out;
} xlnx_platform_t;

static void xp_console(void *ctx, const void *buf, size_t n)
{
    xlnx_platform_t *p = ctx;
    for (size_t k = 0; k < n && p->n_out + 1 < sizeof p->out; k++)
        p->out[p->n_out++] = ((const char *)buf)[k];
}
static void xp_exit(void *ctx, int code)
{
    (void)ctx, (void)code;
}
static void xp_set_irq(void *ctx, unsigned hart, unsigned irq, bool level)
{
    xlnx_platform_t *p = ctx;
    (void)hart;
    p->mip = level ? p->mip | 1ull << irq : p->mip & ~(1ull << irq);
}
/* The timer's output line: recorded, then passed to the interrupt controller's input. */
static void xp_input(void *ctx, unsigned n, bool level)
{
    xlnx_platform_t *p = ctx;
    p->inputs = level ? p->inputs | 1u << n : p->inputs & ~(1u << n);
    if (p->intc)
        xlnx_axi_intc_class.irq_input(p->intc, n, level);
}
static uint64_t xp_cycles(void *ctx)
{
    return ((xlnx_platform_t *)ctx)->now;
}
static void xp_deadline(void *ctx)
{
    (void)ctx;
}

static uint64_t xr(const device_class_t *c, void *d, uint64_t off)
{
    uint64_t v = 0xBAD;
    c->ops->read(d, off, 4, &v);
    return v;
}
static void xw(const device_class_t *c, void *d, uint64_t off, uint64_t v)
{
    c->ops->write(d, off, 4, v);
}

static void test_xlnx(unit_t *u)
{
    xlnx_platform_t p = { .host = { &p, NULL, xp_console, xp_exit, xp_set_irq, xp_cycles, xp_deadline, NULL,
                                    NULL, NULL, NULL, NULL } };
    irq_line_t timer_line = { xp_input, &p, 0 };
    device_params_t params = { .n_harts = 1, .cycles_per_tick = 1, .irq = &timer_line };
    const device_class_t *tc = &xlnx_axi_timer_class, *ic = &xlnx_axi_intc_class, *uc = &xlnx_uartlite_class;
    void *timer = tc->create(&p.host, &params), *intc = ic->create(&p.host, &params);
    void *ul = uc->create(&p.host, &params);
    p.intc = intc;
    tc->reset(timer);
    ic->reset(intc);
    uc->reset(ul);

    /* UART Lite: TX FIFO at +4, STAT +8 shows TX empty (bit 2) and the interrupt enable (bit 4) */
    xw(uc, ul, 4, 'h');
    xw(uc, ul, 4, 'i');
    CHECK(p.n_out == 2 && !memcmp(p.out, "hi", 2));
    CHECK_EQ(xr(uc, ul, 8), 0x04);
    xw(uc, ul, 0xC, 0x10);
    CHECK_EQ(xr(uc, ul, 8), 0x14);
    CHECK_EQ(xr(uc, ul, 0), 0); /* nothing received */

    /* interrupt controller: IER input 0, master and hardware enable */
    xw(ic, intc, 0x08, 1);
    xw(ic, intc, 0x1C, 3);
    CHECK_EQ(xr(ic, intc, 0x18), 0xFFFFFFFF); /* IVR: nothing pending */

    /* timer 0 counting down from 100, interrupt on: rolls over 101 cycles after it starts */
    xw(tc, timer, 0x04, 100);
    xw(tc, timer, 0x00, 0x20); /* LOAD */
    CHECK_EQ(xr(tc, timer, 0x08), 100);
    p.now = 1000;
    xw(tc, timer, 0x00, 0xC2); /* ENT | ENIT | UDT */
    CHECK_EQ(tc->next_event(timer), 101);
    p.now = 1040;
    CHECK_EQ(xr(tc, timer, 0x08), 60);
    CHECK_EQ(p.mip, 0);
    p.now = 1101;
    CHECK_EQ(tc->next_event(timer), UINT64_MAX); /* TINT set: no further interrupt until cleared */
    CHECK(xr(tc, timer, 0x00) & 0x100);
    CHECK_EQ(p.inputs, 1);
    CHECK_EQ(p.mip, 1ull << 11);          /* MEIP */
    CHECK_EQ(xr(ic, intc, 0x18), 0);      /* IVR: input 0 */
    CHECK_EQ(xr(ic, intc, 0x04), 1);      /* IPR */
    CHECK(!(xr(tc, timer, 0x00) & 0x80)); /* no auto reload: stopped */
    xw(tc, timer, 0x00, 0x100);           /* clear TINT */
    CHECK_EQ(p.inputs, 0);
    CHECK_EQ(p.mip, 1ull << 11); /* still latched in ISR */
    xw(ic, intc, 0x0C, 1);       /* IAR */
    CHECK_EQ(p.mip, 0);

    /* auto reload with a period of one cycle over a very long time: no loop per period */
    xw(tc, timer, 0x04, 0);
    xw(tc, timer, 0x00, 0x20);
    xw(tc, timer, 0x00, 0x92); /* ENT | ARHT | UDT, no interrupt */
    p.now += 1ull << 40;
    CHECK(xr(tc, timer, 0x00) & 0x100);
    CHECK_EQ(xr(tc, timer, 0x08), 0);

    /* software interrupts before HIE: a written ISR bit raises the output */
    ic->reset(intc);
    xw(ic, intc, 0x08, 4);
    xw(ic, intc, 0x1C, 1);
    xw(ic, intc, 0x00, 4);
    CHECK_EQ(p.mip, 1ull << 11);
    CHECK_EQ(xr(ic, intc, 0x18), 2);
    xw(ic, intc, 0x14, 4); /* CIE */
    CHECK_EQ(p.mip, 0);
    tc->destroy(timer);
    ic->destroy(intc);
    uc->destroy(ul);
}

/* Large RAMs come from bus_host_map_huge: 2 MiB aligned (so the host can use huge pages), zero,
 * every byte usable up to the end, and bus_host_zero and bus_free work on it as on small pages. */
static void test_huge_ram(unit_t *u)
{
    bus_t bus;
    memset(&bus, 0, sizeof bus);
    uint64_t size = BUS_HUGE_RAM + 4096; /* not a multiple of the huge page: the end is trimmed */
    bus_region_t *r = bus_add_ram(&bus, "ram", 0x80000000u, size, REGION_EXEC);
    CHECK(r != NULL);
    if (!r)
        return;
    CHECK_EQ((uintptr_t)r->host & ((2u << 20) - 1), 0);
    CHECK_EQ(r->host[0] | r->host[size / 2] | r->host[size - 1], 0);
    memset(r->host, 0xa5, (size_t)size);
    CHECK_EQ(r->host[size - 1], 0xa5);
    bus_host_zero(r->host + 1, size - 2);
    CHECK_EQ(r->host[0], 0xa5);
    CHECK_EQ(r->host[1] | r->host[size / 2] | r->host[size - 2], 0);
    CHECK_EQ(r->host[size - 1], 0xa5);
    uint8_t *small = bus_host_map_huge(4096); /* below a huge page: plain pages */
    CHECK(small != NULL);
    bus_host_unmap(small, 4096);
    bus_free(&bus);
}

int main(void)
{
    unit_t t = { 0 }, *u = &t;
    test_xlnx(u);
    test_uart(u);
    test_uart_input(u);
    test_uart_irq(u);
    test_plic(u);
    test_clint(u);
    test_clint_drives_changes(u);
    test_finisher(u);
    test_mailbox(u);
    test_htif(u);
    test_semihost_common(u, 32);
    test_semihost_common(u, 64);
    test_semihost_exit(u);
    test_huge_ram(u);
    return unit_finish(u, "unit_devices");
}
