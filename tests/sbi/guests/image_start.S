/* A RISC-V Linux Image boot header (Documentation/riscv/boot-image-header.rst) in front of the
 * boot payload (image.c): objcopy -O binary makes it a file that boots as Linux's Image does. */
#include "s_main_exit.h"
    .section .text.init
    .globl _start
_start:
    j real_start                 /* code0 */
    .balign 8
    .dword 0x200000              /* text_offset: 2 MiB into RAM */
    .dword __image_end - _start  /* image_size, bss included */
    .dword 0                     /* flags: little endian */
    .word 0x2                    /* version 0.2 */
    .word 0
    .dword 0
    .ascii "RISCV\0\0\0"         /* magic (deprecated) */
    .ascii "RSC\x05"             /* magic2 */
    .word 0
real_start:
    S_MAIN_AND_EXIT

/* S-mode trap handler: interrupts are counted in s_irqs with their cause in last_scause, and
 * masked (sie cleared) so that the interrupted code goes on; exceptions end the run. */
    .align 2
trap_entry:
    addi sp, sp, -16
    sd t0, 0(sp)
    sd t1, 8(sp)
    csrr t0, scause
    bgez t0, 2f
    la t1, last_scause
    sd t0, 0(t1)
    la t0, s_irqs
    lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    csrw sie, zero
    ld t0, 0(sp)
    ld t1, 8(sp)
    addi sp, sp, 16
    sret
2:  li t0, 0x100000
    li t1, (99 << 16) | 0x3333
    sw t1, 0(t0)
    j .
