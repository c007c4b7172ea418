/* ns16550-compatible UART.
 *
 * Every THR write becomes one console byte at once, so LSR always reports "THR empty, transmitter
 * idle". Received bytes come from the platform's console input (pmusim's standard input) one at a
 * time: a read of LSR with no byte held takes the next one if there is one (LSR.DR), and a read of
 * RBR hands it over. The remaining registers only hold what the guest wrote, so drivers that
 * program the baud rate or FIFOs and read them back are satisfied.
 *
 * Interrupts, as the 16550 raises them (IIR, highest first): received data available (IER.ERBFI
 * while a byte is held), then transmitter holding register empty (IER.ETBEI): raised when THR
 * empties (at once after every write) and when ETBEI is enabled, cleared by a read of IIR that
 * reports it or by turning ETBEI off. While the receive interrupt is enabled the UART looks at the
 * console input every UART_RX_POLL_CYCLES, so a byte typed raises it without the guest polling
 * (a machine whose harts all wait waits on the console instead: device_class_t.reads_console). */
#include <stdlib.h>

#include <libfdt.h>

#include "dev/devices.h"

enum uart_reg {
    UART_RBR_THR = 0, /* DLL when LCR.DLAB */
    UART_IER = 1,     /* DLM when LCR.DLAB */
    UART_IIR_FCR = 2,
    UART_LCR = 3,
    UART_MCR = 4,
    UART_LSR = 5,
    UART_MSR = 6,
    UART_SCR = 7,
};

#define UART_IER_RDI 0x01u  /* ERBFI: received data available */
#define UART_IER_THRI 0x02u /* ETBEI: transmitter holding register empty */
#define UART_IIR_THRI 0x02u
#define UART_IIR_RDI 0x04u
#define UART_LCR_DLAB 0x80u
#define UART_LSR_DR 0x01u
#define UART_LSR_THRE 0x20u
#define UART_LSR_TEMT 0x40u
#define UART_IIR_NO_INT 0x01u
#define UART_IIR_FIFO_ON 0xC0u
#define UART_FCR_ENABLE 0x01u
#define UART_MCR_LOOP 0x10u
/* Modem status with the modem lines asserted (CTS, DSR, DCD): a host-side terminal is "there". */
#define UART_MSR_LINES_UP 0xB0u

/* How often (cycles of the platform's clock, 100 us at 1 GHz) the UART looks for console input
 * while its receive interrupt is enabled: a bound on the delay between a byte arriving on the
 * host and the guest's interrupt, not a baud rate. */
#define UART_RX_POLL_CYCLES 100000u

struct uart16550 {
    const dev_host_t *host;
    const irq_line_t *irq;
    uint8_t ier, fcr, lcr, mcr, scr, dll, dlm;
    int rx;            /* the received byte held in RBR, or -1 */
    bool thr_ipending; /* the transmitter-empty interrupt is pending */
    bool irq_out;
};

uart16550_t *uart16550_new(const dev_host_t *host, const irq_line_t *irq)
{
    uart16550_t *u = calloc(1, sizeof(*u));
    if (!u)
        return NULL;
    u->host = host;
    u->irq = irq;
    uart16550_reset(u);
    return u;
}

/* The interrupt IIR reports (its bits 3:0). */
static uint8_t uart16550_iir_id(const uart16550_t *u)
{
    if ((u->ier & UART_IER_RDI) && u->rx >= 0)
        return UART_IIR_RDI;
    if ((u->ier & UART_IER_THRI) && u->thr_ipending)
        return UART_IIR_THRI;
    return UART_IIR_NO_INT;
}

static void uart16550_update(uart16550_t *u)
{
    bool out = uart16550_iir_id(u) != UART_IIR_NO_INT;
    if (out != u->irq_out) {
        u->irq_out = out;
        irq_line_set(u->irq, out);
    }
}

void uart16550_reset(uart16550_t *u)
{
    *u = (uart16550_t){
        .host = u->host, .irq = u->irq, .lcr = 0x03 /* 8N1 */, .dll = 1, .rx = -1, .irq_out = u->irq_out
    };
    uart16550_update(u);
}

/* Is a received byte there? Takes the next input byte into RBR if none is held. */
static bool uart16550_rx_ready(uart16550_t *u)
{
    if (u->rx < 0 && u->host->console_read && !(u->mcr & UART_MCR_LOOP))
        u->rx = u->host->console_read(u->host->ctx);
    return u->rx >= 0;
}

