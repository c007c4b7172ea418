/*
 * fpround: rounding of F and D operations where it is hardest, in every rounding mode, for the
 * differential test against QEMU (tests/diff/qemu-diff.sh). Operands are generated as TestFloat
 * does: random values of few significant bits, runs of ones, exponents at the subnormal boundary,
 * near 1 and near overflow; and operands built so that the exact result lies exactly half-way
 * between two neighbours (a tie: on the normal and on the subnormal grid), or one unit of a much
 * smaller scale below or above such a midpoint. One line per operation and rounding mode with a
 * hash of every result's bits and fflags, so pmusim must agree with QEMU bit for bit.
 *
 * Results known by analysis are also checked by the program itself (end of main): the expected
 * values are worked out in the comments there.
 *
 * Built with F and D and the soft-float ABI of the SDK: no C floating-point type is used; every FP
 * operation is an inline-asm block that loads its operands from memory and stores its result.
 * With -DFPROUND_VERBOSE every operation is printed (operands, result, fflags).
 */
#include <stdint.h>

#include "pmusim_example.h"
#include "fp_csr.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#ifndef SAMPLES
#define SAMPLES 2048 /* operand sets per operation, each run in the five modes */
#endif

/* io[0..2]: operands, io[3]: result (a single in the low 32 bits) */
static volatile uint64_t io[4];


#define F2(name, ld, st, insn) \
    static void name(void) \
    { \
        __asm__ volatile(ld " f0, 0(%0)\n " ld " f1, 8(%0)\n " insn " f2, f0, f1\n " st \
                            " f2, 24(%0)" ::"r"(io) \
                         : "f0", "f1", "f2", "memory"); \
    }
#define F1(name, ld, st, insn) \
    static void name(void) \
    { \
        __asm__ volatile(ld " f0, 0(%0)\n " insn " f2, f0\n " st " f2, 24(%0)" ::"r"(io) \
                         : "f0", "f2", "memory"); \
    }
#define F3(name, ld, st, insn) \
    static void name(void) \
    { \
        __asm__ volatile(ld " f0, 0(%0)\n " ld " f1, 8(%0)\n " ld " f3, 16(%0)\n " insn \
                            " f2, f0, f1, f3\n " st " f2, 24(%0)" ::"r"(io) \
                         : "f0", "f1", "f2", "f3", "memory"); \
    }
/* FP -> integer register */
#define FX(name, ld, insn) \
    static void name(void) \
    { \
        unsigned long r; \
        __asm__ volatile(ld " f0, 0(%1)\n " insn " %0, f0" : "=r"(r) : "r"(io) : "f0"); \
        io[3] = r; \
    }
/* integer register -> FP */
#define XF(name, st, insn) \
    static void name(void) \
    { \
        unsigned long v = (unsigned long)io[0]; \
        __asm__ volatile(insn " f2, %0\n " st " f2, 24(%1)" ::"r"(v), "r"(io) : "f2", "memory"); \
    }

