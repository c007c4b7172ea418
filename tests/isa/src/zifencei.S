/* Zifencei: fence.i after self-modifying code.  An instruction is executed (possibly many
 * times), overwritten by a store, fence.i is executed, and the new instruction must be
 * the one that runs: in a called function, in a hot loop, in the instruction right after
 * the fence.i, with a 16-bit instruction, and with a patched jump. */
#include "isa_test.h"

/* addi a0, zero, imm */
#define ADDI_A0(imm)  ((((imm) & 0xfff) << 20) | 0x00000513)
/* c.li a0, imm (imm in -32..31) */
#define C_LI_A0(imm)  (0x4501 | (((imm) & 0x1f) << 2) | ((((imm) >> 5) & 1) << 12))

RVTEST_CODE_BEGIN

  /* ---- patch a function's first instruction ---- */
  TEST_CASE(2, a0, 1, call smc_func)
  TEST_CASE(3, a0, 2, la a1, smc_func; li a2, ADDI_A0(2); sw a2, 0(a1); fence.i; call smc_func)
  TEST_CASE(4, a0, -3, la a1, smc_func; li a2, ADDI_A0(-3); sw a2, 0(a1); fence.i; call smc_func)
  TEST_CASE(5, a4, SEXT32(ADDI_A0(-3)), la a1, smc_func; lw a4, 0(a1))   /* data view */

  /* ---- patch code that has run many times (hot loop) ---- */
  TEST_BEGIN(6)
        li a3, 50
1:      call smc_func
        addi a3, a3, -1
        bnez a3, 1b
        li t2, -3
        bne a0, t2, fail
        la a1, smc_func
        li a2, ADDI_A0(0x7ff)
        sw a2, 0(a1)
        fence.i
        li a3, 50
1:      call smc_func
        addi a3, a3, -1
        bnez a3, 1b
        li t2, 0x7ff
        bne a0, t2, fail

  /* ---- patch the instruction right after the fence.i ---- */
  TEST_BEGIN(7)
        la a1, 2f
        li a2, ADDI_A0(77)
        li a5, 77
        li a3, 2                                  /* two rounds: 77, then -77 */
1:      li a0, 0
        sw a2, 0(a1)
        fence.i
2:      addi a0, zero, 1                          /* becomes addi a0, zero, 77 / -77 */
        bne a0, a5, fail
        li a2, ADDI_A0(-77)
        li a5, -77
        addi a3, a3, -1
        bnez a3, 1b

  /* ---- patch a 16-bit instruction ---- */
  TEST_CASE(8, a0, 5, call smc_cfunc)
  TEST_CASE(9, a0, -7, la a1, smc_cfunc; li a2, C_LI_A0(-7); sh a2, 0(a1); fence.i; call smc_cfunc)
  TEST_CASE(10, a0, 31, la a1, smc_cfunc; li a2, C_LI_A0(31); sh a2, 0(a1); fence.i; call smc_cfunc)

  /* ---- patch a jump: j smc_a (first word of smc_jump) becomes j smc_b ---- */
  TEST_CASE(11, a0, 0xa, call smc_jump)
  TEST_BEGIN(12)
        la a1, smc_jump
        la a2, smc_jump_b
        lw a3, 0(a1)                               /* j smc_jump_a, patch its offset */
        sub a4, a2, a1                             /* new offset: fits 20 bits here */
        /* J-type immediate: imm[20|10:1|11|19:12] in bits 31..12 */
        srli t0, a4, 20; andi t0, t0, 1;     slli t0, t0, 31
        srli t1, a4, 1;  andi t1, t1, 0x3ff; slli t1, t1, 21; or t0, t0, t1
        srli t1, a4, 11; andi t1, t1, 1;     slli t1, t1, 20; or t0, t0, t1
        srli t1, a4, 12; andi t1, t1, 0xff;  slli t1, t1, 12; or t0, t0, t1
        ori t0, t0, 0x6f                           /* jal x0 */
        sw t0, 0(a1)
        fence.i
        call smc_jump
        li t2, 0xb
        bne a0, t2, fail

  j smc_end

        /* functions patched by the tests (in .text, which is writable RAM) */
        CODE_ALIGN(4)
smc_func:
        addi a0, zero, 1
        ret

        CODE_ALIGN(4)
smc_cfunc:
        .option push
        .option rvc
        c.li a0, 5
        .option pop
        nop
        ret

        CODE_ALIGN(4)
smc_jump:
        j smc_jump_a
        j fail
smc_jump_a:
        li a0, 0xa
        ret
smc_jump_b:
        li a0, 0xb
        ret

smc_end:
RVTEST_CODE_END
