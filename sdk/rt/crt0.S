/*
 * pmusim guest start-up code and trap entry (RV32 and RV64, machine mode).
 *
 * _start: gp, sp, tp (picolibc keeps errno in TLS), mtvec, zero .tbss/.bss,
 * run .init_array, main(0, 0), exit(return value). Harts other than 0 park.
 */

#if __riscv_xlen == 64
#define REG_S sd
#define REG_L ld
#define REGBYTES 8
#else
#define REG_S sw
#define REG_L lw
#define REGBYTES 4
#endif

/* rt_trap_frame_t: x[32], mcause, mepc, mtval, reserved */
#define FRAME_SIZE (36 * REGBYTES)
#define F_X(n) ((n) * REGBYTES)
#define F_MCAUSE (32 * REGBYTES)
#define F_MEPC (33 * REGBYTES)
#define F_MTVAL (34 * REGBYTES)

    .section .text.init, "ax", @progbits
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    csrr    t0, mhartid
    bnez    t0, .Lpark
    la      sp, __stack_top
    la      tp, __tls_base
    la      t0, rt_trap_entry
    csrw    mtvec, t0
#ifdef PMUSIM_MACHINE_VEER
    /* MRAC as the VeeR testbench's own runtime sets it: every region cacheable and idempotent
       except 0xD (side effects: the mailbox). At reset MRAC is 0 and the RTL fetches every
       instruction over the I-bus. */
    li      t0, 0x59555555
    csrw    0x7c0, t0
#endif

    /* zero .tbss and .bss (both bounds are 16-byte aligned by the link script) */
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    REG_S   zero, 0(t0)
    addi    t0, t0, REGBYTES
    j       1b
2:
    /* static constructors */
    la      s0, __init_array_start
    la      s1, __init_array_end
3:  bgeu    s0, s1, 4f
    REG_L   t0, 0(s0)
    jalr    t0
    addi    s0, s0, REGBYTES
    j       3b
4:
    li      a0, 0
    li      a1, 0
    call    main
    call    exit
.Lpark:
    wfi
    j       .Lpark
    .size _start, . - _start

/*
 * Trap entry: save x1..x31 and mcause/mepc/mtval on the current stack, call
 * rt_trap_dispatch(frame) which returns the new mepc, restore and mret.
 */
    .text
    .balign 4
    .globl rt_trap_entry
    .type rt_trap_entry, @function
rt_trap_entry:
    addi    sp, sp, -FRAME_SIZE
    REG_S   zero, F_X(0)(sp)
    REG_S   x1, F_X(1)(sp)
    REG_S   x3, F_X(3)(sp)
    REG_S   x4, F_X(4)(sp)
    REG_S   x5, F_X(5)(sp)
    REG_S   x6, F_X(6)(sp)
    REG_S   x7, F_X(7)(sp)
    REG_S   x8, F_X(8)(sp)
    REG_S   x9, F_X(9)(sp)
    REG_S   x10, F_X(10)(sp)
    REG_S   x11, F_X(11)(sp)
    REG_S   x12, F_X(12)(sp)
    REG_S   x13, F_X(13)(sp)
    REG_S   x14, F_X(14)(sp)
    REG_S   x15, F_X(15)(sp)
    REG_S   x16, F_X(16)(sp)
    REG_S   x17, F_X(17)(sp)
    REG_S   x18, F_X(18)(sp)
    REG_S   x19, F_X(19)(sp)
    REG_S   x20, F_X(20)(sp)
    REG_S   x21, F_X(21)(sp)
    REG_S   x22, F_X(22)(sp)
    REG_S   x23, F_X(23)(sp)
    REG_S   x24, F_X(24)(sp)
    REG_S   x25, F_X(25)(sp)
    REG_S   x26, F_X(26)(sp)
    REG_S   x27, F_X(27)(sp)
    REG_S   x28, F_X(28)(sp)
    REG_S   x29, F_X(29)(sp)
    REG_S   x30, F_X(30)(sp)
    REG_S   x31, F_X(31)(sp)
    addi    t0, sp, FRAME_SIZE
    REG_S   t0, F_X(2)(sp)
    csrr    t0, mcause
    REG_S   t0, F_MCAUSE(sp)
    csrr    t0, mepc
    REG_S   t0, F_MEPC(sp)
    csrr    t0, mtval
    REG_S   t0, F_MTVAL(sp)
    REG_S   zero, (35 * REGBYTES)(sp)

    mv      a0, sp
    call    rt_trap_dispatch
    csrw    mepc, a0

    REG_L   x1, F_X(1)(sp)
    REG_L   x3, F_X(3)(sp)
    REG_L   x4, F_X(4)(sp)
    REG_L   x5, F_X(5)(sp)
    REG_L   x6, F_X(6)(sp)
    REG_L   x7, F_X(7)(sp)
    REG_L   x8, F_X(8)(sp)
    REG_L   x9, F_X(9)(sp)
    REG_L   x10, F_X(10)(sp)
    REG_L   x11, F_X(11)(sp)
    REG_L   x12, F_X(12)(sp)
    REG_L   x13, F_X(13)(sp)
    REG_L   x14, F_X(14)(sp)
    REG_L   x15, F_X(15)(sp)
    REG_L   x16, F_X(16)(sp)
    REG_L   x17, F_X(17)(sp)
    REG_L   x18, F_X(18)(sp)
    REG_L   x19, F_X(19)(sp)
    REG_L   x20, F_X(20)(sp)
    REG_L   x21, F_X(21)(sp)
    REG_L   x22, F_X(22)(sp)
    REG_L   x23, F_X(23)(sp)
    REG_L   x24, F_X(24)(sp)
    REG_L   x25, F_X(25)(sp)
    REG_L   x26, F_X(26)(sp)
    REG_L   x27, F_X(27)(sp)
    REG_L   x28, F_X(28)(sp)
    REG_L   x29, F_X(29)(sp)
    REG_L   x30, F_X(30)(sp)
    REG_L   x31, F_X(31)(sp)
    REG_L   x2, F_X(2)(sp)
    mret
    .size rt_trap_entry, . - rt_trap_entry

/* Used as mtvec while exiting: a fault from the exit device just spins. */
    .balign 4
    .globl rt_spin_forever
    .type rt_spin_forever, @function
rt_spin_forever:
    wfi
    j       rt_spin_forever
    .size rt_spin_forever, . - rt_spin_forever

/* HTIF mailboxes, each on its own 64-byte line. */
    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
    .type tohost, @object
tohost:
    .dword  0
    .size tohost, 8
    .balign 64
    .globl fromhost
    .type fromhost, @object
fromhost:
    .dword  0
    .size fromhost, 8
