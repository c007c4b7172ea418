/* The GDB remote serial protocol server (debug/gdbstub.h).
 *
 * All-stop mode: while the program runs, every hart runs (the machine's run loop); a stop of any
 * hart (breakpoint, watchpoint, Ctrl-C from gdb, the end of the program) stops them all. A single
 * step runs the chosen hart alone for one instruction. Threads are harts: thread id = hart + 1.
 * Register numbers are gdb's for RISC-V: x0-x31 are 0-31, pc 32, CSR n is 65 + n. */
#include "debug/gdbstub.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cpu/csr.h"
#include "cpu/debug.h"
#include "cpu/exec.h"

#define GDB_PACKET_MAX 16384
#define GDB_REG_PC 32
#define GDB_REG_CSR0 65

typedef struct gdb {
    machine_t *m;
    int fd;
    bool no_ack;
    unsigned cur; /* hart of register and memory accesses (Hg) */
    debug_points_t points;
    hart_debug_t *dbg; /* one per hart */
    char *xml;         /* the target description */
    size_t xml_len;
    uint8_t inbuf[4096];
    size_t in_pos, in_len;
    char pkt[GDB_PACKET_MAX + 1];
    char out[GDB_PACKET_MAX * 2 + 64];
    char frame[GDB_PACKET_MAX * 2 + 64]; /* a packet as sent, escaped */
} gdb_t;

/* The machine a debugger's interrupt (SIGIO: a byte from gdb) stops while it runs. */
static machine_t *volatile gdb_running_machine;

static void gdb_on_sigio(int sig)
{
    (void)sig;
    machine_t *m = gdb_running_machine;
    if (m)
        machine_request_stop(m, STOP_INTERRUPTED);
}

/* ---- Transport ---- */

static int gdb_getc(gdb_t *g)
{
    if (g->in_pos == g->in_len) {
        ssize_t n;
        do
            n = read(g->fd, g->inbuf, sizeof g->inbuf);
        while (n < 0 && errno == EINTR);
        if (n <= 0)
            return -1;
        g->in_pos = 0;
        g->in_len = (size_t)n;
    }
    return g->inbuf[g->in_pos++];
}

static bool gdb_write_all(gdb_t *g, const char *buf, size_t len)
{
    while (len) {
        ssize_t n = write(g->fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf += n;
        len -= (size_t)n;
    }
    return true;
}

/* Sends a packet with `len` bytes of payload (escaped here). */
static bool gdb_send_bin(gdb_t *g, const char *data, size_t len)
{
    char *frame = g->frame;
    size_t n = 0;
    uint8_t sum = 0;
    frame[n++] = '$';
    for (size_t k = 0; k < len && n < sizeof g->frame - 8; k++) {
        char c = data[k];
        if (c == '$' || c == '#' || c == '}' || c == '*') {
            frame[n++] = '}';
            sum += '}';
            c ^= 0x20;
        }
        frame[n++] = c;
        sum += (uint8_t)c;
    }
    n += (size_t)snprintf(frame + n, 4, "#%02x", sum);
    for (int tries = 0; tries < 8; tries++) {
        if (!gdb_write_all(g, frame, n))
            return false;
        if (g->no_ack)
            return true;
        int c = gdb_getc(g);
        if (c == '+')
            return true;
        if (c < 0)
            return false;
        if (c != '-') { /* the next packet (or Ctrl-C) without an ack: taken as one */
            g->in_pos--;
            return true;
        }
    }
    return false;
}

static bool gdb_send(gdb_t *g, const char *s)
{
    return gdb_send_bin(g, s, strlen(s));
}

static bool gdb_sendf(gdb_t *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->out, sizeof g->out, fmt, ap);
    va_end(ap);
    return gdb_send(g, g->out);
}

/* Receives a packet into g->pkt (NUL-terminated, binary escapes kept for the X handler); its
 * length, or -1 when the connection closed. A lone Ctrl-C (0x03) comes back as the packet
 * "\x03". */
