/* F and D extensions (built rv32imafdc / rv64imafdc, run on virt32/virt64 and QEMU's spike):
 * mstatus.FS (Off at reset: FP instructions and fcsr are illegal; Initial -> Dirty on a write,
 * SD), every static rounding mode and the dynamic one, reserved rounding modes (static and in
 * frm), fflags (NV DZ OF UF NX), canonical NaNs, NaN boxing of single values, fmin/fmax (2.2:
 * -0 < +0, NaN operands), fclass, conversions to integers (rounding, saturation), ties of
 * round-to-nearest-max-magnitude, exactly fused multiply-add, and the compressed FP loads and
 * stores. Expected values are worked out by hand from IEEE 754 (comments give the reasoning). */
#include "isa_test.h"

#define MSTATUS_FS 0x6000
#define FS_INITIAL 0x2000
#define RM_RNE 0
#define RM_RTZ 1
#define RM_RDN 2
#define RM_RUP 3
#define RM_RMM 4

/* f3 = inst(f1, f2) with static rounding mode rm; checks the single result bits and fflags */
#define FOP2(n, inst, rm, a, b, res, flags)                                           \
        TEST_BEGIN(n); li a1, a; li a2, b; fmv.w.x f1, a1; fmv.w.x f2, a2;            \
        csrw fflags, zero; inst f3, f1, f2, rm; fmv.x.w a4, f3;                       \
        li t2, SEXT32(res); bne a4, t2, fail;                                         \
        csrr a4, fflags; li t2, flags; bne a4, t2, fail
/* the same for operations without a rounding mode */
#define FOP2N(n, inst, a, b, res, flags)                                              \
        TEST_BEGIN(n); li a1, a; li a2, b; fmv.w.x f1, a1; fmv.w.x f2, a2;            \
        csrw fflags, zero; inst f3, f1, f2; fmv.x.w a4, f3;                           \
        li t2, SEXT32(res); bne a4, t2, fail;                                         \
        csrr a4, fflags; li t2, flags; bne a4, t2, fail
/* a4 = inst(f1) to an integer register, rounding mode rm; checks a4 and fflags */
#define FCVTI(n, inst, rm, a, res, flags)                                             \
        TEST_BEGIN(n); li a1, a; fmv.w.x f1, a1;                                      \
        csrw fflags, zero; inst a4, f1, rm;                                           \
        li t2, res; bne a4, t2, fail;                                                 \
        csrr a4, fflags; li t2, flags; bne a4, t2, fail
#define FCLASS(n, a, res)                                                             \
        TEST_CASE(n, a4, res, li a1, a; fmv.w.x f1, a1; fclass.s a4, f1)

RVTEST_CODE_BEGIN

  /* ---- mstatus.FS = Off after reset: FP instructions and fcsr are illegal ---- */
  TEST_CSR_FIELD(2, mstatus, MSTATUS_FS, 0)
  TEST_BEGIN(3)
        TRAP_EXPECT(1f)
off3:   fadd.s f1, f2, f3
        j fail
