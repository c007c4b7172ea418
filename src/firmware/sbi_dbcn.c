/* SBI debug console extension (EID "DBCN"): console output, and input from pmusim's standard
 * input (the same bytes the UART would receive). */
#include "firmware/sbi_internal.h"

/* The guest RAM of [lo | hi << XLEN, + n); NULL if it is not all RAM. */
static uint8_t *guest_buffer(sbi_t *s, uint64_t n, uint64_t lo, uint64_t hi)
{
    if (s->xlen == 64 ? hi != 0 : (hi >> 2) != 0) /* above the physical address space pmusim has */
        return NULL;
    uint64_t addr = s->xlen == 64 ? lo : (lo | hi << 32);
    return n ? bus_ram_ptr(&s->m->bus, addr, n) : NULL;
}

sbi_ret_t sbi_dbcn(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    (void)h;
    switch (c->fid) {
    case 0: { /* write(num_bytes, base_lo, base_hi) */
        if (c->a[0] == 0)
            return sbi_ok(0);
        uint8_t *p = guest_buffer(s, c->a[0], c->a[1], c->a[2]);
        if (!p)
            return sbi_err(SBI_ERR_INVALID_PARAM);
        machine_console_write(s->m, p, c->a[0]);
        return sbi_ok(c->a[0]);
    }
    case 1: { /* read(num_bytes, base_lo, base_hi) */
        if (c->a[0] == 0)
            return sbi_ok(0);
        uint8_t *p = guest_buffer(s, c->a[0], c->a[1], c->a[2]);
        if (!p)
            return sbi_err(SBI_ERR_INVALID_PARAM);
        uint64_t n = 0;
        int b;
        while (n < c->a[0] && (b = machine_console_getc(s->m)) >= 0)
            p[n++] = (uint8_t)b;
        return sbi_ok(n);
    }
    case 2: { /* write_byte(byte) */
        uint8_t b = (uint8_t)c->a[0];
        machine_console_write(s->m, &b, 1);
        return sbi_ok(0);
    }
    default: return sbi_err(SBI_ERR_NOT_SUPPORTED);
    }
}