static int gdb_recv(gdb_t *g)
{
    for (;;) {
        int c = gdb_getc(g);
        if (c < 0)
            return -1;
        if (c == 0x03) {
            g->pkt[0] = 0x03;
            g->pkt[1] = 0;
            return 1;
        }
        if (c != '$')
            continue; /* acks, noise */
        size_t n = 0;
        uint8_t sum = 0;
        bool overflow = false;
        while ((c = gdb_getc(g)) >= 0 && c != '#') {
            sum += (uint8_t)c;
            if (n < GDB_PACKET_MAX)
                g->pkt[n++] = (char)c;
            else
                overflow = true;
        }
        if (c < 0)
            return -1;
        int h1 = gdb_getc(g), h2 = gdb_getc(g);
        if (h1 < 0 || h2 < 0)
            return -1;
        char hex[3] = { (char)h1, (char)h2, 0 };
        bool ok = !overflow && strtoul(hex, NULL, 16) == sum;
        if (!g->no_ack && !gdb_write_all(g, ok ? "+" : "-", 1))
            return -1;
        if (!ok)
            continue;
        g->pkt[n] = 0;
        return (int)n;
    }
}

/* ---- Encoding ---- */

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses hex digits up to a non-hex character; *end is set past them. */
static uint64_t parse_hex(const char *s, const char **end)
{
    uint64_t v = 0;
    while (hexval(*s) >= 0)
        v = v << 4 | (uint64_t)hexval(*s++);
    if (end)
        *end = s;
    return v;
}

/* A register value as gdb sends it: `bytes` bytes, little-endian, in hex. */
static bool parse_le(const char *s, unsigned bytes, uint64_t *v)
{
    *v = 0;
    for (unsigned k = 0; k < bytes; k++) {
        int hi = hexval(s[2 * k]), lo = hi < 0 ? -1 : hexval(s[2 * k + 1]);
        if (lo < 0)
            return false;
        *v |= (uint64_t)(hi << 4 | lo) << (8 * k);
    }
    return true;
}

static char *put_le(char *p, uint64_t v, unsigned bytes)
{
    for (unsigned k = 0; k < bytes; k++)
        p += sprintf(p, "%02x", (unsigned)(v >> (8 * k)) & 0xff);
    return p;
}

/* Thread ids: hart k is thread k + 1; 0 and -1 mean any. */
static bool parse_thread(gdb_t *g, const char *s, unsigned *hart, bool *any)
{
    *any = false;
    if (s[0] == '-' && s[1] == '1') {
        *any = true;
        return true;
    }
    uint64_t t = parse_hex(s, NULL);
    if (t == 0) {
        *any = true;
        return true;
    }
    if (t > g->m->n_harts)
        return false;
    *hart = (unsigned)t - 1;
    return true;
}

/* ---- Registers ---- */

static hart_t *gdb_hart(gdb_t *g)
{
    return &g->m->harts[g->cur];
}

/* The CSRs the target description lists: those of the hart, with the counters and selectors the
 * machine's PMU implements. */
static bool csr_listed(hart_t *h, unsigned csr, const char **name, char *buf, size_t size)
{
    const csr_desc_t *d = csr_find(csr);
    if (!d || (d->exists && !d->exists(h)))
        return false;
    uint64_t hpm = h->pmu.model->hpm_mask;
    unsigned idx = csr - d->first;
    *name = d->name;
    if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
        if (!((hpm >> (3 + idx)) & 1))
            return false;
        snprintf(buf, size, "mhpmevent%u", 3 + idx);
        *name = buf;
    } else if (csr >= CSR_MCYCLE && csr <= CSR_HPMCOUNTER31H) {
        unsigned group = (csr >> 4) & 0xf8; /* 0xb0 m low, 0xb8 m high, 0xc0 u low, 0xc8 u high */
        unsigned n = csr & 0x1f;
        bool high = (csr & 0x80) != 0, user = (csr & 0xf00) == 0xc00;
        (void)group;
        if (high && h->xlen != 32)
            return false;
        if (n == 1 && !user)
            return false; /* no mtime CSR */
        if (n == 1 && !h->time_csr)
            return false;
        if (n >= 3 && !((hpm >> n) & 1))
            return false;
        const char *base = n == 0 ? "cycle" : n == 1 ? "time" : n == 2 ? "instret" : "hpmcounter";
        char num[8] = "";
        if (n >= 3)
            snprintf(num, sizeof num, "%u", n);
        snprintf(buf, size, "%s%s%s%s", user ? "" : "m", base, num, high ? "h" : "");
        *name = buf;
    } else if (d->first != d->last) {
        static const struct {
            unsigned first;
            const char *prefix;
        } ranges[] = { { CSR_PMPCFG0, "pmpcfg" }, { CSR_PMPADDR0, "pmpaddr" }, { CSR_TSELECT, NULL } };
        for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++)
            if (d->first == ranges[k].first) {
                if (!ranges[k].prefix) {
                    static const char *const trig[] = { "tselect", "tdata1", "tdata2", "tdata3" };
                    *name = trig[idx & 3];
                } else {
                    if (ranges[k].first == CSR_PMPCFG0 && h->xlen == 64 && (idx & 1))
                        return false;
                    snprintf(buf, size, "%s%u", ranges[k].prefix, idx);
                    *name = buf;
                }
            }
    }
    return true;
}

