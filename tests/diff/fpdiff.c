/*
 * fpdiff: a table of F and D operations over edge-case operands, in every rounding mode, for the
 * differential test against QEMU (tests/diff/qemu-diff.sh): one line per operation and rounding
 * mode with a hash of every result's bits and fflags, so pmusim must agree with QEMU bit for bit
 * on results, NaN boxing, canonical NaNs and exception flags. A few results known by analysis are
 * also checked by the program itself.
 *
 * Built with F and D (-march=rv32imafdc / rv64imafdc) and the soft-float ABI of the SDK: the C
 * code never touches a floating-point type; every FP operation is one inline-asm block that moves
 * bit patterns in and out (fmv on singles, memory for doubles), with the rounding mode in frm.
 */
#include <stdint.h>

#include "pmusim_example.h"
#include "fp_csr.h"

static const uint32_t sv[] = {
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3fc00000, 0x40200000, 0xc0200000,
    0x33800000, 0x00800000, 0x007fffff, 0x00000001, 0x7f7fffff, 0x7f800000, 0xff800000,
    0x7fc00000, 0x7f800001, 0x4f32d05e, 0x3dcccccd, 0x3eaaaaab, 0xcf000000, 0x4b800001,
};
static const uint64_t dv[] = {
    0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x3ff8000000000000,
    0x4004000000000000, 0xc004000000000000, 0x3ca0000000000000, 0x0010000000000000, 0x000fffffffffffff,
    0x0000000000000001, 0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
    0x7ff0000000000001, 0x41e65a0bc0000000, 0x3fb999999999999a, 0x3fd5555555555555, 0xc1e0000000000000,
    0x47efffffe0000000, 0x36a0000000000000, 0x3ff0000010000000,
};
static const uint64_t iv[] = {
    0,
    1,
    (uint64_t)-1,
    0x7fffffff,
    0x80000000,
    0x1000001,
    0x1000003,
    (uint64_t)-0x1000001,
    0xffffffff,
    123456789,
    0x7fffffffffffffff,
    0x8000000000000000,
    0x20000000000001,
    0xfffffffffffffff1,
    0x1000000000000081,
    0x123456789abcdef,
};
#define N(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t hash;
static void mix(uint64_t v)
{
    for (int k = 0; k < 2; k++) {
        hash = (hash ^ (uint32_t)v) * 16777619u;
        v >>= 32;
    }
}


/* single x single -> single */
#define S2(name, insn) \
    static uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c) \
    { \
        uint32_t r; \
        (void)c; \
        __asm__ volatile("fmv.w.x f0, %1\n fmv.w.x f1, %2\n " insn " f2, f0, f1\n fmv.x.w %0, f2" \
                         : "=r"(r) \
                         : "r"(a), "r"(b) \
                         : "f0", "f1", "f2"); \
        return r; \
    }
#define S1(name, insn) \
    static uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c) \
    { \
        uint32_t r; \
        (void)b, (void)c; \
        __asm__ volatile("fmv.w.x f0, %1\n " insn " f2, f0\n fmv.x.w %0, f2" \
                         : "=r"(r) \
                         : "r"(a) \
                         : "f0", "f2"); \
        return r; \
    }
#define S3(name, insn) \
    static uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c) \
    { \
        uint32_t r; \
        __asm__ volatile("fmv.w.x f0, %1\n fmv.w.x f1, %2\n fmv.w.x f3, %3\n " insn \
                         " f2, f0, f1, f3\n fmv.x.w %0, f2" \
                         : "=r"(r) \
                         : "r"(a), "r"(b), "r"(c) \
                         : "f0", "f1", "f2", "f3"); \
        return r; \
    }
/* single x single -> integer register */
#define SX(name, insn) \
    static uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c) \
    { \
        unsigned long r; \
        (void)c; \
        __asm__ volatile("fmv.w.x f0, %1\n fmv.w.x f1, %2\n " insn " %0, f0, f1" \
                         : "=r"(r) \
                         : "r"(a), "r"(b) \
                         : "f0", "f1"); \
        return (uint32_t)r ^ (uint32_t)((uint64_t)r >> 16); \
    }
