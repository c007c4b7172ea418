/* F and D arithmetic on the host's IEEE 754 binary32/binary64.
 *
 * Results come from the host FPU (C's + - * /, sqrt, fma: fused multiply-add is exactly fused),
 * run in the instruction's rounding mode (fesetround) with the host's exception flags cleared
 * before and read after (feclearexcept / fetestexcept): those are the IEEE flags RISC-V's fflags
 * are (tininess after rounding on x86-64 SSE and AArch64, as RISC-V). What IEEE leaves open RISC-V
 * fixes, and pmusim computes it here: every NaN result is the canonical NaN; min/max (2.2: -0 <
 * +0, one NaN operand gives the other, sNaN signals invalid), compares, classify, sign injection
 * and conversions to integers (saturation, NV) are computed exactly without the host's help. The
 * host has no round-to-nearest-ties-to-max-magnitude (RMM): an RMM operation is the host's
 * nearest-even one (same flags), moved to the larger neighbour when an exact integer test finds
 * the exact result half-way between the two (rmm_tie). This file is compiled with
 * -frounding-math so that the compiler neither folds nor moves operations across the mode and
 * flag calls; operands pass through volatile objects for the same reason. */
#include "cpu/fpu.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "cpu/csr.h"
#include "isa/isa.h"

#define CANON_S 0x7fc00000u
#define CANON_D 0x7ff8000000000000ull