1:
  TEST_TRAP_CAUSE(4, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(5, off3)
  TEST_BEGIN(6)
        TRAP_EXPECT(1f)
off6:   csrr a4, fflags
        j fail
1:
  TEST_TRAP_CAUSE(7, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(8, off6)
  TEST_BEGIN(9)
        TRAP_EXPECT(1f)
off9:   flw f1, 0(sp)
        j fail
1:
  TEST_TRAP_CAUSE(10, CAUSE_ILLEGAL_INSTRUCTION)

  /* ---- Initial, then Dirty after an FP register write; SD mirrors Dirty ---- */
  TEST_CASE(11, a4, FS_INITIAL, li a1, FS_INITIAL; csrs mstatus, a1; csrr a4, mstatus;
            li t1, MSTATUS_FS; and a4, a4, t1)
  TEST_CASE(12, a4, 0, csrr a4, mstatus; srli a4, a4, XLEN - 1)        /* SD = 0 */
  TEST_CASE(13, a4, MSTATUS_FS, fmv.w.x f1, zero; csrr a4, mstatus; li t1, MSTATUS_FS; and a4, a4, t1)
  TEST_CASE(14, a4, 1, csrr a4, mstatus; srli a4, a4, XLEN - 1)        /* SD = 1 */
  TEST_CASE(15, a4, 0x28, csrr a4, misa;
            li t1, 0x28; and a4, a4, t1)

  /* ---- fcsr: frm in 7:5, fflags in 4:0 ---- */
  TEST_CASE(16, a4, 0xff, li a1, 0xff; csrw fcsr, a1; csrr a4, fcsr)
  TEST_CASE(17, a4, 0x7, csrr a4, frm)
  TEST_CASE(18, a4, 0x1f, csrr a4, fflags)
  TEST_CASE(19, a4, 0x0, csrw fcsr, zero; csrr a4, fcsr)

  /* ---- rounding: 1 + 2^-24 lies half-way between 1 and 1 + 2^-23 ---- */
  FOP2(20, fadd.s, rne, 0x3f800000, 0x33800000, 0x3f800000, 1)  /* tie to even: 1 */
  FOP2(21, fadd.s, rtz, 0x3f800000, 0x33800000, 0x3f800000, 1)
  FOP2(22, fadd.s, rdn, 0x3f800000, 0x33800000, 0x3f800000, 1)
  FOP2(23, fadd.s, rup, 0x3f800000, 0x33800000, 0x3f800001, 1)
  FOP2(24, fadd.s, rmm, 0x3f800000, 0x33800000, 0x3f800001, 1)  /* tie away from zero */
  FOP2(25, fadd.s, rne, 0xbf800000, 0xb3800000, 0xbf800000, 1)  /* -1 - 2^-24 */
  FOP2(26, fadd.s, rtz, 0xbf800000, 0xb3800000, 0xbf800000, 1)
  FOP2(27, fadd.s, rdn, 0xbf800000, 0xb3800000, 0xbf800001, 1)
  FOP2(28, fadd.s, rup, 0xbf800000, 0xb3800000, 0xbf800000, 1)
  FOP2(29, fadd.s, rmm, 0xbf800000, 0xb3800000, 0xbf800001, 1)
  /* 1 + 3 x 2^-25 is above the half-way point: nearest is up, RMM agrees, RTZ truncates */
  FOP2(30, fadd.s, rne, 0x3f800000, 0x33c00000, 0x3f800001, 1)
  FOP2(31, fadd.s, rmm, 0x3f800000, 0x33c00000, 0x3f800001, 1)
  FOP2(32, fadd.s, rtz, 0x3f800000, 0x33c00000, 0x3f800000, 1)
  /* multiply: (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: RUP gives 1 + 3 x 2^-23, the others 1 + 2^-22 */
  FOP2(33, fmul.s, rup, 0x3f800001, 0x3f800001, 0x3f800003, 1)
  FOP2(34, fmul.s, rdn, 0x3f800001, 0x3f800001, 0x3f800002, 1)
  FOP2(35, fmul.s, rmm, 0x3f800001, 0x3f800001, 0x3f800002, 1)
  /* divide: 1/3 = 0x3eaaaaaa.aa..: RUP rounds up, the others down */
  FOP2(36, fdiv.s, rup, 0x3f800000, 0x40400000, 0x3eaaaaab, 1)
  FOP2(37, fdiv.s, rne, 0x3f800000, 0x40400000, 0x3eaaaaab, 1)  /* .aa.. > half: up */
  FOP2(38, fdiv.s, rtz, 0x3f800000, 0x40400000, 0x3eaaaaaa, 1)

  /* ---- the dynamic rounding mode: frm ---- */
  TEST_BEGIN(39); li a1, RM_RUP; csrw frm, a1
  FOP2(40, fadd.s, dyn, 0x3f800000, 0x33800000, 0x3f800001, 1)
  TEST_BEGIN(41); li a1, RM_RMM; csrw frm, a1
  FOP2(42, fadd.s, dyn, 0xbf800000, 0xb3800000, 0xbf800001, 1)
  TEST_BEGIN(43); csrw frm, zero
  FOP2(44, fadd.s, dyn, 0x3f800000, 0x33800000, 0x3f800000, 1)

  /* ---- reserved rounding modes: static 5 and 6, frm 5-7 with rm = dyn ---- */
  TEST_BEGIN(45)
        TRAP_EXPECT(1f)
rm45:   .word 0x003150d3                  /* fadd.s f1, f2, f3 with rm = 5 */
        j fail
1:
  TEST_TRAP_CAUSE(46, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(47, rm45)
  TEST_BEGIN(48)
        TRAP_EXPECT(1f)
rm48:   .word 0x003160d3                  /* rm = 6 */
        j fail
1:
  TEST_TRAP_CAUSE(49, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_BEGIN(50)
        li a1, 5; csrw frm, a1
        TRAP_EXPECT(1f)
rm50:   fadd.s f1, f2, f3, dyn
        j fail
1:
  TEST_TRAP_CAUSE(51, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(52, rm50)
  TEST_BEGIN(53)
        li a1, 7; csrw frm, a1
        TRAP_EXPECT(1f)
rm53:   fcvt.w.s a4, f1, dyn
        j fail
1:
  TEST_TRAP_CAUSE(54, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_CASE(55, a4, 7, csrr a4, frm)      /* frm keeps its (reserved) value */
  TEST_BEGIN(56); csrw frm, zero

  /* ---- fflags ---- */
  FOP2(57, fdiv.s, rne, 0x3f800000, 0x00000000, 0x7f800000, 0x08)  /* 1/0: DZ, +inf */
  FOP2(58, fmul.s, rne, 0x7f7fffff, 0x40000000, 0x7f800000, 0x05)  /* MAX x 2: OF NX */
  FOP2(59, fmul.s, rtz, 0x7f7fffff, 0x40000000, 0x7f7fffff, 0x05)  /* RTZ: MAX */
  /* (2^-126 + 2^-149) / 2: half-way between subnormals 2^-127 and 2^-127 + 2^-149: UF NX */
  FOP2(60, fmul.s, rne, 0x00800001, 0x3f000000, 0x00400000, 0x03)
  FOP2(61, fmul.s, rne, 0x00800000, 0x3f000000, 0x00400000, 0x00)  /* exact subnormal: no UF */
  FOP2(62, fsub.s, rne, 0x7f800000, 0x7f800000, 0x7fc00000, 0x10)  /* inf - inf: NV, canonical */
  TEST_BEGIN(63); li a1, 0xbf800000; fmv.w.x f1, a1; csrw fflags, zero; fsqrt.s f3, f1
        fmv.x.w a4, f3; li t2, 0x7fc00000; bne a4, t2, fail
        csrr a4, fflags; li t2, 0x10; bne a4, t2, fail
  /* fflags accrue */
  TEST_CASE(64, a4, 0x18, li a1, 0x10; csrw fflags, a1; li a1, 0x3f800000; fmv.w.x f1, a1;
            fmv.w.x f2, zero; fdiv.s f3, f1, f2; csrr a4, fflags)

  /* ---- canonical NaN: NaN results never carry a payload or the sign ---- */
  FOP2(65, fadd.s, rne, 0x7fc12345, 0x3f800000, 0x7fc00000, 0)     /* quiet NaN in: no flag */
  FOP2(66, fadd.s, rne, 0xff812345, 0x3f800000, 0x7fc00000, 0x10)  /* signalling: NV */
  FOP2(67, fmul.s, rne, 0xffc00000, 0xffc00001, 0x7fc00000, 0)

  /* ---- fmin / fmax (2.2) ---- */
  FOP2N(68, fmin.s, 0x80000000, 0x00000000, 0x80000000, 0)   /* -0 < +0 */
  FOP2N(69, fmin.s, 0x00000000, 0x80000000, 0x80000000, 0)
  FOP2N(70, fmax.s, 0x80000000, 0x00000000, 0x00000000, 0)
  FOP2N(71, fmax.s, 0x00000000, 0x80000000, 0x00000000, 0)
  FOP2N(72, fmin.s, 0x7fc00000, 0x3f800000, 0x3f800000, 0)   /* one quiet NaN: the other */
  FOP2N(73, fmax.s, 0x3f800000, 0x7fc00000, 0x3f800000, 0)
  FOP2N(74, fmin.s, 0x7f800001, 0x3f800000, 0x3f800000, 0x10)  /* signalling: NV, the other */
  FOP2N(75, fmax.s, 0x7fc00000, 0xffc12345, 0x7fc00000, 0)   /* two NaNs: canonical */
  FOP2N(76, fmin.s, 0xbf800000, 0x3f800000, 0xbf800000, 0)
  FOP2N(77, fmax.s, 0xbf800000, 0x3f800000, 0x3f800000, 0)

  /* ---- compares: feq quiet, flt/fle signalling ---- */
  TEST_BEGIN(78); li a1, 0x7fc00000; fmv.w.x f1, a1; csrw fflags, zero; feq.s a4, f1, f1
        bnez a4, fail; csrr a4, fflags; bnez a4, fail
  TEST_BEGIN(79); csrw fflags, zero; flt.s a4, f1, f1
        bnez a4, fail; csrr a4, fflags; li t2, 0x10; bne a4, t2, fail
  TEST_CASE(80, a4, 1, li a1, 0x80000000; fmv.w.x f1, a1; fmv.w.x f2, zero; fle.s a4, f1, f2)
  TEST_CASE(81, a4, 0, flt.s a4, f1, f2)                         /* -0 < +0 is false */
  TEST_CASE(82, a4, 1, feq.s a4, f1, f2)

  /* ---- fclass: one bit per class ---- */
  FCLASS(83, 0xff800000, 1 << 0)   /* -inf */
  FCLASS(84, 0xbf800000, 1 << 1)   /* negative normal */
  FCLASS(85, 0x807fffff, 1 << 2)   /* negative subnormal */
  FCLASS(86, 0x80000000, 1 << 3)   /* -0 */
  FCLASS(87, 0x00000000, 1 << 4)   /* +0 */
  FCLASS(88, 0x00000001, 1 << 5)   /* positive subnormal */
  FCLASS(89, 0x3f800000, 1 << 6)   /* positive normal */
  FCLASS(90, 0x7f800000, 1 << 7)   /* +inf */
  FCLASS(91, 0x7f800001, 1 << 8)   /* signalling NaN */
  FCLASS(92, 0x7fc00000, 1 << 9)   /* quiet NaN */

  /* ---- conversions to integers: rounding of 2.5 and -2.5, saturation ---- */
  FCVTI(93, fcvt.w.s, rne, 0x40200000, 2, 1)
  FCVTI(94, fcvt.w.s, rmm, 0x40200000, 3, 1)
  FCVTI(95, fcvt.w.s, rup, 0x40200000, 3, 1)
  FCVTI(96, fcvt.w.s, rdn, 0x40200000, 2, 1)
  FCVTI(97, fcvt.w.s, rtz, 0x40200000, 2, 1)
  FCVTI(98, fcvt.w.s, rne, 0xc0200000, -2, 1)
  FCVTI(99, fcvt.w.s, rmm, 0xc0200000, -3, 1)
  FCVTI(100, fcvt.w.s, rdn, 0xc0200000, -3, 1)
  FCVTI(101, fcvt.w.s, rup, 0xc0200000, -2, 1)
  FCVTI(102, fcvt.w.s, rtz, 0x4f32d05e, 0x7fffffff, 0x10)          /* 3e9: saturates, NV */
  FCVTI(103, fcvt.w.s, rtz, 0xcf32d05e, SEXT32(0x80000000), 0x10)  /* -3e9 */
  FCVTI(104, fcvt.w.s, rtz, 0x7fc00000, 0x7fffffff, 0x10)          /* NaN: largest */
  FCVTI(105, fcvt.w.s, rtz, 0xff800000, SEXT32(0x80000000), 0x10)  /* -inf */
  FCVTI(106, fcvt.wu.s, rtz, 0xbf800000, 0, 0x10)                  /* -1: NV, 0 */
  FCVTI(107, fcvt.wu.s, rtz, 0xbf000000, 0, 0x01)                  /* -0.5 -> -0: NX only */
  FCVTI(108, fcvt.wu.s, rtz, 0x4f9502f9, -1, 0x10)                 /* 5e9: 0xffffffff, sign-extended */
  FCVTI(109, fcvt.wu.s, rtz, 0x4f32d05e, SEXT32(3000000000), 0)    /* 3e9 fits: sign-extended */
  FCVTI(110, fcvt.w.s, rtz, 0xcf000000, SEXT32(0x80000000), 0)     /* -2^31 exactly: no flag */
#if XLEN == 64
  FCVTI(111, fcvt.l.s, rtz, 0x5f000000, 0x7fffffffffffffff, 0x10)  /* 2^63: saturates */
  FCVTI(112, fcvt.lu.s, rtz, 0x5f000000, 0x8000000000000000, 0)    /* 2^63 fits unsigned */
  FCVTI(113, fcvt.lu.s, rtz, 0x7fc00000, -1, 0x10)                 /* NaN: all ones */
#endif

  /* ---- integer to single: 2^24 + 1 lies half-way between 2^24 and 2^24 + 2 ---- */
  TEST_CASE(114, a4, 0x4b800000, li a1, 0x1000001; fcvt.s.w f1, a1, rne; fmv.x.w a4, f1)
  TEST_CASE(115, a4, 0x4b800001, li a1, 0x1000001; fcvt.s.w f1, a1, rmm; fmv.x.w a4, f1)
  TEST_CASE(116, a4, 0x4b800001, li a1, 0x1000001; fcvt.s.w f1, a1, rup; fmv.x.w a4, f1)
  TEST_CASE(117, a4, SEXT32(0xcb800001), li a1, -0x1000001; fcvt.s.w f1, a1, rmm; fmv.x.w a4, f1)
  TEST_CASE(118, a4, 0x4f800000, li a1, -1; fcvt.s.wu f1, a1, rne; fmv.x.w a4, f1)  /* 2^32 */

  /* ---- fused multiply-add is fused: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly (unfused: 0) ---- */
  TEST_BEGIN(119); li a1, 0x3f800001; fmv.w.x f1, a1; li a2, 0xbf800002; fmv.w.x f2, a2
        csrw fflags, zero; fmadd.s f3, f1, f1, f2; fmv.x.w a4, f3; li t2, 0x28800000; bne a4, t2, fail
        csrr a4, fflags; bnez a4, fail
  TEST_CASE(120, a4, SEXT32(0xa8800000), fnmadd.s f3, f1, f1, f2; fmv.x.w a4, f3)  /* -(a*b) - c */
  TEST_CASE(121, a4, SEXT32(0xa8800000), fnmsub.s f3, f1, f1, f2; fmv.x.w a4, f3; li t1, 0; xor a4, a4, t1;
            fneg.s f4, f2; fnmsub.s f3, f1, f1, f4; fmv.x.w a4, f3)                /* -(a*b) + (-c) */
  /* inf x 0 + qNaN is invalid */
  TEST_BEGIN(122); li a1, 0x7f800000; fmv.w.x f1, a1; fmv.w.x f2, zero; li a2, 0x7fc00000; fmv.w.x f5, a2
        csrw fflags, zero; fmadd.s f3, f1, f2, f5; fmv.x.w a4, f3; li t2, 0x7fc00000; bne a4, t2, fail
        csrr a4, fflags; li t2, 0x10; bne a4, t2, fail

  /* ---- NaN boxing: singles live in the low half of a 64-bit register, upper half all ones ---- */
  TEST_CASE(123, a4, -1, li a1, 0x12345678; fmv.w.x f1, a1; la a2, fbuf; fsd f1, 0(a2); lw a4, 4(a2))
  TEST_CASE(124, a4, 0x12345678, lw a4, 0(a2))
  /* 1.0 as a double is not a boxed single: it reads as the canonical NaN */
  TEST_BEGIN(125); la a2, d_one; fld f1, 0(a2); csrw fflags, zero; fadd.s f2, f1, f1
        fmv.x.w a4, f2; li t2, 0x7fc00000; bne a4, t2, fail; csrr a4, fflags; bnez a4, fail
  TEST_CASE(126, a4, SEXT32(0xffc00000), fneg.s f2, f1; fmv.x.w a4, f2)   /* sign injection too */
  TEST_CASE(127, a4, 0, fmv.x.w a4, f1)                                 /* fmv.x.w moves the bits */
  TEST_CASE(128, a4, 1 << 9, fclass.s a4, f1)
  TEST_CASE(129, a4, -1, la a2, fbuf; li a1, 0x3f800000; fmv.w.x f1, a1; fcvt.d.s f2, f1; fcvt.s.d f3, f2;
            fsd f3, 0(a2); lw a4, 4(a2))
  TEST_BEGIN(130); la a2, fbuf; li a1, 0x40490fdb; sw a1, 0(a2); sw zero, 4(a2); flw f1, 0(a2)
        fsd f1, 8(a2); lw a4, 12(a2); li t2, -1; bne a4, t2, fail; lw a4, 8(a2); bne a4, a1, fail

  /* ---- double precision ---- */
  TEST_BEGIN(131); la a2, d_one; fld f1, 0(a2); fld f2, 8(a2); csrw fflags, zero
        fadd.d f3, f1, f2, rup; fsd f3, 16(a2); lw a4, 16(a2); li t2, 1; bne a4, t2, fail
        lw a4, 20(a2); li t2, 0x3ff00000; bne a4, t2, fail
        csrr a4, fflags; li t2, 1; bne a4, t2, fail
  TEST_BEGIN(132); fadd.d f3, f1, f2, rne; fsd f3, 16(a2); lw a4, 16(a2); bnez a4, fail  /* tie: even */
  TEST_BEGIN(133); fadd.d f3, f1, f2, rmm; fsd f3, 16(a2); lw a4, 16(a2); li t2, 1; bne a4, t2, fail
  TEST_BEGIN(134); fld f4, 24(a2); fmin.d f3, f4, f1; fsd f3, 16(a2); lw a4, 20(a2)    /* -0 vs 1 */
        li t2, SEXT32(0x80000000); bne a4, t2, fail
  TEST_CASE(135, a4, 1 << 3, fclass.d a4, f4)
  TEST_BEGIN(136); fld f1, 32(a2); csrw fflags, zero; fcvt.s.d f3, f1, rne; fmv.x.w a4, f3  /* DBL_MAX */
        li t2, 0x7f800000; bne a4, t2, fail; csrr a4, fflags; li t2, 0x05; bne a4, t2, fail
  TEST_BEGIN(137); csrw fflags, zero; fcvt.w.d a4, f1, rtz; li t2, 0x7fffffff; bne a4, t2, fail
        csrr a4, fflags; li t2, 0x10; bne a4, t2, fail
  TEST_CASE(138, a4, 0x3ff00000, li a1, 1; fcvt.d.w f3, a1; fsd f3, 16(a2); lw a4, 20(a2))

  /* ---- compressed FP loads and stores ---- */
  TEST_BEGIN(139)
        la s0, fbuf; la a2, d_one
        .option push
        .option rvc
        fld f8, 0(a2)
        c.fsd f8, 16(s0)
        c.fld f9, 16(s0)
        .option pop
        fsd f9, 24(s0); lw a4, 28(s0); li t2, 0x3ff00000; bne a4, t2, fail
  TEST_BEGIN(140)
        addi sp, sp, -16
        .option push
        .option rvc
        c.fsdsp f9, 8(sp)
        c.fldsp f10, 8(sp)
        .option pop
        lw a4, 12(sp); addi sp, sp, 16; li t2, 0x3ff00000; bne a4, t2, fail
        feq.d a4, f9, f10; beqz a4, fail
#if XLEN == 32
  TEST_BEGIN(141)
        li a1, 0x3fc00000; fmv.w.x f8, a1
        .option push
        .option rvc
        c.fsw f8, 0(s0)
        c.flw f11, 0(s0)
        addi sp, sp, -16
        c.fswsp f11, 4(sp)
        c.flwsp f12, 4(sp)
        addi sp, sp, 16
        .option pop
        fmv.x.w a4, f12; bne a4, a1, fail
        fsd f12, 8(s0); lw a4, 12(s0); li t2, -1; bne a4, t2, fail   /* c.flw boxes */
#endif

  /* ---- back to Off: illegal again ---- */
  TEST_BEGIN(142)
        li a1, MSTATUS_FS; csrc mstatus, a1
        TRAP_EXPECT(1f)
off142: fmv.w.x f1, zero
        j fail
1:
  TEST_TRAP_CAUSE(143, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(144, off142)

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 8
d_one:  .dword 0x3ff0000000000000           /* 1.0 */
        .dword 0x3ca0000000000000           /* 2^-53: 1 + 2^-53 is a tie */
        .dword 0
        .dword 0x8000000000000000           /* -0 */
        .dword 0x7fefffffffffffff           /* DBL_MAX */
fbuf:   .dword 0, 0, 0, 0, 0
RVTEST_DATA_END
