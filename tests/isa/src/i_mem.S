/* RV32I/RV64I loads and stores: lb lh lw lbu lhu sb sh sw (ld/sd/lwu are in i64.S),
 * plus fence.  Sign vs. zero extension, positive/negative/extreme 12-bit offsets,
 * stores writing only their width, rd == base, x0 destination. */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  /* ---- lb: sign-extended byte ---- */
  TEST_LD( 2, lb, -1,    0, ldata)              /* 0xff */
  TEST_LD( 3, lb, 0,     1, ldata)              /* 0x00 */
  TEST_LD( 4, lb, -16,   2, ldata)              /* 0xf0 */
  TEST_LD( 5, lb, 15,    3, ldata)              /* 0x0f */
  TEST_LD( 6, lb, -128,  4, ldata)              /* 0x80 */
  TEST_LD( 7, lb, 127,   5, ldata)              /* 0x7f */
  TEST_LD( 8, lb, 1,     6, ldata)              /* 0x01 */
  TEST_LD( 9, lb, -2,    7, ldata)              /* 0xfe */
  TEST_LD(10, lb, -1,   -1, ldata_mid)          /* negative offsets */
  TEST_LD(11, lb, 0x78, -8, ldata_mid)
  /* ---- lbu: zero-extended byte ---- */
  TEST_LD(12, lbu, 0xff, 0, ldata)
  TEST_LD(13, lbu, 0x00, 1, ldata)
  TEST_LD(14, lbu, 0xf0, 2, ldata)
  TEST_LD(15, lbu, 0x0f, 3, ldata)
  TEST_LD(16, lbu, 0x80, 4, ldata)
  TEST_LD(17, lbu, 0x7f, 5, ldata)
  TEST_LD(18, lbu, 0xfe, 7, ldata)
  TEST_LD(19, lbu, 0xff, -1, ldata_mid)
  /* ---- lh: sign-extended halfword ---- */
  TEST_LD(20, lh, 0x00ff, 0, ldata)             /* ff 00 */
  TEST_LD(21, lh, SEXT16(0x0ff0), 2, ldata)     /* f0 0f */
  TEST_LD(22, lh, SEXT16(0x7f80), 4, ldata)     /* 80 7f */
  TEST_LD(23, lh, SEXT16(0xfe01), 6, ldata)     /* 01 fe */
  TEST_LD(24, lh, SEXT16(0x8000), 0, ldata_h)
  TEST_LD(25, lh, SEXT16(0x7fff), 2, ldata_h)
  TEST_LD(26, lh, SEXT16(0xffff), 4, ldata_h)
  TEST_LD(27, lh, SEXT16(0x0001), 6, ldata_h)
  TEST_LD(28, lh, SEXT16(0xff34), -2, ldata_mid)
  /* ---- lhu: zero-extended halfword ---- */
  TEST_LD(29, lhu, 0x00ff, 0, ldata)
  TEST_LD(30, lhu, 0x0ff0, 2, ldata)
  TEST_LD(31, lhu, 0x8000, 0, ldata_h)
  TEST_LD(32, lhu, 0x7fff, 2, ldata_h)
  TEST_LD(33, lhu, 0xffff, 4, ldata_h)
  TEST_LD(34, lhu, 0xff34, -2, ldata_mid)
  /* ---- lw: sign-extended word on RV64 ---- */
  TEST_LD(35, lw, SEXT32(0x0ff000ff), 0, ldata)
  TEST_LD(36, lw, SEXT32(0xfe017f80), 4, ldata)
  TEST_LD(37, lw, SEXT32(0x7fff8000), 0, ldata_h)
  TEST_LD(38, lw, SEXT32(0x0001ffff), 4, ldata_h)
  TEST_LD(39, lw, SEXT32(0x80000000), 0, ldata_w)
  TEST_LD(40, lw, SEXT32(0x7fffffff), 4, ldata_w)
  TEST_LD(41, lw, SEXT32(0xffffffff), 8, ldata_w)
  TEST_LD(42, lw, SEXT32(0xdeadbeef), 12, ldata_w)
  TEST_LD(43, lw, SEXT32(0xff345678), -4, ldata_mid)
  TEST_LD(44, lw, SEXT32(0x12345678), -8, ldata_mid)

  /* ---- extreme offsets: base +-2048 around the data ---- */
  TEST_LD(45, lw, SEXT32(0x80000000), -2048, ldata_w + 2048)
  TEST_LD(46, lw, SEXT32(0x80000000), 2047, ldata_w - 2047)
  TEST_LD(47, lbu, 0xef, 2047, ldata_w + 12 - 2047)
  TEST_LD(48, lh, SEXT16(0xdead), -2048, ldata_w + 14 + 2048)

  /* ---- rd == base register ---- */
  TEST_CASE(49, a1, SEXT32(0xdeadbeef), la a1, ldata_w; lw a1, 12(a1))
  /* ---- rd = x0: value discarded, no other effect ---- */
  TEST_CASE(50, x0, 0, la a1, ldata_w; lw x0, 0(a1))
  /* ---- back-to-back dependent loads (pointer chasing) ---- */
  TEST_CASE(51, a4, SEXT32(0x7fffffff), la a1, ldata_ptr; LREG a1, 0(a1); lw a4, 4(a1))

  /* ---- sb ---- */
  TEST_ST(52, lbu, sb, 0xaa, 0xaa, 0, sdata)
  TEST_ST(53, lb, sb, 0xaa, -0x56, 1, sdata)
  TEST_ST(54, lb, sb, 0x12345678, 0x78, 2, sdata)         /* only the low byte is stored */
  TEST_ST(55, lb, sb, -1, -1, 3, sdata)
  TEST_CASE(56, a4, SEXT32(0xff78aaaa), la a1, sdata; lw a4, 0(a1))
  TEST_CASE(57, a4, 0, la a1, sdata; lw a4, 4(a1))          /* neighbour untouched */
  TEST_ST(58, lbu, sb, 0x5f, 0x5f, -1, sdata + 8)
  TEST_CASE(59, a4, SEXT32(0x5f000000), la a1, sdata; lw a4, 4(a1))
  /* ---- sh ---- */
  TEST_ST(60, lhu, sh, 0xaa55, 0xaa55, 8, sdata)
  TEST_ST(61, lh, sh, 0xaa55, SEXT16(0xaa55), 10, sdata)
  TEST_ST(62, lh, sh, 0x12345678, 0x5678, 12, sdata)       /* only the low halfword */
  TEST_CASE(63, a4, SEXT32(0xaa55aa55), la a1, sdata; lw a4, 8(a1))
  TEST_CASE(64, a4, 0x5678, la a1, sdata; lw a4, 12(a1))
  TEST_ST(65, lhu, sh, 0x8001, 0x8001, -2, sdata + 16)
  TEST_CASE(66, a4, SEXT32(0x80015678), la a1, sdata; lw a4, 12(a1))
  /* ---- sw ---- */
  TEST_ST(67, lw, sw, 0x80000000, SEXT32(0x80000000), 16, sdata)
  TEST_ST(68, lw, sw, 0x7fffffff, 0x7fffffff, 20, sdata)
  TEST_ST(69, lw, sw, 0x123456789abcdef0, SEXT32(0x9abcdef0), 24, sdata)   /* low word */
  TEST_ST(70, lw, sw, -1, -1, 28, sdata)
  TEST_CASE(71, a4, 0, la a1, sdata; lw a4, 32(a1))        /* neighbour untouched */
  TEST_CASE(72, a4, 0x80, la a1, sdata; lbu a4, 19(a1))
  TEST_CASE(73, a4, 0xdef0, la a1, sdata; lhu a4, 24(a1))
  TEST_ST(74, lw, sw, 0x0badf00d, 0x0badf00d, -4, sdata + 40)
  TEST_ST(75, lw, sw, 0x01020304, 0x01020304, -2048, sdata + 2048 + 40)
  TEST_ST(76, lw, sw, 0x05060708, 0x05060708, 2044, sdata - 2044 + 40)
  /* ---- store data register == base register ---- */
  TEST_CASE(77, a4, 0, la a1, sdata + 48; sw a1, 0(a1); lw a4, 0(a1); la a1, sdata + 48;
            sub a4, a4, a1; slli a4, a4, XLEN - 32)
  /* ---- store from x0 ---- */
  TEST_CASE(78, a4, 0, la a1, sdata; sw x0, 28(a1); lw a4, 28(a1))
  TEST_CASE(79, a4, 0xaaaa, la a1, sdata; sh x0, 2(a1); lw a4, 0(a1))
  TEST_CASE(80, a4, 0, la a1, sdata; lhu a4, 2(a1))

  /* ---- fence: ordering instructions execute as no-ops for a single hart ---- */
  TEST_CASE(81, a4, 0x33, la a1, sdata; li a2, 0x33; sw a2, 52(a1); fence; lw a4, 52(a1))
  TEST_CASE(82, a4, 0x44, la a1, sdata; li a2, 0x44; sw a2, 52(a1); fence rw, rw; lw a4, 52(a1))
  TEST_CASE(83, a4, 0x55, la a1, sdata; li a2, 0x55; sw a2, 52(a1); fence w, r; lw a4, 52(a1))
  TEST_CASE(84, a4, 0x66, la a1, sdata; li a2, 0x66; sw a2, 52(a1); fence iorw, iorw; lw a4, 52(a1))
  TEST_CASE(85, a4, 0x77, la a1, sdata; li a2, 0x77; sw a2, 52(a1); fence.tso; lw a4, 52(a1))
  TEST_CASE(86, a4, 0x88, la a1, sdata; li a2, 0x88; sw a2, 52(a1); fence r, r; fence w, w;
            fence o, i; lw a4, 52(a1))

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 16
ldata:  .byte 0xff, 0x00, 0xf0, 0x0f, 0x80, 0x7f, 0x01, 0xfe
        .byte 0x78, 0x56, 0x34, 0x12, 0x78, 0x56, 0x34, 0xff
ldata_mid:
ldata_h: .half 0x8000, 0x7fff, 0xffff, 0x0001
ldata_w: .word 0x80000000, 0x7fffffff, 0xffffffff, 0xdeadbeef
        .balign 8
ldata_ptr: XWORD ldata_w

        .balign 64
sdata:  .fill 64, 1, 0
RVTEST_DATA_END
