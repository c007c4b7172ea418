/* Misaligned loads and stores to RAM (virt machines): handled in hardware, no trap (any
 * trap fails the test).  lh lhu lw (lwu ld sh sw sd on RV64) at every misaligned offset,
 * across an 8-byte boundary and across a 4 KiB page boundary; stores must write exactly
 * their bytes.  Data bytes are mdata[i] = 0x80 + i (little-endian). */
#include "isa_test.h"

/* value of the n-byte little-endian integer at offset off of mdata (bytes 0x80 + i) */
#define B(i)       (0x80 + (i))
#define H(off)     (B(off) | (B((off) + 1) << 8))
#define W(off)     (H(off) | (H((off) + 2) << 16))
#define D(off)     (W(off) | (W((off) + 4) << 32))

RVTEST_CODE_BEGIN

  /* ---- loads ---- */
  TEST_LD( 2, lh,  SEXT16(H(1)), 1, mdata)
  TEST_LD( 3, lh,  SEXT16(H(3)), 3, mdata)
  TEST_LD( 4, lh,  SEXT16(H(7)), 7, mdata)             /* crosses an 8-byte boundary */
  TEST_LD( 5, lhu, H(1), 1, mdata)
  TEST_LD( 6, lhu, H(7), 7, mdata)
  TEST_LD( 7, lw,  SEXT32(W(1)), 1, mdata)
  TEST_LD( 8, lw,  SEXT32(W(2)), 2, mdata)
  TEST_LD( 9, lw,  SEXT32(W(3)), 3, mdata)
  TEST_LD(10, lw,  SEXT32(W(5)), 5, mdata)
  TEST_LD(11, lw,  SEXT32(W(6)), 6, mdata)
  TEST_LD(12, lw,  SEXT32(W(7)), 7, mdata)
  TEST_LD(13, lh,  SEXT16(0x7f80), 0, mpos + 1)        /* positive halfword */
  TEST_LD(14, lw,  0x7f7f7f80, 0, mpos + 1)            /* positive word */
#if XLEN == 64
  TEST_LD(15, lwu, ZEXT32(W(1)), 1, mdata)
  TEST_LD(16, lwu, ZEXT32(W(7)), 7, mdata)
  TEST_LD(17, ld,  D(1), 1, mdata)
  TEST_LD(18, ld,  D(2), 2, mdata)
  TEST_LD(19, ld,  D(3), 3, mdata)
  TEST_LD(20, ld,  D(4), 4, mdata)
  TEST_LD(21, ld,  D(5), 5, mdata)
  TEST_LD(22, ld,  D(6), 6, mdata)
  TEST_LD(23, ld,  D(7), 7, mdata)
#endif

  /* ---- stores: write, then read back bytes around the target ---- */
  TEST_CASE(24, a4, 0x55aa, la a1, mbuf; li a2, 0x1255aa; sh a2, 1(a1); lhu a4, 1(a1))
  TEST_CASE(25, a4, 0x0055aa00, la a1, mbuf; lw a4, 0(a1))            /* bytes 0, 3 untouched */
  TEST_CASE(26, a4, SEXT32(0x89abcdef), la a1, mbuf; li a2, 0x89abcdef; sw a2, 5(a1); lw a4, 5(a1))
  TEST_CASE(27, a4, SEXT32(0xabcdef00), la a1, mbuf; lw a4, 4(a1))
  TEST_CASE(28, a4, 0x89, la a1, mbuf; lw a4, 8(a1))
  TEST_CASE(29, a4, 0x11223344, la a1, mbuf; li a2, 0x11223344; sw a2, 15(a1); lw a4, 15(a1))
  TEST_CASE(30, a4, 0x44, la a1, mbuf; lbu a4, 15(a1))
  TEST_CASE(31, a4, 0x11, la a1, mbuf; lbu a4, 18(a1))
  TEST_CASE(32, a4, 0, la a1, mbuf; lbu a4, 19(a1))
  TEST_CASE(33, a4, 0, la a1, mbuf; lbu a4, 14(a1))
  TEST_CASE(34, a4, SEXT16(0xbeef), la a1, mbuf; li a2, 0xbeef; sh a2, 23(a1); lh a4, 23(a1))
#if XLEN == 64
  TEST_CASE(35, a4, 0x0123456789abcdef, la a1, mbuf; li a2, 0x0123456789abcdef; sd a2, 33(a1); ld a4, 33(a1))
  TEST_CASE(36, a4, 0x0123456789abcdef, la a1, mbuf; ld a4, 33(a1))
  TEST_CASE(37, a4, 0xef00, la a1, mbuf; lhu a4, 32(a1))
  TEST_CASE(38, a4, 0x01, la a1, mbuf; lhu a4, 40(a1))
  TEST_CASE(39, a4, 0x76543210fedcba98, la a1, mbuf; li a2, 0x76543210fedcba98; sd a2, 45(a1); ld a4, 45(a1))
  TEST_CASE(40, a4, 0xfedcba98, la a1, mbuf; lwu a4, 45(a1))
  TEST_CASE(41, a4, 0x76543210, la a1, mbuf; lwu a4, 49(a1))
#endif

  /* ---- across a 4 KiB page boundary (mpage is page-aligned) ---- */
  TEST_CASE(42, a4, SEXT32(0xa1b2c3d4), la a1, mpage; li a2, 0xa1b2c3d4; sw a2, -2(a1); lw a4, -2(a1))
  TEST_CASE(43, a4, 0xc3d4, la a1, mpage; lhu a4, -2(a1))
  TEST_CASE(44, a4, 0xa1b2, la a1, mpage; lhu a4, 0(a1))
  TEST_CASE(45, a4, SEXT16(0xb2c3), la a1, mpage; lh a4, -1(a1))
#if XLEN == 64
  TEST_CASE(46, a4, 0x1122334455667788, la a1, mpage; li a2, 0x1122334455667788; sd a2, -3(a1); ld a4, -3(a1))
  TEST_CASE(47, a4, 0x55667788, la a1, mpage; lwu a4, -3(a1))
  TEST_CASE(48, a4, 0x11223344, la a1, mpage; lwu a4, 1(a1))
#endif

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 64
mdata:  .byte 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87
        .byte 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f
mpos:   .byte 0x00, 0x80, 0x7f, 0x7f, 0x7f, 0x00, 0x00, 0x00
        .balign 64
mbuf:   .fill 64, 1, 0
        .balign 4096
        .fill 4096, 1, 0
mpage:  .fill 64, 1, 0
RVTEST_DATA_END