#define SXU(name, insn) \
    static uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c) \
    { \
        unsigned long r; \
        (void)b, (void)c; \
        __asm__ volatile("fmv.w.x f0, %1\n " insn " %0, f0" : "=r"(r) : "r"(a) : "f0"); \
        mix((uint64_t)r); \
        return (uint32_t)r; \
    }

S2(fadd_s, "fadd.s")
S2(fsub_s, "fsub.s")
S2(fmul_s, "fmul.s")
S2(fdiv_s, "fdiv.s")
S2(fmin_s, "fmin.s")
S2(fmax_s, "fmax.s")
S2(fsgnjx_s, "fsgnjx.s")
S1(fsqrt_s, "fsqrt.s")
S3(fmadd_s, "fmadd.s")
S3(fmsub_s, "fmsub.s")
S3(fnmadd_s, "fnmadd.s")
S3(fnmsub_s, "fnmsub.s")
SX(feq_s, "feq.s")
SX(flt_s, "flt.s")
SX(fle_s, "fle.s")
SXU(fclass_s, "fclass.s")
SXU(fcvt_w_s, "fcvt.w.s")
SXU(fcvt_wu_s, "fcvt.wu.s")

typedef uint32_t (*sop_t)(uint32_t, uint32_t, uint32_t);
struct sop {
    const char *name;
    sop_t fn;
    int rounded;
};
static const struct sop sops[] = {
    { "fadd.s", op_fadd_s, 1 },     { "fsub.s", op_fsub_s, 1 },     { "fmul.s", op_fmul_s, 1 },
    { "fdiv.s", op_fdiv_s, 1 },     { "fsqrt.s", op_fsqrt_s, 1 },   { "fmadd.s", op_fmadd_s, 1 },
    { "fmsub.s", op_fmsub_s, 1 },   { "fnmadd.s", op_fnmadd_s, 1 }, { "fnmsub.s", op_fnmsub_s, 1 },
    { "fmin.s", op_fmin_s, 0 },     { "fmax.s", op_fmax_s, 0 },     { "fsgnjx.s", op_fsgnjx_s, 0 },
    { "feq.s", op_feq_s, 0 },       { "flt.s", op_flt_s, 0 },       { "fle.s", op_fle_s, 0 },
    { "fclass.s", op_fclass_s, 0 }, { "fcvt.w.s", op_fcvt_w_s, 1 }, { "fcvt.wu.s", op_fcvt_wu_s, 1 },
};

/* doubles through memory: d[0], d[1], d[2] in, d[3] out */
static volatile uint64_t dm[4];
#define D2(name, insn) \
    static void name(void) \
    { \
        __asm__ volatile("fld f0, 0(%0)\n fld f1, 8(%0)\n " insn " f2, f0, f1\n fsd f2, 24(%0)" ::"r"(dm) \
                         : "f0", "f1", "f2", "memory"); \
    }
#define D1(name, insn) \
    static void name(void) \
    { \
        __asm__ volatile("fld f0, 0(%0)\n " insn " f2, f0\n fsd f2, 24(%0)" ::"r"(dm) \
                         : "f0", "f2", "memory"); \
    }
#define D3(name, insn) \
    static void name(void) \
    { \
        __asm__ volatile("fld f0, 0(%0)\n fld f1, 8(%0)\n fld f3, 16(%0)\n " insn \
                         " f2, f0, f1, f3\n fsd f2, 24(%0)" ::"r"(dm) \
                         : "f0", "f1", "f2", "f3", "memory"); \
    }
#define DX(name, insn) \
    static void name(void) \
    { \
        unsigned long r; \
        __asm__ volatile("fld f0, 0(%1)\n fld f1, 8(%1)\n " insn " %0, f0, f1" \
                         : "=r"(r) \
                         : "r"(dm) \
                         : "f0", "f1"); \
        dm[3] = r; \
    }
