/* The loop every micro-case of micro.S, micro3.S and micro4.S is: ITER iterations around 16
 * copies of one instruction pattern (`body`), a function `name` aligned to 64 bytes. */
#define ITER 32

.macro LOOP name, body
    .globl \name
    .balign 64
\name:
    li t6, ITER
1:
    .rept 16
    \body
    .endr
    addi t6, t6, -1
    bnez t6, 1b
    ret
.endm