static bool csr_get(hart_t *h, unsigned csr, uint64_t *v)
{
    if (h->core_ext && h->core_ext->read && h->core_ext->read(h, csr, v))
        return true;
    const csr_desc_t *d = csr_find(csr);
    if (!d || (d->exists && !d->exists(h)))
        return false;
    if (!d->read(h, csr, 0, v))
        *v = 0; /* hidden from the hart's privilege now (counter enables): the debugger sees 0 */
    if (h->xlen == 32)
        *v &= UINT32_MAX;
    return true;
}

static bool csr_set(hart_t *h, unsigned csr, uint64_t v)
{
    if (h->xlen == 32)
        v &= UINT32_MAX;
    if (h->core_ext && h->core_ext->write && h->core_ext->write(h, csr, v))
        return true;
    const csr_desc_t *d = csr_find(csr);
    if (!d || (d->exists && !d->exists(h)) || !d->write)
        return false;
    d->write(h, csr, v, 0);
    hart_irq_state_changed(h);
    return true;
}

static bool reg_get(hart_t *h, unsigned n, uint64_t *v)
{
    if (n < 32) {
        *v = n ? h->x[n] : 0;
        return true;
    }
    if (n == GDB_REG_PC) {
        *v = h->pc;
        return true;
    }
    if (n >= GDB_REG_CSR0 && n < GDB_REG_CSR0 + 4096)
        return csr_get(h, n - GDB_REG_CSR0, v);
    return false;
}

static bool reg_set(hart_t *h, unsigned n, uint64_t v)
{
    if (h->xlen == 32)
        v &= UINT32_MAX;
    if (n < 32) {
        if (n)
            h->x[n] = v;
        return true;
    }
    if (n == GDB_REG_PC) {
        h->pc = v;
        return true;
    }
    if (n >= GDB_REG_CSR0 && n < GDB_REG_CSR0 + 4096)
        return csr_set(h, n - GDB_REG_CSR0, v);
    return false;
}

/* The target description: gdb's RISC-V features (org.gnu.gdb.riscv.cpu and .csr) with gdb's
 * register names and numbers. */
static bool gdb_build_xml(gdb_t *g)
{
    hart_t *h = &g->m->harts[0];
    unsigned bits = h->xlen;
    size_t cap = 256 * 1024, n = 0;
    char *x = malloc(cap);
    if (!x)
        return false;
    static const char *const names[32] = { "zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
                                           "fp",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
                                           "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
                                           "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6" };
    n += (size_t)snprintf(x + n, cap - n,
                          "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                          "<target version=\"1.0\">\n<architecture>riscv:rv%u</architecture>\n"
                          "<feature name=\"org.gnu.gdb.riscv.cpu\">\n",
                          bits);
    for (unsigned k = 0; k < 32; k++) {
        const char *type = k == 1 ? "code_ptr" : (k == 2 || k == 3 || k == 4 || k == 8) ? "data_ptr" : "int";
        n += (size_t)snprintf(x + n, cap - n, "<reg name=\"%s\" bitsize=\"%u\" type=\"%s\" regnum=\"%u\"/>\n",
                              names[k], bits, type, k);
    }
    n += (size_t)snprintf(x + n, cap - n,
                          "<reg name=\"pc\" bitsize=\"%u\" type=\"code_ptr\" regnum=\"32\"/>\n</feature>\n"
                          "<feature name=\"org.gnu.gdb.riscv.csr\">\n",
                          bits);
    for (unsigned csr = 0; csr < 4096; csr++) {
        char buf[32];
        const char *name;
        if (!csr_listed(h, csr, &name, buf, sizeof buf))
            continue;
        n += (size_t)snprintf(x + n, cap - n,
                              "<reg name=\"%s\" bitsize=\"%u\" regnum=\"%u\" group=\"csr\"/>\n", name, bits,
                              GDB_REG_CSR0 + csr);
        if (n > cap - 256)
            break;
    }
    n += (size_t)snprintf(x + n, cap - n, "</feature>\n</target>\n");
    g->xml = x;
    g->xml_len = n;
    return true;
}