#define DXU(name, insn) \
    static void name(void) \
    { \
        unsigned long r; \
        __asm__ volatile("fld f0, 0(%1)\n " insn " %0, f0" : "=r"(r) : "r"(dm) : "f0"); \
        dm[3] = r; \
    }
D2(d_add, "fadd.d")
D2(d_sub, "fsub.d") D2(d_mul, "fmul.d") D2(d_div, "fdiv.d") D2(d_min, "fmin.d") D2(d_max, "fmax.d")
    D1(d_sqrt, "fsqrt.d") D3(d_madd, "fmadd.d") D3(d_nmsub, "fnmsub.d") DX(d_eq, "feq.d") DX(d_lt, "flt.d")
        DX(d_le, "fle.d") DXU(d_class, "fclass.d") DXU(d_cvt_w, "fcvt.w.d") DXU(d_cvt_wu, "fcvt.wu.d")
            D1(d_cvt_s, "fcvt.s.d") D1(d_from_s, "fcvt.d.s")
#if __riscv_xlen == 64
                DXU(d_cvt_l, "fcvt.l.d") DXU(d_cvt_lu, "fcvt.lu.d")
#endif

                    struct dop {
    const char *name;
    void (*fn)(void);
    int rounded;
};
static const struct dop dops[] = {
    { "fadd.d", d_add, 1 },     { "fsub.d", d_sub, 1 },       { "fmul.d", d_mul, 1 },
    { "fdiv.d", d_div, 1 },     { "fsqrt.d", d_sqrt, 1 },     { "fmadd.d", d_madd, 1 },
    { "fnmsub.d", d_nmsub, 1 }, { "fmin.d", d_min, 0 },       { "fmax.d", d_max, 0 },
    { "feq.d", d_eq, 0 },       { "flt.d", d_lt, 0 },         { "fle.d", d_le, 0 },
    { "fclass.d", d_class, 0 }, { "fcvt.w.d", d_cvt_w, 1 },   { "fcvt.wu.d", d_cvt_wu, 1 },
    { "fcvt.s.d", d_cvt_s, 1 }, { "fcvt.d.s", d_from_s, 0 },
#if __riscv_xlen == 64
    { "fcvt.l.d", d_cvt_l, 1 }, { "fcvt.lu.d", d_cvt_lu, 1 },
#endif
};

/* integer -> FP */
static uint64_t from_int(unsigned which, unsigned long v)
{
    uint32_t r = 0;
    switch (which) {
    case 0: __asm__ volatile("fcvt.s.w f0, %1\n fmv.x.w %0, f0" : "=r"(r) : "r"(v) : "f0"); break;
    case 1: __asm__ volatile("fcvt.s.wu f0, %1\n fmv.x.w %0, f0" : "=r"(r) : "r"(v) : "f0"); break;
    case 2:
        __asm__ volatile("fcvt.d.w f0, %0\n fsd f0, 24(%1)" ::"r"(v), "r"(dm) : "f0", "memory");
        return dm[3];
    case 3:
        __asm__ volatile("fcvt.d.wu f0, %0\n fsd f0, 24(%1)" ::"r"(v), "r"(dm) : "f0", "memory");
        return dm[3];
#if __riscv_xlen == 64
    case 4: __asm__ volatile("fcvt.s.l f0, %1\n fmv.x.w %0, f0" : "=r"(r) : "r"(v) : "f0"); break;
    case 5: __asm__ volatile("fcvt.s.lu f0, %1\n fmv.x.w %0, f0" : "=r"(r) : "r"(v) : "f0"); break;
    case 6:
        __asm__ volatile("fcvt.d.l f0, %0\n fsd f0, 24(%1)" ::"r"(v), "r"(dm) : "f0", "memory");
        return dm[3];
    case 7:
        __asm__ volatile("fcvt.d.lu f0, %0\n fsd f0, 24(%1)" ::"r"(v), "r"(dm) : "f0", "memory");
        return dm[3];
#endif
    }
    return r;
}
static const char *const from_names[] = { "fcvt.s.w", "fcvt.s.wu", "fcvt.d.w", "fcvt.d.wu",
                                          "fcvt.s.l", "fcvt.s.lu", "fcvt.d.l", "fcvt.d.lu" };