F2(s_add, "flw", "fsw", "fadd.s")
F2(s_sub, "flw", "fsw", "fsub.s")
F2(s_mul, "flw", "fsw", "fmul.s")
F2(s_div, "flw", "fsw", "fdiv.s")
F1(s_sqrt, "flw", "fsw", "fsqrt.s")
F3(s_madd, "flw", "fsw", "fmadd.s")
F3(s_msub, "flw", "fsw", "fmsub.s")
F3(s_nmadd, "flw", "fsw", "fnmadd.s")
F3(s_nmsub, "flw", "fsw", "fnmsub.s")
F1(s_from_d, "fld", "fsw", "fcvt.s.d")
FX(s_to_w, "flw", "fcvt.w.s")
FX(s_to_wu, "flw", "fcvt.wu.s")
XF(s_from_w, "fsw", "fcvt.s.w")
XF(s_from_wu, "fsw", "fcvt.s.wu")
F2(d_add, "fld", "fsd", "fadd.d")
F2(d_sub, "fld", "fsd", "fsub.d")
F2(d_mul, "fld", "fsd", "fmul.d")
F2(d_div, "fld", "fsd", "fdiv.d")
F1(d_sqrt, "fld", "fsd", "fsqrt.d")
F3(d_madd, "fld", "fsd", "fmadd.d")
F3(d_msub, "fld", "fsd", "fmsub.d")
F3(d_nmadd, "fld", "fsd", "fnmadd.d")
F3(d_nmsub, "fld", "fsd", "fnmsub.d")
FX(d_to_w, "fld", "fcvt.w.d")
FX(d_to_wu, "fld", "fcvt.wu.d")
#if __riscv_xlen == 64
FX(s_to_l, "flw", "fcvt.l.s")
FX(s_to_lu, "flw", "fcvt.lu.s")
XF(s_from_l, "fsw", "fcvt.s.l")
XF(s_from_lu, "fsw", "fcvt.s.lu")
FX(d_to_l, "fld", "fcvt.l.d")
FX(d_to_lu, "fld", "fcvt.lu.d")
XF(d_from_l, "fsd", "fcvt.d.l")
XF(d_from_lu, "fsd", "fcvt.d.lu")
#endif

/* the formats: precision, exponent bias, width */
typedef struct {
    int p, bias, bits;
} fmt_t;
static const fmt_t FMT_S = { 24, 127, 32 }, FMT_D = { 53, 1023, 64 };

/* what the operands are built for: the exact result is a_op b (op c) */
enum shape { ADD, SUB, MUL, DIV, SQRT, FMA, FMSUB, FNMADD, FNMSUB, CVT_SD, TO_INT, FROM_INT };

struct op {
    const char *name;
    void (*fn)(void);
    enum shape shape;
    const fmt_t *fmt; /* of the operands (TO_INT, CVT_SD) or of the result */
    unsigned intbits; /* TO_INT / FROM_INT: width of the integer */
    int uns;          /* and whether it is unsigned */
};
static const struct op ops[] = {
    { "fadd.s", s_add, ADD, &FMT_S, 0, 0 },
    { "fsub.s", s_sub, SUB, &FMT_S, 0, 0 },
    { "fmul.s", s_mul, MUL, &FMT_S, 0, 0 },
    { "fdiv.s", s_div, DIV, &FMT_S, 0, 0 },
    { "fsqrt.s", s_sqrt, SQRT, &FMT_S, 0, 0 },
    { "fmadd.s", s_madd, FMA, &FMT_S, 0, 0 },
    { "fmsub.s", s_msub, FMSUB, &FMT_S, 0, 0 },
    { "fnmadd.s", s_nmadd, FNMADD, &FMT_S, 0, 0 },
    { "fnmsub.s", s_nmsub, FNMSUB, &FMT_S, 0, 0 },
    { "fcvt.s.d", s_from_d, CVT_SD, &FMT_D, 0, 0 },
    { "fcvt.w.s", s_to_w, TO_INT, &FMT_S, 32, 0 },
    { "fcvt.wu.s", s_to_wu, TO_INT, &FMT_S, 32, 1 },
    { "fcvt.s.w", s_from_w, FROM_INT, &FMT_S, 32, 0 },
    { "fcvt.s.wu", s_from_wu, FROM_INT, &FMT_S, 32, 1 },
    { "fadd.d", d_add, ADD, &FMT_D, 0, 0 },
    { "fsub.d", d_sub, SUB, &FMT_D, 0, 0 },
    { "fmul.d", d_mul, MUL, &FMT_D, 0, 0 },
    { "fdiv.d", d_div, DIV, &FMT_D, 0, 0 },
    { "fsqrt.d", d_sqrt, SQRT, &FMT_D, 0, 0 },
    { "fmadd.d", d_madd, FMA, &FMT_D, 0, 0 },
    { "fmsub.d", d_msub, FMSUB, &FMT_D, 0, 0 },
    { "fnmadd.d", d_nmadd, FNMADD, &FMT_D, 0, 0 },
    { "fnmsub.d", d_nmsub, FNMSUB, &FMT_D, 0, 0 },
    { "fcvt.w.d", d_to_w, TO_INT, &FMT_D, 32, 0 },
    { "fcvt.wu.d", d_to_wu, TO_INT, &FMT_D, 32, 1 },
#if __riscv_xlen == 64
    { "fcvt.l.s", s_to_l, TO_INT, &FMT_S, 64, 0 },
    { "fcvt.lu.s", s_to_lu, TO_INT, &FMT_S, 64, 1 },
    { "fcvt.s.l", s_from_l, FROM_INT, &FMT_S, 64, 0 },
    { "fcvt.s.lu", s_from_lu, FROM_INT, &FMT_S, 64, 1 },
    { "fcvt.l.d", d_to_l, TO_INT, &FMT_D, 64, 0 },
    { "fcvt.lu.d", d_to_lu, TO_INT, &FMT_D, 64, 1 },
    { "fcvt.d.l", d_from_l, FROM_INT, &FMT_D, 64, 0 },
    { "fcvt.d.lu", d_from_lu, FROM_INT, &FMT_D, 64, 1 },
#endif
};

