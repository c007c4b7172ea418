/*
 * pmusim guest runtime: console, exit, counters, trap hook.
 *
 * Machine ports (chosen by the build, see cmake/guest.cmake):
 *   PMUSIM_MACHINE_VIRT  QEMU-virt compatible: ns16550 console at 0x10000000,
 *                        exit via tohost + SiFive test finisher at 0x100000.
 *   PMUSIM_MACHINE_VEER  VeeR EL2 testbench: console and exit through the
 *                        mailbox at 0xD0580000, exit also writes tohost.
 *   PMUSIM_MACHINE_MBV   AMD MicroBlaze V (mbv32, mbv64): AXI UART Lite console at
 *                        0x40600000, exit via tohost (then spins, as on hardware).
 *
 * Everything runs in machine mode. The runtime never uses floating point.
 */
#ifndef PMUSIM_RT_H
#define PMUSIM_RT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(PMUSIM_MACHINE_VIRT) && !defined(PMUSIM_MACHINE_VEER) && !defined(PMUSIM_MACHINE_MBV)
#error "define PMUSIM_MACHINE_VIRT, PMUSIM_MACHINE_VEER or PMUSIM_MACHINE_MBV (pmusim_add_guest does this)"
#endif

/* ---- console ---------------------------------------------------------- */

void rt_putc(char c);
/* Writes s without adding a newline. */
void rt_puts(const char *s);
void rt_write(const char *buf, size_t len);

/*
 * Small printf: %d %i %u %x %X %o %c %s %p %%, length modifiers h hh l ll z j t,
 * flags '-' '0' ' ' '+', field width (digits or '*'), precision for %s and integers.
 * 64-bit integers work on RV32 too. No floating point. Returns characters written.
 */
int rt_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int rt_vprintf(const char *fmt, va_list ap);
int rt_snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int rt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

/* ---- exit ------------------------------------------------------------- */

/*
 * Writes tohost = (code << 1) | 1, then signals the machine-specific exit device
 * (virt: SiFive test finisher; veer: mailbox 0xFF for 0, 0x01 otherwise) and spins.
 * exit() and _exit() are the same function (no atexit handlers are run).
 */
__attribute__((noreturn)) void rt_exit(int code);
__attribute__((noreturn)) void exit(int code);
__attribute__((noreturn)) void _exit(int code);

/* HTIF mailboxes (riscv-tests convention), in the 64-byte aligned .tohost section. */
extern volatile uint64_t tohost;
extern volatile uint64_t fromhost;

/* ---- CSR access --------------------------------------------------------- */

