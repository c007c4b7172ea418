/* RISC-V semihosting (the ARM semihosting operations, entered with the sequence
 *     slli x0, x0, 0x1f ; ebreak ; srai x0, x0, 7
 * all three uncompressed). a0 holds the operation, a1 the parameter (usually the address of a block
 * of XLEN-sized fields); the result goes to a0.
 *
 * The host side is deliberately small and deterministic: the only file is the console (":tt"),
 * reads always see end-of-file, and the clocks derive from the hart's cycle count at
 * SEMIHOST_CPU_HZ, never from host time. */
#include <errno.h>
#include <string.h>

#include "dev/devices.h"
#include "cpu/hart.h"

enum semihost_op {
    SYS_OPEN = 0x01,
    SYS_CLOSE = 0x02,
    SYS_WRITEC = 0x03,
    SYS_WRITE0 = 0x04,
    SYS_WRITE = 0x05,
    SYS_READ = 0x06,
    SYS_ISTTY = 0x09,
    SYS_SEEK = 0x0A,
    SYS_FLEN = 0x0C,
    SYS_CLOCK = 0x10,
    SYS_TIME = 0x11,
    SYS_ERRNO = 0x13,
    SYS_GET_CMDLINE = 0x15,
    SYS_HEAPINFO = 0x16,
    SYS_EXIT = 0x18,
    SYS_EXIT_EXTENDED = 0x20,
    SYS_ELAPSED = 0x30,
    SYS_TICKFREQ = 0x31,
};

#define SEMIHOST_PRE 0x01f01013u /* slli x0, x0, 0x1f */
#define SEMIHOST_EBREAK 0x00100073u
#define SEMIHOST_POST 0x40705013u /* srai x0, x0, 7 */

#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

/* Console handles returned by SYS_OPEN(":tt"). 1 and 2 are also accepted without an open, as
 * libraries commonly assume stdout/stderr there. */
#define SEMIHOST_HANDLE_STDOUT 1u
#define SEMIHOST_HANDLE_STDERR 2u
#define SEMIHOST_HANDLE_STDIN 3u
/* The feature file of semihosting v2 (":semihosting-features"): the magic "SHFB" and one byte of
 * features: SH_EXT_EXIT_EXTENDED (bit 0: SYS_EXIT_EXTENDED, so an exit code survives on RV32)
 * and SH_EXT_STDOUT_STDERR (bit 1: ":tt" opened for append is stderr). */
#define SEMIHOST_HANDLE_FEATURES 4u
static const uint8_t semihost_features[] = { 'S', 'H', 'F', 'B', 0x03 };

/* Longest SYS_WRITE0 string: a runaway pointer must not print the whole RAM. */
#define SEMIHOST_WRITE0_MAX (1u << 20)

typedef struct semihost_call {
    semihost_t *s;
    struct hart *h;
    unsigned field; /* bytes per parameter field: XLEN / 8 */
    uint64_t param; /* a1 */
    bool fault;     /* a parameter block or buffer was not in RAM */
} semihost_call_t;

static void semihost_set_errno(semihost_call_t *c, int err)
{
    c->s->error = err;
}

static int semihost_get_errno(const semihost_call_t *c)
{
    return c->s->error;
}

static bool semihost_word(const semihost_t *s, uint64_t addr, uint32_t *w)
{
    const uint8_t *p = bus_ram_ptr(s->host->bus, addr, 4);
    if (!p)
        return false;
    *w = (uint32_t)dev_get_le(p, 4);
    return true;
}

/* Field i of the parameter block (zero and c->fault set when outside RAM). */
static uint64_t semihost_arg(semihost_call_t *c, unsigned i)
{
    const uint8_t *p = bus_ram_ptr(c->s->host->bus, c->param + (uint64_t)i * c->field, c->field);
    if (!p) {
        c->fault = true;
        return 0;
    }
    return dev_get_le(p, c->field);
}

static void semihost_set_arg(semihost_call_t *c, unsigned i, uint64_t v)
{
    uint8_t *p = bus_ram_ptr(c->s->host->bus, c->param + (uint64_t)i * c->field, c->field);
    if (p)
        dev_put_le(p, c->field, v);
    else
        c->fault = true;
}

static bool semihost_is_console(uint64_t handle)
{
    return handle == SEMIHOST_HANDLE_STDOUT || handle == SEMIHOST_HANDLE_STDERR ||
           handle == SEMIHOST_HANDLE_STDIN;
}

static uint64_t semihost_fail(semihost_call_t *c, int err)
{
    semihost_set_errno(c, err);
    return UINT64_MAX; /* -1 */
}