static uint32_t seed = 0x2545f491u;
static uint32_t rnd(void)
{
    return ex_rand(&seed);
}
static uint64_t rnd64(void)
{
    return (uint64_t)rnd() << 32 | rnd();
}
static uint64_t mask(int n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}
static int bitlen(uint64_t m)
{
    int n = 0;
    while (m) {
        n++;
        m >>= 1;
    }
    return n;
}

/* the exponent of the least significant bit of a subnormal (2^-149, 2^-1074) */
static int lsb_min(const fmt_t *f)
{
    return 2 - f->bias - f->p;
}

/* m x 2^e (m > 0) encoded exactly in format f, with sign neg; 0 when it is not representable */
static int encode(const fmt_t *f, int neg, uint64_t m, int e, uint64_t *bits)
{
    if (m == 0)
        return 0;
    while (!(m & 1)) {
        m >>= 1;
        e++;
    }
    int len = bitlen(m), h = e + len - 1;
    if (len > f->p || h > f->bias || e < lsb_min(f))
        return 0;
    uint64_t frac, ex;
    if (h >= 1 - f->bias) {
        frac = (m << (f->p - len)) & mask(f->p - 1);
        ex = (uint64_t)(h + f->bias);
    } else {
        frac = m << (e - lsb_min(f));
        ex = 0;
    }
    *bits = (uint64_t)(neg != 0) << (f->bits - 1) | ex << (f->p - 1) | frac;
    return 1;
}
/* bits of a finite nonzero value of format f as neg, m x 2^e; 0 for zero, inf and NaN */
static int decode(const fmt_t *f, uint64_t bits, int *neg, uint64_t *m, int *e)
{
    uint64_t ex = (bits >> (f->p - 1)) & mask(f->bits - f->p), frac = bits & mask(f->p - 1);
    *neg = (int)(bits >> (f->bits - 1)) & 1;
    if (ex == mask(f->bits - f->p) || (ex == 0 && frac == 0))
        return 0;
    *m = ex ? frac | 1ull << (f->p - 1) : frac;
    *e = ex ? (int)ex - f->bias - (f->p - 1) : lsb_min(f);
    return 1;
}