static uint32_t bits_s(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float from_s(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint64_t bits_d(double f)
{
    uint64_t u;
    memcpy(&u, &f, 8);
    return u;
}
static double from_d(uint64_t u)
{
    double f;
    memcpy(&f, &u, 8);
    return f;
}

/* A single operand: a value not NaN-boxed reads as the canonical NaN. */
static uint32_t unbox(uint64_t v)
{
    return (v >> 32) == 0xffffffffu ? (uint32_t)v : CANON_S;
}
static bool snan_s(uint32_t u)
{
    return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu) && !(u & 0x400000u);
}
static bool snan_d(uint64_t u)
{
    return (u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (u & 0xfffffffffffffull) &&
           !(u & 0x8000000000000ull);
}

static const int host_mode[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD };

static unsigned host_flags(void)
{
    int e = fetestexcept(FE_ALL_EXCEPT);
    return (e & FE_INVALID ? FPU_NV : 0) | (e & FE_DIVBYZERO ? FPU_DZ : 0) | (e & FE_OVERFLOW ? FPU_OF : 0) |
           (e & FE_UNDERFLOW ? FPU_UF : 0) | (e & FE_INEXACT ? FPU_NX : 0);
}

enum kind { K_ADD, K_SUB, K_MUL, K_DIV, K_SQRT, K_FMA };

/* One rounded operation in the host's current mode; volatile keeps it between the flag calls. */
static float arith_s(enum kind k, float a, float b, float c)
{
    volatile float va = a, vb = b, vc = c, r;
    switch (k) {
    case K_ADD: r = va + vb; break;
    case K_SUB: r = va - vb; break;
    case K_MUL: r = va * vb; break;
    case K_DIV: r = va / vb; break;
    case K_SQRT: r = sqrtf(va); break;
    default: r = fmaf(va, vb, vc); break;
    }
    return r;
}
static double arith_d(enum kind k, double a, double b, double c)
{
    volatile double va = a, vb = b, vc = c, r;
    switch (k) {
    case K_ADD: r = va + vb; break;
    case K_SUB: r = va - vb; break;
    case K_MUL: r = va * vb; break;
    case K_DIV: r = va / vb; break;
    case K_SQRT: r = sqrt(va); break;
    default: r = fma(va, vb, vc); break;
    }
    return r;
}

/* Round to nearest, ties to max magnitude (RMM), which the host lacks. RMM and round-to-nearest-
 * even give the same value except on an exact tie (the exact result half-way between two
 * neighbours), and the same flags always: NX is the same; overflow and tininess (after rounding,
 * with an unbounded exponent) differ only at a tie whose even neighbour is the larger one (max
 * finite's odd significand against the overflow threshold, the odd significand just below the
 * smallest normal against it), where both modes round up. So an RMM operation is the host's
 * nearest-even operation, with its flags, and the result is moved to the neighbour of larger
 * magnitude when the exact result is the midpoint between the two. That test is done exactly, in
 * integers: no quotient, root or sum of products is assumed not to be a tie (a quotient is one on
 * the subnormal grid: 5 x 2^-1074 / 2). */

/* A fixed-point accumulator covering every term below: bits 2^-2176 .. 2^2303, two's complement.
 * Products of two significands (a x b, M x b, M x M) reach down to 2^-2150 and up to 2^2050. */
#define ACC_WORDS 70
#define ACC_LSB (-2176)
typedef struct {
    uint64_t w[ACC_WORDS];
} acc_t;

/* acc += (neg ? -1 : 1) x m x 2^e (m < 2^110) */
static void acc_add(acc_t *acc, bool neg, unsigned __int128 m, int e)
{
    if (m == 0)
        return;
    unsigned pos = (unsigned)(e - ACC_LSB), word = pos / 64, sh = pos % 64;
    uint64_t part[3] = { (uint64_t)(m << sh), (uint64_t)((m << sh) >> 64),
                         sh ? (uint64_t)(m >> (128 - sh)) : 0 };
    unsigned carry = 0; /* carry (add) or borrow (subtract) */
    for (unsigned i = word; i < ACC_WORDS; i++) {
        uint64_t p = i - word < 3 ? part[i - word] : 0, old = acc->w[i];
        if (i - word >= 3 && !carry)
            break;
        if (neg) {
            uint64_t d = old - p - carry;
            carry = old < p || (old == p && carry) ? 1u : 0u;
            acc->w[i] = d;
        } else {
            uint64_t sum = old + p + carry;
            carry = sum < old || (sum == old && (p || carry)) ? 1u : 0u;
            acc->w[i] = sum;
        }
    }
}
static bool acc_zero(const acc_t *acc)
{
    for (unsigned i = 0; i < ACC_WORDS; i++)
        if (acc->w[i])
            return false;
    return true;
}

/* A finite double as neg x m x 2^e, m an integer below 2^53. */
typedef struct {
    bool neg;
    uint64_t m;
    int e;
} exact_t;
static exact_t exact_d(double x)
{
    uint64_t u = bits_d(x);
    unsigned ex = (unsigned)(u >> 52) & 0x7ff;
    uint64_t f = u & 0xfffffffffffffull;
    exact_t v = { (u >> 63) != 0, ex ? f | (1ull << 52) : f, ex ? (int)ex - 1075 : -1074 };
    return v;
}
static void acc_add_d(acc_t *acc, bool neg, double x)
{
    exact_t v = exact_d(x);
    acc_add(acc, neg != v.neg, v.m, v.e);
}
static void acc_add_prod(acc_t *acc, bool neg, exact_t x, exact_t y)
{
    acc_add(acc, neg != (x.neg != y.neg), (unsigned __int128)x.m * y.m, x.e + y.e);
}

enum { K_CVT = K_FMA + 1 }; /* fcvt.s.d: the exact value is a */

/* Whether the exact result of operation k on a, b, c (finite doubles, singles read exactly) is
 * mid = neg x m x 2^e. */
static bool exact_is(int k, double a, double b, double c, exact_t mid)
{
    acc_t acc;
    memset(&acc, 0, sizeof acc);
    switch (k) {
    case K_ADD:
        acc_add_d(&acc, false, a);
        acc_add_d(&acc, false, b);
        break;
    case K_SUB:
        acc_add_d(&acc, false, a);
        acc_add_d(&acc, true, b);
        break;
    case K_MUL: acc_add_prod(&acc, false, exact_d(a), exact_d(b)); break;
    case K_FMA:
        acc_add_prod(&acc, false, exact_d(a), exact_d(b));
        acc_add_d(&acc, false, c);
        break;
    case K_DIV: /* a / b = mid exactly when a = mid x b */
        acc_add_d(&acc, false, a);
        acc_add_prod(&acc, true, mid, exact_d(b));
        return acc_zero(&acc);
    case K_SQRT: /* sqrt(a) = mid (>= 0) exactly when a = mid x mid */
        acc_add_d(&acc, false, a);
        acc_add_prod(&acc, true, mid, mid);
        return acc_zero(&acc);
    default: acc_add_d(&acc, false, a); break;
    }
    acc_add(&acc, !mid.neg, mid.m, mid.e);
    return acc_zero(&acc);
}

/* RMM from the nearest-even result r (inexact, finite) of operation k: r's neighbour of larger
 * magnitude when the exact result lies half-way between them. r has the precision of the result
 * (24 or 53 bits), given as the exact form of r; the midpoint is (2 m + 1) x 2^(e - 1). */
static bool rmm_tie(int k, double a, double b, double c, exact_t r)
{
    if (!isfinite(a) || !isfinite(b) || !isfinite(c))
        return false;
    exact_t mid = { r.neg, 2 * r.m + 1, r.e - 1 };
    return exact_is(k, a, b, c, mid);
}
static exact_t exact_s(float x)
{
    uint32_t u = bits_s(x);
    unsigned ex = (u >> 23) & 0xff;
    uint32_t f = u & 0x7fffffu;
    exact_t v = { (u >> 31) != 0, ex ? f | (1u << 23) : f, ex ? (int)ex - 150 : -149 };
    return v;
}
/* r, or its neighbour of larger magnitude on an RMM tie (r inexact) */
static float rmm_s(int k, double a, double b, double c, float r)
{
    float n = nextafterf(r, signbit(r) ? -INFINITY : INFINITY);
    if (isfinite(r) && isfinite(n) && rmm_tie(k, a, b, c, exact_s(r)))
        return n;
    return r;
}
static double rmm_d(int k, double a, double b, double c, double r)
{
    double n = nextafter(r, signbit(r) ? -INFINITY : INFINITY);
    if (isfinite(r) && isfinite(n) && rmm_tie(k, a, b, c, exact_d(r)))
        return n;
    return r;
}

/* Runs fn in rounding mode rm (0-4; RMM runs in nearest-even) and returns the RISC-V flags it
 * raised. */
#define IN_MODE(rm, stmt) \
    do { \
        if ((rm) != 0 && (rm) != 4) \
            fesetround(host_mode[rm]); \
        feclearexcept(FE_ALL_EXCEPT); \
        stmt; \
        fl = host_flags(); \
        if ((rm) != 0 && (rm) != 4) \
            fesetround(FE_TONEAREST); \
    } while (0)

static uint32_t op_s(enum kind k, uint32_t ua, uint32_t ub, uint32_t uc, unsigned rm, unsigned *flags,
                     bool *sub)
{
    float a = from_s(ua), b = from_s(ub), c = from_s(uc), r;
    unsigned fl;
    IN_MODE(rm, r = arith_s(k, a, b, c));
    if (rm == 4 && (fl & FPU_NX))
        r = rmm_s((int)k, a, b, c, r);
    if (k == K_FMA && (isinf(a) || isinf(b)) && (a == 0 || b == 0))
        fl |= FPU_NV; /* inf x 0 + c is invalid even when c is a quiet NaN */
    *flags |= fl;
    *sub = fpclassify(r) == FP_SUBNORMAL;
    return isnan(r) ? CANON_S : bits_s(r);
}
static uint64_t op_d(enum kind k, uint64_t ua, uint64_t ub, uint64_t uc, unsigned rm, unsigned *flags,
                     bool *sub)
{
    double a = from_d(ua), b = from_d(ub), c = from_d(uc), r;
    unsigned fl;
    IN_MODE(rm, r = arith_d(k, a, b, c));
    if (rm == 4 && (fl & FPU_NX))
        r = rmm_d((int)k, a, b, c, r);
    if (k == K_FMA && (isinf(a) || isinf(b)) && (a == 0 || b == 0))
        fl |= FPU_NV;
    *flags |= fl;
    *sub = fpclassify(r) == FP_SUBNORMAL;
    return isnan(r) ? CANON_D : bits_d(r);
}

/* fmin/fmax (F/D 2.2): -0 < +0; one NaN operand gives the other; two give the canonical NaN; a
 * signalling NaN operand raises NV. Works on doubles (every single value is one exactly). */
static double minmax(double a, double b, bool max, bool sa, bool sb, unsigned *flags, bool *nan)
{
    if (sa || sb)
        *flags |= FPU_NV;
    *nan = false;
    if (isnan(a) && isnan(b)) {
        *nan = true;
        return 0;
    }
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == b) /* equal, or zeros of either sign */
        return (signbit(a) != 0) == max ? b : a;
    return (a < b) == max ? b : a;
}

/* feq (quiet: NV on sNaN only), flt and fle (signalling: NV on any NaN). */
static bool compare(unsigned which, double a, double b, bool sa, bool sb, unsigned *flags)
{
    if (isnan(a) || isnan(b)) {
        if (which != 0 || sa || sb)
            *flags |= FPU_NV;
        return false;
    }
    return which == 0 ? a == b : which == 1 ? a < b : a <= b;
}

static unsigned fclass(int cls, bool neg, bool snan)
{
    switch (cls) {
    case FP_INFINITE: return neg ? 1u << 0 : 1u << 7;
    case FP_NORMAL: return neg ? 1u << 1 : 1u << 6;
    case FP_SUBNORMAL: return neg ? 1u << 2 : 1u << 5;
    case FP_ZERO: return neg ? 1u << 3 : 1u << 4;
    default: return snan ? 1u << 8 : 1u << 9;
    }
}

/* To an integer of `bits` (32/64), signed or not, rounding mode rm: NaN gives the largest value,
 * out of range saturates, both NV; a rounded value that differs from v raises NX. */
static uint64_t to_int(double v, unsigned rm, bool is_signed, unsigned bits, unsigned *flags)
{
    double max_p1 = is_signed ? ldexp(1, (int)bits - 1) : ldexp(1, (int)bits);
    uint64_t maxv = is_signed ? (bits == 64 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX)
                              : (bits == 64 ? UINT64_MAX : UINT32_MAX);
    uint64_t minv = is_signed ? (bits == 64 ? (uint64_t)INT64_MIN : (uint64_t)(int64_t)INT32_MIN) : 0;
    if (isnan(v)) {
        *flags |= FPU_NV;
        return maxv;
    }
    double r;
    switch (rm) {
    case 1: r = trunc(v); break;
    case 2: r = floor(v); break;
    case 3: r = ceil(v); break;
    case 4: r = round(v); break;
    default: r = nearbyint(v); break; /* the host mode is round-to-nearest-even between operations */
    }
    if (r >= max_p1) {
        *flags |= FPU_NV;
        return maxv;
    }
    if (is_signed ? r < -max_p1 : r <= -1) {
        *flags |= FPU_NV;
        return minv;
    }
    if (r != v)
        *flags |= FPU_NX;
    if (is_signed)
        return (uint64_t)(int64_t)r;
    return r <= 0 ? 0 : (uint64_t)r;
}

/* From an integer (value v, exact in __int128) to single (dbl false) or double, in mode rm. */
static uint64_t from_int(__int128 v, bool is_signed, bool dbl, unsigned rm, unsigned *flags)
{
    unsigned fl;
    volatile int64_t vs = (int64_t)v;
    volatile uint64_t vu = (uint64_t)v;
    if (dbl) {
        volatile double r;
        IN_MODE(rm, r = is_signed ? (double)vs : (double)vu);
        double rr = r;
        if (rm == 4 && (fl & FPU_NX)) {
            double n = nextafter(rr, (__int128)rr < v ? INFINITY : -INFINITY);
            __int128 e = v - (__int128)rr, gap = (__int128)n - (__int128)rr;
            if (2 * e == gap && fabs(n) > fabs(rr))
                rr = n;
        }
        *flags |= fl;
        return bits_d(rr);
    }
    volatile float r;
    IN_MODE(rm, r = is_signed ? (float)vs : (float)vu);
    float rr = r;
    if (rm == 4 && (fl & FPU_NX)) {
        float n = nextafterf(rr, (__int128)rr < v ? INFINITY : -INFINITY);
        __int128 e = v - (__int128)rr, gap = (__int128)n - (__int128)rr;
        if (2 * e == gap && fabsf(n) > fabsf(rr))
            rr = n;
    }
    *flags |= fl;
    return FPU_BOX | bits_s(rr);
}

static uint32_t d_to_s(uint64_t ua, unsigned rm, unsigned *flags, bool *sub)
{
    double a = from_d(ua);
    volatile double va = a;
    volatile float r;
    unsigned fl;
    IN_MODE(rm, r = (float)va);
    float rr = r;
    if (rm == 4 && (fl & FPU_NX))
        rr = rmm_s(K_CVT, a, 0, 0, rr);
    *flags |= fl;
    *sub = fpclassify(rr) == FP_SUBNORMAL;
    return isnan(rr) ? CANON_S : bits_s(rr);
}

int fpu_exec(hart_t *h, unsigned op, const dinsn_t *d)
{
    unsigned rm = (unsigned)d->imm & 7, rd = d->rd & 31;
    if (rm == 7)
        rm = h->frm;
    uint64_t fa = h->f[d->rs1], fb = h->f[d->rs2], fc = h->f[((unsigned)d->imm >> 3) & 31];
    uint64_t xa = h->x[d->rs1];
    bool rv32 = h->xlen == 32;
    unsigned flags = 0;
    bool sub = false;
    uint32_t sa = unbox(fa), sb = unbox(fb), sc = unbox(fc);
    int64_t xres = 0;
    bool write_x = false;

    switch ((enum insn_op)op) {
        /* operations with a rounding mode */
#define RM_CHECK() \
    if (rm > 4) \
    return FPU_ILLEGAL
    case OP_FADD_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_ADD, sa, sb, 0, rm, &flags, &sub);
        break;
    case OP_FSUB_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_SUB, sa, sb, 0, rm, &flags, &sub);
        break;
    case OP_FMUL_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_MUL, sa, sb, 0, rm, &flags, &sub);
        break;
    case OP_FDIV_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_DIV, sa, sb, 0, rm, &flags, &sub);
        break;
    case OP_FSQRT_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_SQRT, sa, 0, 0, rm, &flags, &sub);
        break;
    case OP_FMADD_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_FMA, sa, sb, sc, rm, &flags, &sub);
        break;
    case OP_FMSUB_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_FMA, sa, sb, sc ^ 0x80000000u, rm, &flags, &sub);
        break;
    case OP_FNMSUB_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_FMA, sa ^ 0x80000000u, sb, sc, rm, &flags, &sub);
        break;
    case OP_FNMADD_S:
        RM_CHECK();
        h->f[rd] = FPU_BOX | op_s(K_FMA, sa ^ 0x80000000u, sb, sc ^ 0x80000000u, rm, &flags, &sub);
        break;
    case OP_FADD_D:
        RM_CHECK();
        h->f[rd] = op_d(K_ADD, fa, fb, 0, rm, &flags, &sub);
        break;
    case OP_FSUB_D:
        RM_CHECK();
        h->f[rd] = op_d(K_SUB, fa, fb, 0, rm, &flags, &sub);
        break;
    case OP_FMUL_D:
        RM_CHECK();
        h->f[rd] = op_d(K_MUL, fa, fb, 0, rm, &flags, &sub);
        break;
    case OP_FDIV_D:
        RM_CHECK();
        h->f[rd] = op_d(K_DIV, fa, fb, 0, rm, &flags, &sub);
        break;
    case OP_FSQRT_D:
        RM_CHECK();
        h->f[rd] = op_d(K_SQRT, fa, 0, 0, rm, &flags, &sub);
        break;
    case OP_FMADD_D:
        RM_CHECK();
        h->f[rd] = op_d(K_FMA, fa, fb, fc, rm, &flags, &sub);
        break;
    case OP_FMSUB_D:
        RM_CHECK();
        h->f[rd] = op_d(K_FMA, fa, fb, fc ^ (1ull << 63), rm, &flags, &sub);
        break;
    case OP_FNMSUB_D:
        RM_CHECK();
        h->f[rd] = op_d(K_FMA, fa ^ (1ull << 63), fb, fc, rm, &flags, &sub);
        break;
    case OP_FNMADD_D:
        RM_CHECK();
        h->f[rd] = op_d(K_FMA, fa ^ (1ull << 63), fb, fc ^ (1ull << 63), rm, &flags, &sub);
        break;
    case OP_FCVT_W_S:
        RM_CHECK();
        xres = (int32_t)to_int(from_s(sa), rm, true, 32, &flags);
        write_x = true;
        break;
    case OP_FCVT_WU_S:
        RM_CHECK();
        xres = (int32_t)to_int(from_s(sa), rm, false, 32, &flags);
        write_x = true;
        break;
    case OP_FCVT_L_S:
        RM_CHECK();
        xres = (int64_t)to_int(from_s(sa), rm, true, 64, &flags);
        write_x = true;
        break;
    case OP_FCVT_LU_S:
        RM_CHECK();
        xres = (int64_t)to_int(from_s(sa), rm, false, 64, &flags);
        write_x = true;
        break;
    case OP_FCVT_W_D:
        RM_CHECK();
        xres = (int32_t)to_int(from_d(fa), rm, true, 32, &flags);
        write_x = true;
        break;
    case OP_FCVT_WU_D:
        RM_CHECK();
        xres = (int32_t)to_int(from_d(fa), rm, false, 32, &flags);
        write_x = true;
        break;
    case OP_FCVT_L_D:
        RM_CHECK();
        xres = (int64_t)to_int(from_d(fa), rm, true, 64, &flags);
        write_x = true;
        break;
    case OP_FCVT_LU_D:
        RM_CHECK();
        xres = (int64_t)to_int(from_d(fa), rm, false, 64, &flags);
        write_x = true;
        break;
    case OP_FCVT_S_W:
        RM_CHECK();
        h->f[rd] = from_int((int32_t)xa, true, false, rm, &flags);
        break;
    case OP_FCVT_S_WU:
        RM_CHECK();
        h->f[rd] = from_int((uint32_t)xa, false, false, rm, &flags);
        break;
    case OP_FCVT_S_L:
        RM_CHECK();
        h->f[rd] = from_int((int64_t)xa, true, false, rm, &flags);
        break;
    case OP_FCVT_S_LU:
        RM_CHECK();
        h->f[rd] = from_int(xa, false, false, rm, &flags);
        break;
    case OP_FCVT_D_W:
        RM_CHECK();
        h->f[rd] = from_int((int32_t)xa, true, true, rm, &flags);
        break;
    case OP_FCVT_D_WU:
        RM_CHECK();
        h->f[rd] = from_int((uint32_t)xa, false, true, rm, &flags);
        break;
    case OP_FCVT_D_L:
        RM_CHECK();
        h->f[rd] = from_int((int64_t)xa, true, true, rm, &flags);
        break;
    case OP_FCVT_D_LU:
        RM_CHECK();
        h->f[rd] = from_int(xa, false, true, rm, &flags);
        break;
    case OP_FCVT_S_D:
        RM_CHECK();
        h->f[rd] = FPU_BOX | d_to_s(fa, rm, &flags, &sub);
        break;
    case OP_FCVT_D_S: {
        RM_CHECK();
        if (snan_s(sa))
            flags |= FPU_NV;
        double v = (double)from_s(sa); /* exact */
        h->f[rd] = isnan(v) ? CANON_D : bits_d(v);
        break;
    }