static const char *const rm_names[] = { "rne", "rtz", "rdn", "rup", "rmm" };

int main(void)
{
    ex_state_t ex;
    __asm__ volatile("csrs mstatus, %0" ::"r"(0x2000)); /* mstatus.FS = Initial */
    ex_begin(&ex, "fpdiff");
    uint32_t total = 2166136261u;

    for (unsigned k = 0; k < N(sops); k++)
        for (unsigned rm = 0; rm < (sops[k].rounded ? 5u : 1u); rm++) {
            set_frm(rm);
            hash = 2166136261u;
            for (unsigned a = 0; a < N(sv); a++)
                for (unsigned b = 0; b < N(sv); b++) {
                    mix(sops[k].fn(sv[a], sv[b], sv[(a + b) % N(sv)]));
                    mix(get_flags());
                }
            rt_printf("fpdiff: %s %s 0x%08x\n", sops[k].name, rm_names[rm], (unsigned)hash);
            total = (total ^ hash) * 16777619u;
        }
    for (unsigned k = 0; k < N(dops); k++)
        for (unsigned rm = 0; rm < (dops[k].rounded ? 5u : 1u); rm++) {
            set_frm(rm);
            hash = 2166136261u;
            for (unsigned a = 0; a < N(dv); a++)
                for (unsigned b = 0; b < N(dv); b++) {
                    dm[0] = dv[a];
                    dm[1] = dv[b];
                    dm[2] = dv[(a + b) % N(dv)];
                    if (dops[k].fn == d_from_s)
                        dm[0] = 0xffffffff00000000ull | sv[a % N(sv)]; /* a boxed single */
                    dops[k].fn();
                    mix(dm[3]);
                    mix(get_flags());
                }
            rt_printf("fpdiff: %s %s 0x%08x\n", dops[k].name, rm_names[rm], (unsigned)hash);
            total = (total ^ hash) * 16777619u;
        }
    for (unsigned k = 0; k < (__riscv_xlen == 64 ? 8u : 4u); k++)
        for (unsigned rm = 0; rm < 5; rm++) {
            set_frm(rm);
            hash = 2166136261u;
            for (unsigned a = 0; a < N(iv); a++) {
                mix(from_int(k, (unsigned long)iv[a]));
                mix(get_flags());
            }
            rt_printf("fpdiff: %s %s 0x%08x\n", from_names[k], rm_names[rm], (unsigned)hash);
            total = (total ^ hash) * 16777619u;
        }

    /* known by analysis: 1 + 2^-24 ties to 1 (RNE) and to 1 + 2^-23 (RMM); 1/0 = inf with DZ */
    set_frm(0);
    ex_check(&ex, op_fadd_s(0x3f800000, 0x33800000, 0) == 0x3f800000 && get_flags() == 1, "fadd.s rne tie");
    set_frm(4);
    ex_check(&ex, op_fadd_s(0x3f800000, 0x33800000, 0) == 0x3f800001 && get_flags() == 1, "fadd.s rmm tie");
    set_frm(0);
    ex_check(&ex, op_fdiv_s(0x3f800000, 0, 0) == 0x7f800000 && get_flags() == 8, "fdiv.s 1/0");
    ex_check(&ex, op_fsub_s(0x7f800000, 0x7f800000, 0) == 0x7fc00000 && get_flags() == 0x10, "inf - inf");
    ex_report(&ex, total);
    return ex_finish(&ex);
}