static uint64_t semihost_open(semihost_call_t *c)
{
    uint64_t name = semihost_arg(c, 0), mode = semihost_arg(c, 1), len = semihost_arg(c, 2);
    if (c->fault)
        return semihost_fail(c, EFAULT);
    const char *s = (const char *)bus_ram_ptr(c->s->host->bus, name, len);
    if (!s && len)
        return semihost_fail(c, EFAULT);
    if (len == 21 && memcmp(s, ":semihosting-features", 21) == 0) {
        if (mode >= 4)
            return semihost_fail(c, EACCES); /* read-only */
        c->s->features_pos = 0;
        return SEMIHOST_HANDLE_FEATURES;
    }
    if (len != 3 || memcmp(s, ":tt", 3) != 0)
        return semihost_fail(c, ENOENT); /* the console and the feature file are the only files */
    /* fopen modes 0-3 are "r*", 4-7 "w*", 8-11 "a*": by convention stdin, stdout, stderr */
    if (mode < 4)
        return SEMIHOST_HANDLE_STDIN;
    if (mode < 8)
        return SEMIHOST_HANDLE_STDOUT;
    if (mode < 12)
        return SEMIHOST_HANDLE_STDERR;
    return semihost_fail(c, EINVAL);
}

static uint64_t semihost_write(semihost_call_t *c)
{
    uint64_t handle = semihost_arg(c, 0), buf = semihost_arg(c, 1), len = semihost_arg(c, 2);
    if (c->fault)
        return semihost_fail(c, EFAULT);
    if (!semihost_is_console(handle)) {
        semihost_set_errno(c, EBADF);
        return len; /* nothing written */
    }
    if (len == 0)
        return 0;
    const uint8_t *p = bus_ram_ptr(c->s->host->bus, buf, len);
    if (!p) {
        semihost_set_errno(c, EFAULT);
        return len;
    }
    c->s->host->console_write(c->s->host->ctx, p, (size_t)len);
    return 0; /* bytes not written */
}

static bool semihost_features_open(const semihost_call_t *c, uint64_t handle)
{
    return handle == SEMIHOST_HANDLE_FEATURES && c->s->features_pos >= 0;
}

static uint64_t semihost_read(semihost_call_t *c)
{
    uint64_t handle = semihost_arg(c, 0), buf = semihost_arg(c, 1), len = semihost_arg(c, 2);
    if (c->fault)
        return semihost_fail(c, EFAULT);
    if (semihost_features_open(c, handle)) {
        size_t pos = (size_t)c->s->features_pos, left = sizeof(semihost_features) - pos;
        size_t n = len < left ? (size_t)len : left;
        uint8_t *p = n ? bus_ram_ptr(c->s->host->bus, buf, n) : NULL;
        if (n && !p)
            return semihost_fail(c, EFAULT);
        if (n)
            memcpy(p, semihost_features + pos, n);
        c->s->features_pos += (int)n;
        return len - n; /* the bytes not read */
    }
    if (!semihost_is_console(handle))
        return semihost_fail(c, EBADF);
    return len; /* no input: all bytes unread, i.e. end of file */
}

static uint64_t semihost_write0(semihost_call_t *c)
{
    const bus_t *bus = c->s->host->bus;
    const uint8_t *p;
    size_t len = 0;

    while (len < SEMIHOST_WRITE0_MAX && (p = bus_ram_ptr(bus, c->param + len, 1)) && *p)
        len++;
    if (len == 0)
        return 0;
    if ((p = bus_ram_ptr(bus, c->param, len))) {
        c->s->host->console_write(c->s->host->ctx, p, len);
    } else {
        /* the string crosses from one RAM region into another */
        for (size_t i = 0; i < len; i++)
            c->s->host->console_write(c->s->host->ctx, bus_ram_ptr(bus, c->param + i, 1), 1);
    }
    return 0;
}

static uint64_t semihost_cmdline(semihost_call_t *c)
{
    uint64_t buf = semihost_arg(c, 0), size = semihost_arg(c, 1);
    const char *s = c->s->cmdline ? c->s->cmdline : "";
    size_t len = strlen(s);
    if (c->fault)
        return semihost_fail(c, EFAULT);
    if (len + 1 > size)
        return semihost_fail(c, E2BIG);
    uint8_t *p = bus_ram_ptr(c->s->host->bus, buf, len + 1);
    if (!p)
        return semihost_fail(c, EFAULT);
    memcpy(p, s, len + 1);
    semihost_set_arg(c, 1, len);
    return 0;
}

/* {reason, subcode}: the subcode is the status of a normal exit, anything else is a failure. */
static void semihost_exit(semihost_call_t *c, uint64_t reason, uint64_t subcode)
{
    c->s->host->guest_exit(c->s->host->ctx, reason == ADP_STOPPED_APPLICATION_EXIT ? (int)subcode : 1);
}