/* ---- Memory ---- */

/* Host memory behind [addr, addr + len), or NULL: the debugger reads and writes memories only,
 * never device registers (which reads could change). */
static uint8_t *gdb_mem(gdb_t *g, uint64_t addr, uint64_t len)
{
    if (len == 0)
        return NULL;
    const bus_region_t *r = bus_find(&g->m->bus, addr, len);
    if (!r || !r->host)
        return NULL;
    return r->host + (addr - r->base);
}

static void gdb_code_changed(gdb_t *g)
{
    for (unsigned k = 0; k < g->m->n_harts; k++)
        if (g->m->harts[k].dispatch)
            block_cache_flush(&g->m->harts[k]);
}

/* ---- Run control ---- */

static void gdb_points_changed(gdb_t *g)
{
    for (unsigned k = 0; k < g->m->n_harts; k++)
        debug_points_changed(&g->m->harts[k]);
}

static void gdb_clear_stops(gdb_t *g)
{
    for (unsigned k = 0; k < g->m->n_harts; k++) {
        hart_t *h = &g->m->harts[k];
        if (h->stop == STOP_DEBUG || h->stop == STOP_INTERRUPTED)
            h->stop = STOP_NONE;
        g->dbg[k].hit = DEBUG_HIT_NONE;
        /* a hart at a breakpoint executes that instruction when it resumes */
        g->dbg[k].skip_armed = true;
        g->dbg[k].skip_pc = h->pc;
    }
    machine_clear_stop(g->m);
}

static bool gdb_finished(hart_stop_t stop)
{
    return stop != STOP_NONE && stop != STOP_DEBUG && stop != STOP_INTERRUPTED;
}

/* Reports a stop: the program ended (W/X), or a hart stopped (T). */
static bool gdb_report(gdb_t *g, hart_stop_t stop, unsigned hart)
{
    if (gdb_finished(stop)) {
        if (stop == STOP_EXIT)
            return gdb_sendf(g, "W%02x", (unsigned)g->m->exit_code & 0xff);
        return gdb_send(g, "X06"); /* ended otherwise (trap loop, deadlock, --max-insns): SIGABRT */
    }
    g->cur = hart;
    hart_debug_t *d = &g->dbg[hart];
    unsigned sig = stop == STOP_INTERRUPTED ? 2 : 5;
    if (stop == STOP_DEBUG && d->hit == DEBUG_HIT_WATCH) {
        const char *kind = d->hit_kind == DEBUG_WATCH_WRITE  ? "watch"
                           : d->hit_kind == DEBUG_WATCH_READ ? "rwatch"
                                                             : "awatch";
        return gdb_sendf(g, "T%02xthread:%x;%s:%llx;", sig, hart + 1, kind, (unsigned long long)d->hit_addr);
    }
    if (stop == STOP_DEBUG && d->hit == DEBUG_HIT_BREAK)
        return gdb_sendf(g, "T%02xthread:%x;swbreak:;", sig, hart + 1);
    return gdb_sendf(g, "T%02xthread:%x;", sig, hart + 1);
}

static hart_stop_t gdb_continue(gdb_t *g, unsigned *hart)
{
    gdb_clear_stops(g);
    gdb_running_machine = g->m;
    hart_stop_t stop = machine_run(g->m);
    gdb_running_machine = NULL;
    *hart = g->m->stop_hart;
    for (unsigned k = 0; k < g->m->n_harts; k++)
        g->dbg[k].skip_armed = false;
    return stop;
}

static hart_stop_t gdb_step(gdb_t *g, unsigned hart)
{
    gdb_clear_stops(g);
    hart_stop_t stop = machine_step(g->m, hart);
    g->dbg[hart].skip_armed = false;
    if (stop == STOP_NONE)
        stop = STOP_DEBUG;
    return stop;
}

