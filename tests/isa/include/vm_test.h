/* vm_test.h - page-table helpers shared by the virtual-memory ISA tests (vm.S, sv48.S, vm_ctx.S).
 *
 * Tables are built at run time by the test itself:
 *   MAP(table, idx, label, flags)   table[idx] = PTE for the address of a label
 *   MAPI(table, idx, addr, flags)   table[idx] = PTE for an absolute address
 * both through set_pte, which VM_SET_PTE_FUNCTION defines (place it where it is not executed,
 * e.g. right after a jump). SATP(root, asid) switches to a table tree. JUMP_IN(prv, va) enters va
 * in privilege prv and records the trap that ends the run (isa_test.h's TRAP_EXPECT). Include
 * after isa_test.h. Used by vm.S (and sv48.S), vm_ctx.S, vm_links.S, vm_refence.S. */
#ifndef PMUSIM_VM_TEST_H
#define PMUSIM_VM_TEST_H

#define PTE_V 0x01
#define PTE_R 0x02
#define PTE_W 0x04
#define PTE_X 0x08
#define PTE_U 0x10
#define PTE_A 0x40
#define PTE_D 0x80
#define RWXAD (PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D)

#if XLEN == 32
# define SATP_MODE  0x80000000 /* Sv32 */
# define ASID_SHIFT 22
#elif defined(SV48)
# define SATP_MODE  (9 << 60)
# define ASID_SHIFT 44
#else
# define SATP_MODE  (8 << 60) /* Sv39 */
# define ASID_SHIFT 44
#endif

#define MAP(table, idx, target, flags)  la a0, table + (idx) * REGBYTES; la a1, target; li a2, flags; jal set_pte
#define MAPI(table, idx, target, flags) la a0, table + (idx) * REGBYTES; li a1, target; li a2, flags; jal set_pte

/* A table tree: root maps main RAM at 0x80000000 RWX (one superpage) and the 4 KiB pages from
 * 0x40000000 up through table l0 (l1 between them on Sv39; unused on Sv32). */
#if XLEN == 32
# define VM_RAM_AND_L0(root, l1, l0) MAPI(root, 0x200, 0x80000000, RWXAD); MAP(root, 0x100, l0, PTE_V)
#else
# define VM_RAM_AND_L0(root, l1, l0) \
        MAPI(root, 2, 0x80000000, RWXAD); MAP(root, 1, l1, PTE_V); MAP(l1, 0, l0, PTE_V)
#endif

/* Three pages of code, to be mapped one after the other: `caller` calls the page after it (jal,
 * pc-relative: whatever is mapped there) four times and sums what it returns in a5, then ecalls;
 * `callee_1` returns 0x11, `callee_2` 0x22. */
#define VM_CALLER_AND_CALLEES                                                         \
        .balign 4096;                                                                 \
caller: li s1, 4;                                                                     \
        li s2, 0;                                                                     \
10006:  jal ra, callee_1;                                                             \
        add s2, s2, a5;                                                               \
        addi s1, s1, -1;                                                              \
        bnez s1, 10006b;                                                              \
        mv a5, s2;                                                                    \
        ecall;                                                                        \
        .balign 4096;                                                                 \
callee_1: li a5, 0x11;                                                                \
        ret;                                                                          \
        .balign 4096;                                                                 \
callee_2: li a5, 0x22;                                                                \
        ret;                                                                          \
        .balign 4096

/* satp = root's page | mode | asid */
#define SATP(root, asid) la t0, root; srli t0, t0, 12; li t1, SATP_MODE | ((asid) << ASID_SHIFT); or t0, t0, t1; csrw satp, t0

/* set_pte: *a0 = ((a1 >> 12) << 10) | a2 */
#define VM_SET_PTE_FUNCTION                                                           \
set_pte:                                                                              \
        srli a1, a1, 12;                                                              \
        slli a1, a1, 10;                                                              \
        or a1, a1, a2;                                                                \
        SREG a1, 0(a0);                                                               \
        ret

/* Jumps to virtual address va in privilege prv; the trap that ends it is recorded. */
#define JUMP_IN(prv, va)                                                              \
        TRAP_EXPECT(10003f);                                                          \
        li t0, MSTATUS_MPP | MSTATUS_MPIE;                                            \
        csrc mstatus, t0;                                                             \
        li t0, (prv) << 11;                                                           \
        csrs mstatus, t0;                                                             \
        li t0, va;                                                                    \
        csrw mepc, t0;                                                                \
        mret;                                                                         \
10003:

#endif