static uint64_t semihost_do(semihost_call_t *c, uint64_t op)
{
    uint64_t cycle = hart_cycle(c->h);

    switch (op) {
    case SYS_OPEN: return semihost_open(c);
    case SYS_CLOSE: {
        uint64_t handle = semihost_arg(c, 0);
        if (!c->fault && semihost_features_open(c, handle)) {
            c->s->features_pos = -1;
            return 0;
        }
        return semihost_is_console(handle) && !c->fault ? 0 : semihost_fail(c, EBADF);
    }
    case SYS_WRITEC: {
        const uint8_t *p = bus_ram_ptr(c->s->host->bus, c->param, 1);
        if (p)
            c->s->host->console_write(c->s->host->ctx, p, 1);
        return c->h->x[10]; /* a0 is not changed */
    }
    case SYS_WRITE0: return semihost_write0(c);
    case SYS_WRITE: return semihost_write(c);
    case SYS_READ: return semihost_read(c);
    case SYS_ISTTY: {
        uint64_t handle = semihost_arg(c, 0);
        if (c->fault)
            return semihost_fail(c, EFAULT);
        if (semihost_is_console(handle))
            return 1;
        if (semihost_features_open(c, handle))
            return 0;
        semihost_set_errno(c, EBADF);
        return 0;
    }
    case SYS_SEEK: {
        uint64_t handle = semihost_arg(c, 0), pos = semihost_arg(c, 1);
        if (!c->fault && semihost_features_open(c, handle)) {
            if (pos > sizeof(semihost_features))
                return semihost_fail(c, EINVAL);
            c->s->features_pos = (int)pos;
            return 0;
        }
        return semihost_fail(c, semihost_is_console(handle) ? ESPIPE : EBADF);
    }
    case SYS_FLEN: {
        uint64_t handle = semihost_arg(c, 0);
        if (!c->fault && semihost_features_open(c, handle))
            return sizeof(semihost_features);
        return semihost_fail(c, semihost_is_console(handle) ? ESPIPE : EBADF);
    }
    case SYS_CLOCK: return cycle / (SEMIHOST_CPU_HZ / 100);
    case SYS_TIME: return cycle / SEMIHOST_CPU_HZ; /* the epoch is the start of the run */
    case SYS_ERRNO: return (uint64_t)semihost_get_errno(c);
    case SYS_GET_CMDLINE: return semihost_cmdline(c);
    case SYS_HEAPINFO: {
        /* a1 points to a pointer to {heap base, heap limit, stack base, stack limit}: zeros tell
         * the runtime to use its own link-time values. */
        uint64_t block = semihost_arg(c, 0);
        for (unsigned i = 0; i < 4 && !c->fault; i++) {
            uint8_t *p = bus_ram_ptr(c->s->host->bus, block + (uint64_t)i * c->field, c->field);
            if (p)
                dev_put_le(p, c->field, 0);
            else
                c->fault = true;
        }
        return c->fault ? semihost_fail(c, EFAULT) : 0;
    }
    case SYS_EXIT:
        /* RV32 passes the reason itself in a1 (no subcode: a normal exit is status 0);
         * RV64 passes a pointer to {reason, subcode}. */
        if (c->field == 4)
            semihost_exit(c, c->param, 0);
        else
            semihost_exit(c, semihost_arg(c, 0), semihost_arg(c, 1));
        return 0;
    case SYS_EXIT_EXTENDED: semihost_exit(c, semihost_arg(c, 0), semihost_arg(c, 1)); return 0;
    case SYS_ELAPSED:
        /* 64-bit tick count in the block: one field on RV64, low word then high word on RV32 */
        if (c->field == 4) {
            semihost_set_arg(c, 0, (uint32_t)cycle);
            semihost_set_arg(c, 1, cycle >> 32);
        } else {
            semihost_set_arg(c, 0, cycle);
        }
        return c->fault ? semihost_fail(c, EFAULT) : 0;
    case SYS_TICKFREQ: return SEMIHOST_CPU_HZ;
    default: return semihost_fail(c, ENOSYS);
    }
}

bool semihost_try(semihost_t *s, struct hart *h, uint64_t pc)
{
    uint32_t pre, ebreak, post;

    if (pc < 4 || !semihost_word(s, pc - 4, &pre) || !semihost_word(s, pc, &ebreak) ||
        !semihost_word(s, pc + 4, &post))
        return false;
    if (pre != SEMIHOST_PRE || ebreak != SEMIHOST_EBREAK || post != SEMIHOST_POST)
        return false;

    semihost_call_t c = {
        .s = s,
        .h = h,
        .field = h->xlen / 8,
        .param = h->x[11],
    };
    uint64_t op = h->x[10];
    uint64_t result = semihost_do(&c, op);
    if (c.fault && op != SYS_ERRNO)
        semihost_set_errno(&c, EFAULT);
    h->x[10] = h->xlen == 32 ? (uint32_t)result : result;
    return true;
}