/* a random significand of n bits (the top one set) by TestFloat's patterns */
static uint64_t rnd_sig(int n)
{
    uint64_t top = 1ull << (n - 1), low = mask(n - 1);
    int i = (int)(rnd() % (unsigned)n), j = (int)(rnd() % (unsigned)n);
    switch (rnd() % 6) {
    case 0: return top | (rnd64() & low);
    case 1: return top | ((1ull << i) & low);
    case 2: return top | low;
    case 3: return top | (rnd64() & mask(i));                           /* a few low bits */
    case 4: return top | (rnd64() & low & ~mask(i));                    /* a few high bits */
    default: return top | (mask(i > j ? i : j) & ~mask(i > j ? j : i)); /* a run of ones */
    }
}
/* a random operand of format f: exponents at the subnormal boundary, near 1, near overflow */
static uint64_t rnd_val(const fmt_t *f)
{
    uint64_t exmax = mask(f->bits - f->p), ex;
    switch (rnd() % 8) {
    case 0: ex = 0; break;
    case 1: ex = 1 + rnd() % 3; break;
    case 2: ex = (uint64_t)f->bias - 3 + rnd() % 7; break;
    case 3: ex = exmax - 3 + rnd() % 3; break;
    case 4: ex = rnd() % 16 == 0 ? exmax : 1 + rnd() % (exmax - 1); break;
    default: ex = 1 + rnd() % (exmax - 1); break;
    }
    uint64_t frac = rnd_sig(f->p) & mask(f->p - 1);
    if (rnd() % 4 == 0)
        frac >>= rnd() % (unsigned)f->p; /* few significant bits, at the bottom */
    return (uint64_t)(rnd() & 1) << (f->bits - 1) | ex << (f->p - 1) | frac;
}
/* an exponent for the lsb of a value of significand length len: subnormal boundary, near 1, big */
static int rnd_exp(const fmt_t *f, int len)
{
    switch (rnd() % 4) {
    case 0: return lsb_min(f) + (int)(rnd() % 8);
    case 1: return -len - 4 + (int)(rnd() % 9);
    case 2: return f->bias - len - (int)(rnd() % 4);
    default: return lsb_min(f) + (int)(rnd() % (unsigned)(2 * f->bias + f->p));
    }
}
/* one unit of the last place of x moved up or down (within the same sign); the neighbour */
static uint64_t nudge(uint64_t x, const fmt_t *f)
{
    uint64_t mag = x & mask(f->bits - 1);
    switch (rnd() % 3) {
    case 0: return x;
    case 1: return mag ? x - 1 : x;
    default: return mag < (mask(f->bits - f->p) << (f->p - 1)) - 1 ? x + 1 : x;
    }
}

/* operands a, b, c built for shape s of format f: most of the time an exact tie, or one unit of
 * some lower position from a tie; else random operands */