static bus_status_t uart16550_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    uart16550_t *u = opaque;
    bool dlab = u->lcr & UART_LCR_DLAB;
    uint8_t v = 0;

    switch (off) {
    case UART_RBR_THR:
        if (dlab) {
            v = u->dll;
        } else if (uart16550_rx_ready(u)) {
            v = (uint8_t)u->rx;
            u->rx = -1;
        }
        break;
    case UART_IER: v = dlab ? u->dlm : u->ier; break;
    case UART_IIR_FCR:
        v = uart16550_iir_id(u);
        if (v == UART_IIR_THRI)
            u->thr_ipending = false; /* reading IIR that reports it clears it */
        v |= (u->fcr & UART_FCR_ENABLE) ? UART_IIR_FIFO_ON : 0;
        break;
    case UART_LCR: v = u->lcr; break;
    case UART_MCR: v = u->mcr; break;
    case UART_LSR: v = UART_LSR_THRE | UART_LSR_TEMT | (uart16550_rx_ready(u) ? UART_LSR_DR : 0); break;
    case UART_MSR:
        /* In loopback the modem inputs mirror the MCR outputs (drivers use this as a probe). */
        if (u->mcr & UART_MCR_LOOP)
            v = (uint8_t)(((u->mcr & 0x02u) << 3) | ((u->mcr & 0x01u) << 5) | ((u->mcr & 0x0Cu) << 4));
        else
            v = UART_MSR_LINES_UP;
        break;
    case UART_SCR: v = u->scr; break;
    default: break; /* rest of the window: reads as zero */
    }
    (void)size; /* wider accesses read the register in the low byte */
    *val = v;
    uart16550_update(u);
    return BUS_OK;
}

static bus_status_t uart16550_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    uart16550_t *u = opaque;
    bool dlab = u->lcr & UART_LCR_DLAB;
    uint8_t b = (uint8_t)val; /* wider accesses write the low byte */

    (void)size;
    switch (off) {
    case UART_RBR_THR:
        if (dlab) {
            u->dll = b;
        } else {
            if (!(u->mcr & UART_MCR_LOOP))
                u->host->console_write(u->host->ctx, &b, 1);
            u->thr_ipending = true; /* THR is empty again at once */
        }
        break;
    case UART_IER:
        if (dlab) {
            u->dlm = b;
        } else {
            if ((u->ier ^ b) & UART_IER_THRI)
                u->thr_ipending = (b & UART_IER_THRI) != 0; /* THR is empty: enabling raises it */
            u->ier = b & 0x0Fu;
            if ((u->ier & UART_IER_RDI) && u->host->deadline_changed)
                u->host->deadline_changed(u->host->ctx); /* the run loop polls the input for it */
        }
        break;
    case UART_IIR_FCR: u->fcr = b & 0xC9u; break; /* reset bits 1-2 self-clear */
    case UART_LCR: u->lcr = b; break;
    case UART_MCR: u->mcr = b & 0x1Fu; break;
    case UART_SCR: u->scr = b; break;
    default: break; /* LSR, MSR are read-only; the rest of the window ignores writes */
    }
    uart16550_update(u);
    return BUS_OK;
}

const device_ops_t uart16550_ops = {
    .read = uart16550_read,
    .write = uart16550_write,
};

static void *uart16550_create(const dev_host_t *host, const device_params_t *params)
{
    return uart16550_new(host, params->irq);
}

/* While the receive interrupt is enabled and no byte is held: take one if the console has it
 * (raising the interrupt), and look again in UART_RX_POLL_CYCLES unless the input has ended. */
static uint64_t uart16550_next_event(void *dev)
{
    uart16550_t *u = dev;
    if (!(u->ier & UART_IER_RDI) || u->rx >= 0 || (u->mcr & UART_MCR_LOOP))
        return UINT64_MAX;
    if (uart16550_rx_ready(u)) {
        uart16550_update(u);
        return UINT64_MAX;
    }
    if (u->host->console_ended && u->host->console_ended(u->host->ctx))
        return UINT64_MAX;
    return UART_RX_POLL_CYCLES;
}

static void uart16550_reset_dev(void *dev)
{
    uart16550_reset(dev);
}

/* The clock QEMU's virt gives its ns16550a. */
#define UART16550_CLOCK_HZ 3686400

static int uart16550_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "ns16550a";
    int off = device_fdt_begin(ctx, "serial", compat, sizeof(compat), UART16550_SIZE);
    if (off < 0)
        return off;
    return fdt_setprop_u32(ctx->fdt, off, "clock-frequency", UART16550_CLOCK_HZ);
}

const device_class_t uart16550_class = {
    .name = "ns16550",
    .size = UART16550_SIZE,
    .region = REGION_SIDE_EFFECT,
    .create = uart16550_create,
    .reset = uart16550_reset_dev,
    .destroy = free,
    .next_event = uart16550_next_event,
    .reads_console = true,
    .ops = &uart16550_ops,
    .fdt_node = uart16550_fdt_node,
};