#undef RM_CHECK
    /* sign injection, min/max, compares, classify, moves: no rounding */
    case OP_FSGNJ_S: h->f[rd] = FPU_BOX | (sa & 0x7fffffffu) | (sb & 0x80000000u); break;
    case OP_FSGNJN_S: h->f[rd] = FPU_BOX | (sa & 0x7fffffffu) | (~sb & 0x80000000u); break;
    case OP_FSGNJX_S: h->f[rd] = FPU_BOX | (sa ^ (sb & 0x80000000u)); break;
    case OP_FSGNJ_D: h->f[rd] = (fa & ~(1ull << 63)) | (fb & (1ull << 63)); break;
    case OP_FSGNJN_D: h->f[rd] = (fa & ~(1ull << 63)) | (~fb & (1ull << 63)); break;
    case OP_FSGNJX_D: h->f[rd] = fa ^ (fb & (1ull << 63)); break;
    case OP_FMIN_S:
    case OP_FMAX_S: {
        bool nan;
        double r = minmax(from_s(sa), from_s(sb), op == OP_FMAX_S, snan_s(sa), snan_s(sb), &flags, &nan);
        h->f[rd] = FPU_BOX | (nan ? CANON_S : bits_s((float)r));
        break;
    }
    case OP_FMIN_D:
    case OP_FMAX_D: {
        bool nan;
        double r = minmax(from_d(fa), from_d(fb), op == OP_FMAX_D, snan_d(fa), snan_d(fb), &flags, &nan);
        h->f[rd] = nan ? CANON_D : bits_d(r);
        break;
    }
    case OP_FEQ_S:
    case OP_FLT_S:
    case OP_FLE_S:
        xres = compare(op == OP_FEQ_S   ? 0
                       : op == OP_FLT_S ? 1
                                        : 2,
                       from_s(sa), from_s(sb), snan_s(sa), snan_s(sb), &flags);
        write_x = true;
        break;
    case OP_FEQ_D:
    case OP_FLT_D:
    case OP_FLE_D:
        xres = compare(op == OP_FEQ_D   ? 0
                       : op == OP_FLT_D ? 1
                                        : 2,
                       from_d(fa), from_d(fb), snan_d(fa), snan_d(fb), &flags);
        write_x = true;
        break;
    case OP_FCLASS_S:
        xres = fclass(fpclassify(from_s(sa)), sa >> 31, snan_s(sa));
        write_x = true;
        break;
    case OP_FCLASS_D:
        xres = fclass(fpclassify(from_d(fa)), fa >> 63, snan_d(fa));
        write_x = true;
        break;
    case OP_FMV_X_W:
        xres = (int32_t)(uint32_t)fa;
        write_x = true;
        break;
    case OP_FMV_W_X: h->f[rd] = FPU_BOX | (uint32_t)xa; break;
    case OP_FMV_X_D:
        xres = (int64_t)fa;
        write_x = true;
        break;
    case OP_FMV_D_X: h->f[rd] = xa; break;
    default: return FPU_ILLEGAL;
    }
    if (write_x)
        h->x[d->rd] = rv32 ? (uint32_t)xres : (uint64_t)xres; /* rd x0: the sink register */
    if (!write_x || flags) {
        h->fflags |= (uint8_t)flags;
        h->csr.mstatus |= MSTATUS_FS; /* Dirty */
    }
    return sub ? FPU_SUBNORMAL : 0;
}