static void make(const struct op *o, uint64_t *a, uint64_t *b, uint64_t *c)
{
    const fmt_t *f = o->fmt;
    int p = f->p;
    *a = rnd_val(f);
    *b = rnd_val(f);
    *c = rnd_val(f);
    if (rnd() % 4 == 0)
        return; /* random operands */
    int neg = rnd() & 1;
    switch (o->shape) {
    case ADD:
    case SUB: {
        /* b = half a unit of a's last place (a tie), or that +- one unit of b's last place */
        int an, ae;
        uint64_t am, hb;
        if (!decode(f, *a, &an, &am, &ae))
            return;
        if (!encode(f, (o->shape == SUB) != (neg != 0), 1, ae - 1, &hb)) {
            uint64_t h = (1ull << (p - 1)) | (rnd64() & mask(p - 1));
            if (!encode(f, (o->shape == SUB) != (neg != 0), h, ae - p, &hb))
                return;
        }
        if (rnd() % 2)
            encode(f, (o->shape == SUB) != (neg != 0), (1ull << (p - 1)) | (rnd64() & mask(p - 1)),
                   ae - p - (int)(rnd() % 3), &hb); /* a half unit with bits below it */
        *b = nudge(hb, f);
        return;
    }
    case MUL: {
        /* odd significands whose product has p + 1 bits (a tie on the normal grid), or whose product
         * ends half a unit below the subnormal grid */
        int la = 1 + (int)(rnd() % (unsigned)p), lb = p + 1 - la + (int)(rnd() % 2);
        if (lb < 1 || lb > p)
            return;
        uint64_t ma = rnd_sig(la) | 1, mb = rnd_sig(lb) | 1;
        int ea, eb;
        if (rnd() % 2) {
            ea = rnd_exp(f, la);
            eb = lsb_min(f) - 1 - ea; /* the product's lsb is half a subnormal unit */
        } else {
            ea = rnd_exp(f, la);
            eb = -la - lb - (int)(rnd() % 8) + (rnd() % 2 ? 0 : -ea);
        }
        if (encode(f, neg, ma, ea, a) && encode(f, rnd() & 1, mb, eb, b))
            *a = nudge(*a, f);
        return;
    }
    case DIV: {
        /* a quotient that is an odd multiple of half a subnormal unit: a = q x b */
        int lb = 1 + (int)(rnd() % (unsigned)(p - 1)), lq = 1 + (int)(rnd() % (unsigned)(p - lb));
        uint64_t mb = rnd_sig(lb) | 1, mq = rnd_sig(lq) | 1;
        int eb = rnd_exp(f, lb) / 2 + (int)(rnd() % 16);
        if (encode(f, rnd() & 1, mb, eb, b) && encode(f, neg, mq * mb, lsb_min(f) - 1 + eb, a))
            *a = nudge(*a, f);
        return;
    }
    case SQRT: {
        /* perfect squares and their neighbours */
        int l = 1 + (int)(rnd() % (unsigned)(p / 2));
        uint64_t m = rnd_sig(l);
        int e = rnd_exp(f, 2 * l) / 2;
        if (encode(f, 0, m * m, 2 * e, a))
            *a = nudge(*a, f);
        return;
    }
    case FMA:
    case FMSUB:
    case FNMADD:
    case FNMSUB: {
        /* a x b + c with c = the midpoint next to a x b minus a x b (a tie), or c tiny beside a product
         * that is itself a midpoint; then turned into the operands of the instruction */
        int lim = p < 32 ? p : 31;
        int la = 1 + (int)(rnd() % (unsigned)lim), lb = 1 + (int)(rnd() % (unsigned)lim);
        uint64_t ma = rnd_sig(la) | (rnd() % 2), mb = rnd_sig(lb) | (rnd() % 2);
        int ea = rnd_exp(f, la), eb, pn = neg, cn;
        switch (rnd() % 3) {
        case 0: eb = lsb_min(f) - ea - (int)(rnd() % 40); break; /* product near the subnormal grid */
        case 1: eb = -ea - la - lb + (int)(rnd() % 5); break;    /* product near 1 */
        default: eb = rnd_exp(f, lb); break;
        }
        if (!encode(f, neg, ma, ea, a) || !encode(f, rnd() & 1, mb, eb, b))
            return;
        decode(f, *a, &pn, &ma, &ea);
        decode(f, *b, &cn, &mb, &eb);
        for (; !(ma & 1); ma >>= 1)
            ea++;
        for (; !(mb & 1); mb >>= 1)
            eb++;
        pn ^= cn; /* sign of the product */
        uint64_t mp = ma * mb;
        int ep = ea + eb, h = ep + bitlen(mp) - 1, ue = h - p + 1;
        if (ue < lsb_min(f))
            ue = lsb_min(f); /* the result's unit */
        uint64_t cm;
        int ce;
        if (ep >= ue || rnd() % 4 == 0) {
            /* the product is on the grid: c is half a unit (a tie), or has bits far below */
            ce = ue - 1 - (ep >= ue ? 0 : (int)(rnd() % 64));
            cm = 1;
            cn = rnd() & 1;
            if (rnd() % 2) {
                int s = 1 + (int)(rnd() % (unsigned)(p - 1));
                cm = rnd() % 2 ? (1ull << s) + 1 : (1ull << s) - 1;
                ce -= s;
            }
        } else {
            /* the midpoint above or below the product, minus the product */
            int d = ue - ep; /* bits of the product below the unit, >= 1 */
            if (d >= 63)
                return;
            uint64_t rem = mp & mask(d), half = 1ull << (d - 1);
            if (rem == half)
                return;
            cn = pn;
            if (rem < half) {
                cm = half - rem; /* up to the midpoint */
            } else {
                cm = rem - half; /* down to it */
                cn = !pn;
            }
            ce = ep;
            if (rnd() % 2) { /* one unit of a lower position off the midpoint */
                int s = 1 + (int)(rnd() % 8);
                if (bitlen(cm) + s <= 63) {
                    cm = (cm << s) + (rnd() % 2 ? 1 : (uint64_t)-1);
                    ce -= s;
                }
            }
        }
        if (!encode(f, cn, cm, ce, c))
            return;
        /* fmsub: a x b - c; fnmsub: -(a x b) + c; fnmadd: -(a x b) - c */
        uint64_t sign = 1ull << (f->bits - 1);
        if (o->shape == FMSUB || o->shape == FNMADD)
            *c ^= sign;
        if (o->shape == FNMSUB || o->shape == FNMADD)
            *a ^= sign;
        return;
    }
    case CVT_SD: {
        /* a double half-way between two singles (25 significant bits, or half a subnormal unit of
         * single), and its neighbours */
        int l = 1 + (int)(rnd() % 25);
        uint64_t m = rnd_sig(l) | 1;
        int e = rnd() % 2 ? -149 - 1 - (int)(rnd() % 2) * (25 - l) : -l - 2 + (int)(rnd() % 300) - 150;
        if (l == 25 || rnd() % 2)
            e = rnd() % 2 ? -150 : -24 - (int)(rnd() % 100) + (int)(rnd() % 200);
        if (encode(f, neg, m, e, a))
            *a = nudge(*a, f);
        return;
    }
    case TO_INT: {
        /* x.5, its neighbours, and values near the limits of the integer type */
        int l = 1 + (int)(rnd() % (unsigned)(o->intbits + 1 < (unsigned)p ? o->intbits + 1 : (unsigned)p));
        uint64_t m = rnd_sig(l) | 1;
        int e = rnd() % 2 ? -1 : -(int)(rnd() % 4);
        if (rnd() % 3 == 0)
            e = (int)o->intbits - l + 1 - (int)(rnd() % 3);
        if (encode(f, neg, m, e, a))
            *a = nudge(*a, f);
        return;
    }
    case FROM_INT: {
        /* integers with p + 1 or more significant bits ending in exactly half a unit, and nearby */
        int l = p + 1 + (int)(rnd() % 4);
        if (l > (int)o->intbits)
            l = (int)o->intbits;
        uint64_t m = rnd_sig(l);
        int d = l - p;
        if (d > 0) {
            m = (m & ~mask(d)) | 1ull << (d - 1);
            m += (uint64_t)(int)(rnd() % 3) - 1;
        }
        if (rnd() % 4 == 0)
            m = rnd64() & mask((int)o->intbits);
        if (neg && !o->uns) /* signed: a negative value */
            m = (uint64_t) - (int64_t)(m & mask((int)o->intbits - 1));
        *a = m & mask((int)o->intbits);
        return;
    }
    }
}

