/* The S-mode test payloads' start after their own setup: stack, trap vector, main, then main's
 * result (the number of failed checks) to the SiFive test finisher: 0x5555, or
 * (code << 16) | 0x3333. */
#define S_MAIN_AND_EXIT         \
    la sp, __stack_top;         \
    la t0, trap_entry;          \
    csrw stvec, t0;             \
    call main;                  \
    li t0, 0x100000;            \
    beqz a0, 1f;                \
    slli a0, a0, 16;            \
    li t1, 0x3333;              \
    or a0, a0, t1;              \
    sw a0, 0(t0);               \
    j .;                        \
1:  li t1, 0x5555;              \
    sw t1, 0(t0);               \
    j .