/* csr is a CSR name or number token, e.g. rt_read_csr(mhpmevent3), rt_read_csr(0xb03). */
#define rt_read_csr(csr)                                                       \
    __extension__({                                                            \
        unsigned long __rt_v;                                                  \
        __asm__ volatile("csrr %0, " #csr : "=r"(__rt_v)::"memory");          \
        __rt_v;                                                                \
    })
#define rt_write_csr(csr, val)                                                 \
    do {                                                                       \
        unsigned long __rt_v = (unsigned long)(val);                           \
        __asm__ volatile("csrw " #csr ", %0" ::"r"(__rt_v) : "memory");        \
    } while (0)
#define rt_set_csr(csr, bits)                                                  \
    do {                                                                       \
        unsigned long __rt_v = (unsigned long)(bits);                          \
        __asm__ volatile("csrs " #csr ", %0" ::"r"(__rt_v) : "memory");        \
    } while (0)
#define rt_clear_csr(csr, bits)                                                \
    do {                                                                       \
        unsigned long __rt_v = (unsigned long)(bits);                          \
        __asm__ volatile("csrc " #csr ", %0" ::"r"(__rt_v) : "memory");        \
    } while (0)
/* Atomically writes val and returns the old value. */
#define rt_swap_csr(csr, val)                                                  \
    __extension__({                                                            \
        unsigned long __rt_o, __rt_v = (unsigned long)(val);                   \
        __asm__ volatile("csrrw %0, " #csr ", %1"                             \
                         : "=r"(__rt_o)                                        \
                         : "r"(__rt_v)                                         \
                         : "memory");                                          \
        __rt_o;                                                                \
    })

/* 64-bit read of a counter CSR pair; on RV32 reads hi, lo, hi until hi is stable. */
#if __riscv_xlen == 64
#define RT_READ_CSR64(lo, hi) ((uint64_t)rt_read_csr(lo))
#else
#define RT_READ_CSR64(lo, hi)                                                  \
    __extension__({                                                            \
        uint32_t __rt_h, __rt_l, __rt_h2;                                      \
        do {                                                                   \
            __rt_h = (uint32_t)rt_read_csr(hi);                                \
            __rt_l = (uint32_t)rt_read_csr(lo);                                \
            __rt_h2 = (uint32_t)rt_read_csr(hi);                               \
        } while (__rt_h != __rt_h2);                                           \
        ((uint64_t)__rt_h << 32) | __rt_l;                                     \
    })
#endif

static inline uint64_t rt_read_mcycle(void) { return RT_READ_CSR64(mcycle, mcycleh); }
static inline uint64_t rt_read_minstret(void) { return RT_READ_CSR64(minstret, minstreth); }

/* Machine-mode hardware performance counters, n = 3..31. Other n: read 0 / ignored. */
uint64_t rt_read_hpmcounter(unsigned n);
void rt_write_hpmcounter(unsigned n, uint64_t value); /* on RV32 writes low, then high */
unsigned long rt_read_mhpmevent(unsigned n);
void rt_write_mhpmevent(unsigned n, unsigned long event);

/* ---- traps ------------------------------------------------------------ */

/*
 * Register state saved by the trap entry. x[0] is 0, x[2] is sp at the time of the trap.
 * A handler may change x[] (restored on return, x[2] last) and returns the new mepc.
 */
typedef struct rt_trap_frame {
    uintptr_t x[32];
    uintptr_t mcause;
    uintptr_t mepc;
    uintptr_t mtval;
    uintptr_t reserved; /* keeps the frame a multiple of 16 bytes */
} rt_trap_frame_t;

typedef uintptr_t (*rt_trap_handler_t)(rt_trap_frame_t *frame);

/*
 * Installs fn as the trap handler (NULL restores the default, which prints
 * "unexpected trap mcause=... mepc=... mtval=..." and exits with code 3).
 * Returns the previous handler (NULL = default).
 */
rt_trap_handler_t rt_set_trap_handler(rt_trap_handler_t fn);

/* Length in bytes (2 or 4) of the instruction at pc, for skipping it in a handler. */
static inline uintptr_t rt_insn_len(uintptr_t pc)
{
    return ((*(const volatile uint16_t *)pc) & 3u) == 3u ? 4u : 2u;
}

#define RT_MCAUSE_INTERRUPT ((uintptr_t)1 << (__riscv_xlen - 1))
enum {
    RT_CAUSE_MISALIGNED_FETCH = 0,
    RT_CAUSE_FETCH_ACCESS = 1,
    RT_CAUSE_ILLEGAL_INSTRUCTION = 2,
    RT_CAUSE_BREAKPOINT = 3,
    RT_CAUSE_MISALIGNED_LOAD = 4,
    RT_CAUSE_LOAD_ACCESS = 5,
    RT_CAUSE_MISALIGNED_STORE = 6,
    RT_CAUSE_STORE_ACCESS = 7,
    RT_CAUSE_ECALL_U = 8,
    RT_CAUSE_ECALL_S = 9,
    RT_CAUSE_ECALL_M = 11,
};

/* ---- machine description ----------------------------------------------- */

#if defined(PMUSIM_MACHINE_VIRT)
#define RT_MACHINE_NAME "virt"
#define RT_UART_BASE 0x10000000u
#define RT_FINISHER_BASE 0x00100000u
#elif defined(PMUSIM_MACHINE_MBV)
#define RT_MACHINE_NAME "microblaze-v"
#define RT_UARTLITE_BASE 0x40600000u
#define RT_AXI_TIMER_BASE 0x41C00000u
#define RT_AXI_INTC_BASE 0x41200000u
#define RT_LMB_BASE 0x00000000u
#define RT_LMB_SIZE 0x20000u
#elif defined(PMUSIM_MACHINE_VEER)
#define RT_MACHINE_NAME "veer-el2"
#define RT_MAILBOX_ADDR 0xD0580000u
#define RT_DCCM_BASE 0xF0040000u
#define RT_DCCM_SIZE 0x10000u
/* Place a variable in DCCM (veer-el2 link script only). */
#define RT_DCCM __attribute__((section(".dccm")))
#endif

/* Linker script symbols. */
extern char __heap_start[], __heap_end[], __stack_top[], __stack_bottom[], _end[];

#ifdef __cplusplus
}
#endif

#endif /* PMUSIM_RT_H */