static uint32_t hash;
static void mix(uint64_t v)
{
    for (int k = 0; k < 2; k++) {
        hash = (hash ^ (uint32_t)v) * 16777619u;
        v >>= 32;
    }
}

static const char *const rm_names[] = { "rne", "rtz", "rdn", "rup", "rmm" };

/* one operation on a, b, c in mode rm: the result bits (a single in the low 32) and its flags */
static uint64_t run(const struct op *o, uint64_t a, uint64_t b, uint64_t c, unsigned rm, unsigned *flags)
{
    set_frm(rm);
    io[0] = a;
    io[1] = b;
    io[2] = c;
    io[3] = 0;
    o->fn();
    *flags = get_flags();
    return io[3];
}

/* single and double checks known by analysis */
static uint64_t check_op(const char *name, uint64_t a, uint64_t b, uint64_t c, unsigned rm, unsigned *flags)
{
    for (unsigned k = 0; k < N(ops); k++)
        if (!__builtin_strcmp(ops[k].name, name))
            return run(&ops[k], a, b, c, rm, flags);
    *flags = 0xff;
    return ~0ull;
}
static void expect(ex_state_t *ex, const char *name, uint64_t a, uint64_t b, uint64_t c, unsigned rm,
                   uint64_t want, unsigned want_flags)
{
    unsigned fl;
    uint64_t r = check_op(name, a, b, c, rm, &fl);
    if (r != want || fl != want_flags) {
        rt_printf("fpround: %s %s 0x%llx 0x%llx 0x%llx = 0x%llx flags 0x%x, expected 0x%llx flags 0x%x\n",
                  name, rm_names[rm], (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                  (unsigned long long)r, fl, (unsigned long long)want, want_flags);
        ex_check(ex, 0, name);
    }
}

#define NX 1u
#define UF 2u
#define OF 4u

int main(void)
{
    ex_state_t ex;
    __asm__ volatile("csrs mstatus, %0" ::"r"(0x2000)); /* mstatus.FS = Initial */
    ex_begin(&ex, "fpround");
    uint32_t total = 2166136261u;
    static uint32_t hashes[5];

    for (unsigned k = 0; k < N(ops); k++) {
        const struct op *o = &ops[k];
        seed = 0x2545f491u + k * 0x9e3779b9u;
        for (unsigned rm = 0; rm < 5; rm++)
            hashes[rm] = 2166136261u;
        for (unsigned i = 0; i < SAMPLES; i++) {
            uint64_t a, b, c;
            make(o, &a, &b, &c);
            for (unsigned rm = 0; rm < 5; rm++) {
                unsigned fl;
                uint64_t r = run(o, a, b, c, rm, &fl);
#ifdef FPROUND_VERBOSE
                rt_printf("%s %s %llx %llx %llx -> %llx %x\n", o->name, rm_names[rm], (unsigned long long)a,
                          (unsigned long long)b, (unsigned long long)c, (unsigned long long)r, fl);
#endif
                hash = hashes[rm];
                mix(r);
                mix(fl);
                hashes[rm] = hash;
            }
        }
        for (unsigned rm = 0; rm < 5; rm++) {
            rt_printf("fpround: %s %s 0x%08x\n", o->name, rm_names[rm], (unsigned)hashes[rm]);
            total = (total ^ hashes[rm]) * 16777619u;
        }
    }

    /* (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is the midpoint between 1 + 2^-11 (0x3f801000) and the next
     * single (0x3f801001); minus 2^-60 (0xa1800000) the exact sum lies just below it: RMM, like
     * every round-to-nearest, gives 0x3f801000, inexact. Rounding to double first would land on the
     * midpoint and round away. */
    expect(&ex, "fmadd.s", 0x3f800800, 0x3f800800, 0xa1800000, 4, 0x3f801000, NX);
    expect(&ex, "fmadd.s", 0x3f800800, 0x3f800800, 0xa1800000, 0, 0x3f801000, NX);
    expect(&ex, "fmsub.s", 0x3f800800, 0x3f800800, 0x21800000, 4, 0x3f801000, NX);
    expect(&ex, "fnmsub.s", 0x3f800800, 0x3f800800, 0x21800000, 4, 0xbf801000, NX);
    expect(&ex, "fnmadd.s", 0x3f800800, 0x3f800800, 0xa1800000, 4, 0xbf801000, NX);
    /* exactly the midpoint (c = 0): RMM away from zero, RNE to the even 0x3f801000 */
    expect(&ex, "fmadd.s", 0x3f800800, 0x3f800800, 0x00000000, 4, 0x3f801001, NX);
    expect(&ex, "fmadd.s", 0x3f800800, 0x3f800800, 0x00000000, 0, 0x3f801000, NX);
    /* 2^-149 x 2^-149 + 2^-140: the result 2^-140 (0x00000200) is subnormal (tiny) and inexact:
     * UF and NX, in every mode that rounds it down to 2^-140 */
    expect(&ex, "fmadd.s", 0x00000001, 0x00000001, 0x00000200, 4, 0x00000200, UF | NX);
    expect(&ex, "fmadd.s", 0x00000001, 0x00000001, 0x00000200, 0, 0x00000200, UF | NX);
    expect(&ex, "fmadd.s", 0x00000001, 0x00000001, 0x00000200, 3, 0x00000201, UF | NX);
    /* 2^-1074 / 2 = 2^-1075, half-way between 0 and 2^-1074: RMM 0x1, RNE 0 (even), both tiny and
     * inexact; 5 x 2^-1074 / 2 is half-way between 2 and 3 units: RMM 3, RNE 2 */
    expect(&ex, "fdiv.d", 0x1, 0x4000000000000000ull, 0, 4, 0x1, UF | NX);
    expect(&ex, "fdiv.d", 0x1, 0x4000000000000000ull, 0, 0, 0x0, UF | NX);
    expect(&ex, "fdiv.d", 0x5, 0x4000000000000000ull, 0, 4, 0x3, UF | NX);
    expect(&ex, "fdiv.d", 0x5, 0x4000000000000000ull, 0, 0, 0x2, UF | NX);
    expect(&ex, "fdiv.d", 0x8000000000000005ull, 0x4000000000000000ull, 0, 4, 0x8000000000000003ull, UF | NX);
    /* the same in single: 5 x 2^-149 / 2 */
    expect(&ex, "fdiv.s", 0x5, 0x40000000, 0, 4, 0x3, UF | NX);
    expect(&ex, "fdiv.s", 0x1, 0x40000000, 0, 4, 0x1, UF | NX);
    /* 3 x 2^-1074 x 0.5: half-way between 1 and 2 units: RMM 2, RNE 2 (even) */
    expect(&ex, "fmul.d", 0x3, 0x3fe0000000000000ull, 0, 4, 0x2, UF | NX);
    expect(&ex, "fmul.d", 0x1, 0x3fe0000000000000ull, 0, 4, 0x1, UF | NX);
    /* 2^-150 (a double) to single: half the smallest subnormal: RMM 0x1, RNE 0 */
    expect(&ex, "fcvt.s.d", 0x3690000000000000ull, 0, 0, 4, 0x1, UF | NX);
    expect(&ex, "fcvt.s.d", 0x3690000000000000ull, 0, 0, 0, 0x0, UF | NX);
    /* fma.d: 2^-1074 x 0.5 + 2^-1074 = 1.5 units: RMM 2, RNE 2; x 0.5 + 0 = 0.5 units: RMM 1 */
    expect(&ex, "fmadd.d", 0x1, 0x3fe0000000000000ull, 0x1, 4, 0x2, UF | NX);
    expect(&ex, "fmadd.d", 0x1, 0x3fe0000000000000ull, 0, 4, 0x1, UF | NX);
    /* (1 + 2^-26)(1 + 2^-27) = 1 + 2^-26 + 2^-27 + 2^-53, 2^-53 being half a unit at 1: the midpoint
     * above 0x3ff0000006000000 (even); with -2^-120 added just below it: every nearest mode gives
     * 0x3ff0000006000000; exactly on it, RMM gives 0x3ff0000006000001 and RNE the even one */
    expect(&ex, "fmadd.d", 0x3ff0000004000000ull, 0x3ff0000002000000ull, 0xb870000000000000ull, 4,
           0x3ff0000006000000ull, NX);
    expect(&ex, "fmadd.d", 0x3ff0000004000000ull, 0x3ff0000002000000ull, 0, 4, 0x3ff0000006000001ull, NX);
    expect(&ex, "fmadd.d", 0x3ff0000004000000ull, 0x3ff0000002000000ull, 0, 0, 0x3ff0000006000000ull, NX);

    ex_report(&ex, total);
    return ex_finish(&ex);
}