/* ---- Packets ---- */

static bool gdb_point(gdb_t *g, const char *p, bool insert)
{
    debug_points_t *pts = &g->points;
    const char *s;
    unsigned type = (unsigned)parse_hex(p + 1, &s);
    if (*s != ',')
        return gdb_send(g, "E01");
    uint64_t addr = parse_hex(s + 1, &s);
    uint64_t len = *s == ',' ? parse_hex(s + 1, NULL) : 1;
    if (type <= 1) { /* software and hardware breakpoints alike */
        unsigned k = 0;
        while (k < pts->n_bp && pts->bp[k] != addr)
            k++;
        if (insert && k == pts->n_bp) {
            if (pts->n_bp == DEBUG_MAX_POINTS)
                return gdb_send(g, "E02");
            pts->bp[pts->n_bp++] = addr;
        } else if (!insert && k < pts->n_bp) {
            pts->bp[k] = pts->bp[--pts->n_bp];
        }
    } else if (type <= 4) {
        enum debug_watch_kind kind = type == 2   ? DEBUG_WATCH_WRITE
                                     : type == 3 ? DEBUG_WATCH_READ
                                                 : DEBUG_WATCH_ACCESS;
        unsigned k = 0;
        while (k < pts->n_wp &&
               !(pts->wp[k].addr == addr && pts->wp[k].len == len && pts->wp[k].kind == kind))
            k++;
        if (insert && k == pts->n_wp) {
            if (pts->n_wp == DEBUG_MAX_POINTS)
                return gdb_send(g, "E02");
            pts->wp[pts->n_wp++] = (struct debug_watch){ addr, len ? len : 1, kind };
        } else if (!insert && k < pts->n_wp) {
            pts->wp[k] = pts->wp[--pts->n_wp];
        }
    } else {
        return gdb_send(g, "");
    }
    gdb_points_changed(g);
    return gdb_send(g, "OK");
}

static bool gdb_read_regs(gdb_t *g)
{
    hart_t *h = gdb_hart(g);
    char *p = g->out;
    for (unsigned k = 0; k <= GDB_REG_PC; k++) {
        uint64_t v = 0;
        reg_get(h, k, &v);
        p = put_le(p, v, h->xlen / 8);
    }
    *p = 0;
    return gdb_send(g, g->out);
}

static bool gdb_write_regs(gdb_t *g, const char *s)
{
    hart_t *h = gdb_hart(g);
    unsigned bytes = h->xlen / 8;
    for (unsigned k = 0; k <= GDB_REG_PC && strlen(s) >= 2 * bytes; k++, s += 2 * bytes) {
        uint64_t v;
        if (!parse_le(s, bytes, &v))
            return gdb_send(g, "E01");
        reg_set(h, k, v);
    }
    return gdb_send(g, "OK");
}

static bool gdb_read_mem(gdb_t *g, const char *s)
{
    uint64_t addr = parse_hex(s, &s);
    if (*s != ',')
        return gdb_send(g, "E01");
    uint64_t len = parse_hex(s + 1, NULL);
    if (len > GDB_PACKET_MAX / 2)
        len = GDB_PACKET_MAX / 2;
    const uint8_t *mem = gdb_mem(g, addr, len);
    if (!mem)
        return gdb_send(g, "E14"); /* EFAULT */
    char *p = g->out;
    for (uint64_t k = 0; k < len; k++)
        p += sprintf(p, "%02x", mem[k]);
    *p = 0;
    return gdb_send(g, g->out);
}

/* M (hex) and X (binary) writes: all or nothing. The data is decoded whole first (exactly `len`
 * bytes, nothing after them); only then is memory written, and the decoded and translated code
 * of every hart dropped, as the bytes may be code. A bad packet writes nothing. */
