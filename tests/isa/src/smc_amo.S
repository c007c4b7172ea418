/* Code written by AMOs and store-conditionals, run without fence.i. The architecture asks for
 * fence.i; QEMU and pmusim (docs/architecture.md) see a store over code at once, and the stores
 * of AMOs and SCs are stores like any other:
 *   - amoswap.w / amoor.w / sc.w patch the first instruction of a function that has run
 *     before (and was decoded), then the function is called again: the new instruction runs
 *   - the data view agrees */
#include "isa_test.h"

/* addi a0, zero, imm */
#define ADDI_A0(imm)  ((((imm) & 0xfff) << 20) | 0x00000513)

RVTEST_CODE_BEGIN

  TEST_CASE(2, a0, 1, call smc_func)
  TEST_CASE(3, a0, 2, la a1, smc_func; li a2, ADDI_A0(2); amoswap.w zero, a2, (a1); call smc_func)
  TEST_CASE(4, a0, 3, call smc_func; la a1, smc_func; li a2, ADDI_A0(3); amoswap.w a3, a2, (a1); call smc_func)
  /* addi a0, zero, 3 | (4 << 20) = addi a0, zero, 7 */
  TEST_CASE(5, a0, 7, la a1, smc_func; li a2, 4 << 20; amoor.w zero, a2, (a1); call smc_func)
  TEST_BEGIN(6)
        la a1, smc_func
        li a2, ADDI_A0(-9)
1:      lr.w a3, (a1)
        sc.w a4, a2, (a1)
        bnez a4, 1b
        call smc_func
        li t2, -9
        bne a0, t2, fail
  TEST_CASE(7, a4, SEXT32(ADDI_A0(-9)), la a1, smc_func; lw a4, 0(a1))
  /* a failed sc.w writes nothing */
  TEST_BEGIN(8)
        la a1, smc_func
        li a2, ADDI_A0(100)
        sc.w a4, a2, (a1)                         /* no reservation: fails */
        beqz a4, fail
        call smc_func
        li t2, -9
        bne a0, t2, fail

RVTEST_CODE_END

        .text
        CODE_ALIGN(64)
        .globl smc_func
smc_func:
        addi a0, zero, 1
        ret
