/* Linked into a benchmark guest (virt64) to run it as a user program would run under an OS: before
 * main, a constructor identity-maps the low 512 GiB with Sv39 gigapages (U, RWX, A and D set),
 * opens PMP entry 0 over everything and drops to U-mode, where the program runs on (its console
 * and exit devices mapped like RAM, through the slow path). Every fetch, load and store is then
 * translated for U-mode, as a Linux process's are, without the kernel's own work (exec, page
 * faults, timer ticks): the inline fast-TLB path alone against the program's bare-metal build.
 * The runtime's reads of minstret and its exit trap in U-mode; the handler makes them. */
#include <stdint.h>

#include "pmusim_rt.h"

#define PTE_URWXAD 0xdfull /* V R W X U A D */

static uint64_t root[512] __attribute__((aligned(4096)));

/* What the runtime does in M-mode, made here for U-mode: csrr rd, minstret, and exit (whose first
 * instruction, a write of mtvec, traps: the handler exits with the code in a0). */
static uintptr_t user_trap(rt_trap_frame_t *f)
{
    uint32_t insn = *(const volatile uint32_t *)f->mepc;
    if (f->mcause == 2 && (insn & 0xfff0707fu) == 0xb0202073u) { /* csrrs rd, minstret, x0 */
        unsigned rd = (insn >> 7) & 31;
        if (rd)
            f->x[rd] = rt_read_csr(minstret);
        return f->mepc + 4;
    }
    if (f->mcause != 2 || (insn & 0xfff07fffu) != 0x30501073u) /* csrrw x0, mtvec, rs1 */
        rt_printf("user: unexpected trap mcause=%lx mepc=%lx\n", (unsigned long)f->mcause,
                  (unsigned long)f->mepc);
    rt_exit(f->mcause == 2 ? (int)f->x[10] : 3);
}

__attribute__((constructor)) static void user_mode_on(void)
{
    for (uint64_t i = 0; i < 512; i++)
        root[i] = (i << 28) | PTE_URWXAD; /* gigapage i: physical page number i << 18 */
    rt_set_trap_handler(user_trap);
    rt_write_csr(pmpaddr0, UINT64_MAX);
    rt_write_csr(pmpcfg0, 0x1f);
    rt_write_csr(satp, (8ull << 60) | ((uintptr_t)root >> 12)); /* Sv39 */
    rt_clear_csr(mstatus, 3u << 11);                            /* MPP = U */
    __asm__ volatile("la t0, 1f\n\tcsrw mepc, t0\n\tmret\n1:" ::: "t0", "memory");
}