static bool gdb_write_mem(gdb_t *g, const char *s, size_t pkt_len, bool binary)
{
    const char *end = g->pkt + pkt_len;
    uint64_t addr = parse_hex(s, &s);
    if (*s != ',')
        return gdb_send(g, "E01");
    uint64_t len = parse_hex(s + 1, &s);
    if (*s != ':')
        return gdb_send(g, "E01");
    s++;
    /* the data takes at least one character a byte: more bytes than that cannot be in the packet */
    if (len > (uint64_t)(end - s))
        return gdb_send(g, "E01");
    if (len == 0)
        return gdb_send(g, s == end ? "OK" : "E01");
    uint8_t *mem = gdb_mem(g, addr, len);
    if (!mem)
        return gdb_send(g, "E14");
    uint8_t *data = malloc(len);
    if (!data)
        return gdb_send(g, "E0C"); /* ENOMEM */
    bool ok = true;
    for (uint64_t k = 0; k < len && ok; k++) {
        if (binary) {
            ok = s < end;
            uint8_t c = ok ? (uint8_t)*s++ : 0;
            if (ok && c == '}') { /* escaped: the next byte xor 0x20 */
                ok = s < end;
                c = ok ? (uint8_t)(*s++ ^ 0x20) : 0;
            }
            data[k] = c;
        } else {
            int hi = end - s >= 2 ? hexval(s[0]) : -1, lo = hi < 0 ? -1 : hexval(s[1]);
            ok = lo >= 0;
            if (ok) {
                data[k] = (uint8_t)(hi << 4 | lo);
                s += 2;
            }
        }
    }
    if (ok && s == end) {
        memcpy(mem, data, len);
        gdb_code_changed(g); /* the bytes may be decoded code */
    }
    free(data);
    return gdb_send(g, ok && s == end ? "OK" : "E01");
}

static bool gdb_xfer_features(gdb_t *g, const char *s)
{
    /* qXfer:features:read:ANNEX:OFFSET,LENGTH */
    const char *colon = strchr(s, ':');
    if (!colon || strncmp(s, "target.xml:", 11) != 0)
        return gdb_send(g, "E00");
    const char *q;
    uint64_t off = parse_hex(colon + 1, &q);
    uint64_t len = *q == ',' ? parse_hex(q + 1, NULL) : 0;
    if (off >= g->xml_len)
        return gdb_send(g, "l");
    uint64_t n = g->xml_len - off;
    if (n > len)
        n = len;
    if (n > GDB_PACKET_MAX - 16)
        n = GDB_PACKET_MAX - 16;
    g->out[0] = off + n < g->xml_len ? 'm' : 'l';
    memcpy(g->out + 1, g->xml + off, n);
    return gdb_send_bin(g, g->out, n + 1);
}

static bool gdb_query(gdb_t *g, const char *p)
{
    if (strncmp(p, "qSupported", 10) == 0)
        return gdb_sendf(g, "PacketSize=%x;qXfer:features:read+;QStartNoAckMode+;vContSupported+;swbreak+",
                         GDB_PACKET_MAX);
    if (strncmp(p, "qXfer:features:read:", 20) == 0)
        return gdb_xfer_features(g, p + 20);
    if (strcmp(p, "QStartNoAckMode") == 0) {
        bool ok = gdb_send(g, "OK");
        g->no_ack = true;
        return ok;
    }
    if (strcmp(p, "qAttached") == 0)
        return gdb_send(g, "1");
    if (strcmp(p, "qC") == 0)
        return gdb_sendf(g, "QC%x", g->cur + 1);
    if (strcmp(p, "qfThreadInfo") == 0) {
        char *o = g->out;
        *o++ = 'm';
        for (unsigned k = 0; k < g->m->n_harts; k++)
            o += sprintf(o, "%s%x", k ? "," : "", k + 1);
        *o = 0;
        return gdb_send(g, g->out);
    }
    if (strcmp(p, "qsThreadInfo") == 0)
        return gdb_send(g, "l");
    if (strncmp(p, "qThreadExtraInfo,", 17) == 0) {
        unsigned hart = 0;
        bool any;
        if (!parse_thread(g, p + 17, &hart, &any))
            return gdb_send(g, "E01");
        char text[32];
        snprintf(text, sizeof text, "hart %u", hart);
        char *o = g->out;
        for (const char *c = text; *c; c++)
            o += sprintf(o, "%02x", (unsigned char)*c);
        *o = 0;
        return gdb_send(g, g->out);
    }
    if (strcmp(p, "qSymbol::") == 0)
        return gdb_send(g, "OK");
    return gdb_send(g, "");
}

enum gdb_after { GDB_GO_ON, GDB_RESUME, GDB_STEP, GDB_DETACH, GDB_KILL, GDB_CLOSED };

/* vCont;ACTION[:THREAD]...: a step of one thread steps it; otherwise everything continues. */
static enum gdb_after gdb_vcont(gdb_t *g, const char *s, unsigned *step_hart)
{
    while (*s == ';') {
        s++;
        char action = *s++;
        if (action == 'C' || action == 'S')
            parse_hex(s, &s); /* signals are not delivered */
        unsigned hart = g->cur;
        bool any = true;
        if (*s == ':') {
            if (!parse_thread(g, s + 1, &hart, &any))
                any = true;
            while (*s && *s != ';')
                s++;
        }
        if (action == 's' || action == 'S') {
            *step_hart = any ? g->cur : hart;
            return GDB_STEP;
        }
    }
    return GDB_RESUME;
}

static enum gdb_after gdb_handle(gdb_t *g, int len, unsigned *step_hart)
{
    const char *p = g->pkt;
    switch (p[0]) {
    case 0x03: return GDB_GO_ON; /* Ctrl-C while stopped: nothing to interrupt */
    case '?': gdb_report(g, STOP_DEBUG, g->cur); return GDB_GO_ON;
    case 'q':
    case 'Q': gdb_query(g, p); return GDB_GO_ON;
    case 'H': {
        unsigned hart = g->cur;
        bool any;
        if (!parse_thread(g, p + 2, &hart, &any)) {
            gdb_send(g, "E01");
            return GDB_GO_ON;
        }
        if (!any)
            g->cur = hart;
        gdb_send(g, "OK");
        return GDB_GO_ON;
    }
    case 'T': {
        unsigned hart;
        bool any;
        gdb_send(g, parse_thread(g, p + 1, &hart, &any) ? "OK" : "E01");
        return GDB_GO_ON;
    }
    case 'g': gdb_read_regs(g); return GDB_GO_ON;
    case 'G': gdb_write_regs(g, p + 1); return GDB_GO_ON;
    case 'p': {
        uint64_t v;
        hart_t *h = gdb_hart(g);
        if (!reg_get(h, (unsigned)parse_hex(p + 1, NULL), &v)) {
            gdb_send(g, "E00");
            return GDB_GO_ON;
        }
        *put_le(g->out, v, h->xlen / 8) = 0;
        gdb_send(g, g->out);
        return GDB_GO_ON;
    }
    case 'P': {
        const char *s;
        hart_t *h = gdb_hart(g);
        unsigned n = (unsigned)parse_hex(p + 1, &s);
        uint64_t v;
        if (*s != '=' || !parse_le(s + 1, h->xlen / 8, &v) || !reg_set(h, n, v))
            gdb_send(g, "E01");
        else
            gdb_send(g, "OK");
        return GDB_GO_ON;
    }
    case 'm': gdb_read_mem(g, p + 1); return GDB_GO_ON;
    case 'M': gdb_write_mem(g, p + 1, (size_t)len, false); return GDB_GO_ON;
    case 'X': gdb_write_mem(g, p + 1, (size_t)len, true); return GDB_GO_ON;
    case 'Z': gdb_point(g, p, true); return GDB_GO_ON;
    case 'z': gdb_point(g, p, false); return GDB_GO_ON;
    case 'c':
        if (p[1])
            gdb_hart(g)->pc = parse_hex(p + 1, NULL);
        return GDB_RESUME;
    case 's':
        if (p[1])
            gdb_hart(g)->pc = parse_hex(p + 1, NULL);
        *step_hart = g->cur;
        return GDB_STEP;
    case 'v':
        if (strcmp(p, "vCont?") == 0) {
            gdb_send(g, "vCont;c;C;s;S");
            return GDB_GO_ON;
        }
        if (strncmp(p, "vCont;", 6) == 0)
            return gdb_vcont(g, p + 5, step_hart);
        gdb_send(g, "");
        return GDB_GO_ON;
    case 'D': gdb_send(g, "OK"); return GDB_DETACH;
    case 'k': return GDB_KILL;
    default: gdb_send(g, ""); return GDB_GO_ON;
    }
}

static int gdb_listen(unsigned port, unsigned *bound)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t alen = sizeof a;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 1) < 0 ||
        getsockname(fd, (struct sockaddr *)&a, &alen) < 0) {
        close(fd);
        return -1;
    }
    *bound = ntohs(a.sin_port);
    return fd;
}

/* Ctrl-C from gdb while the program runs: the socket raises SIGIO, which stops the run loop as
 * Ctrl-C on the terminal does. */
static void gdb_async(int fd, bool on)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0)
        return;
    if (on) {
        fcntl(fd, F_SETOWN, getpid());
        fcntl(fd, F_SETFL, fl | O_ASYNC);
    } else {
        fcntl(fd, F_SETFL, fl & ~O_ASYNC);
    }
}

gdb_outcome_t gdb_serve(machine_t *m, unsigned port)
{
    gdb_outcome_t out = { STOP_NONE, false, false };
    gdb_t *g = calloc(1, sizeof *g);
    if (g) {
        g->m = m;
        g->fd = -1;
        g->dbg = calloc(m->n_harts, sizeof *g->dbg);
    }
    if (!g || !g->dbg || !gdb_build_xml(g)) {
        fprintf(stderr, "pmusim: --gdb: out of memory\n");
        out.failed = true;
        goto done;
    }
    unsigned bound = 0;
    int lfd = gdb_listen(port, &bound);
    if (lfd < 0) {
        fprintf(stderr, "pmusim: --gdb: cannot listen on localhost:%u: %s\n", port, strerror(errno));
        out.failed = true;
        goto done;
    }
    fprintf(stderr, "pmusim: waiting for gdb on localhost:%u\n", bound);
    fflush(stderr);
    do
        g->fd = accept(lfd, NULL, NULL);
    while (g->fd < 0 && errno == EINTR);
    close(lfd);
    if (g->fd < 0) {
        fprintf(stderr, "pmusim: --gdb: accept failed: %s\n", strerror(errno));
        out.failed = true;
        goto done;
    }
    int one = 1;
    setsockopt(g->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

    for (unsigned k = 0; k < m->n_harts; k++) {
        g->dbg[k].points = &g->points;
        debug_attach(&m->harts[k], &g->dbg[k]);
    }
    struct sigaction sa = { 0 }, old_sa;
    sa.sa_handler = gdb_on_sigio;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGIO, &sa, &old_sa);

    hart_stop_t stop = STOP_NONE;
    enum gdb_after after = GDB_GO_ON;
    for (;;) {
        int len = gdb_recv(g);
        if (len < 0) {
            after = GDB_CLOSED;
            break;
        }
        unsigned step_hart = g->cur, hart = g->cur;
        after = gdb_handle(g, len, &step_hart);
        if (after == GDB_RESUME || after == GDB_STEP) {
            gdb_async(g->fd, true);
            stop = after == GDB_STEP ? gdb_step(g, step_hart) : gdb_continue(g, &hart);
            gdb_async(g->fd, false);
            if (after == GDB_STEP)
                hart = step_hart;
            /* a Ctrl-C byte that stopped the run is consumed here */
            if (g->in_pos < g->in_len && g->inbuf[g->in_pos] == 0x03)
                g->in_pos++;
            if (!gdb_report(g, stop, hart)) {
                after = GDB_CLOSED;
                break;
            }
            if (gdb_finished(stop))
                break;
            continue;
        }
        if (after != GDB_GO_ON)
            break;
    }
    sigaction(SIGIO, &old_sa, NULL);
    for (unsigned k = 0; k < m->n_harts; k++)
        debug_attach(&m->harts[k], NULL);
    machine_clear_stop(m);
    if (after == GDB_KILL) {
        out.killed = true;
        out.stop = STOP_INTERRUPTED;
    } else if (gdb_finished(stop)) {
        out.stop = stop;
    } else {
        /* detached, or the debugger went away: the program runs on to its end */
        for (unsigned k = 0; k < m->n_harts; k++)
            if (m->harts[k].stop == STOP_DEBUG || m->harts[k].stop == STOP_INTERRUPTED)
                m->harts[k].stop = STOP_NONE;
        out.stop = machine_run(m);
    }
done:
    if (g) {
        if (g->fd >= 0)
            close(g->fd);
        free(g->dbg);
        free(g->xml);
        free(g);
    }
    return out;
}
