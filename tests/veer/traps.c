/* VeeR EL2 traps as the core raises them, and the testbench mailbox commands that raise them:
 * mscause on every trap, MRAC side effects, region crossing, core-local holes, region prediction,
 * PIC access sizes, ICCM-region fetches, load/store triggers, NMIs (pin, vector, D-bus errors with
 * mdseac/mdeau), I-bus error injection, one-cycle interrupt pulses, ECC error injection and the
 * error counters, the PIC and its fast-interrupt redirection, PMP faults, and mseccfg with U-mode.
 *
 * Expected values come from the VeeR EL2 RTL (el2_dec_tlu_ctl.sv: mscause_type, mcause of NMIs,
 * tdata1 layout; el2_lsu_addrcheck.sv: misaligned/access fault rules and their mscause;
 * el2_ifu_mem_ctl.sv: fetch fault types) and the testbench (tb_top.sv: mailbox commands), not from
 * pmusim. Each failing check prints itself; the program prints "traps: PASS" or exits 1. */
#include <stdbool.h>
#include <stdint.h>

#include "pmusim_rt.h"

#define MAILBOX ((volatile uint32_t *)0xD0580000)
#define DCCM_END 0xF0050000u
#define PIC_BASE 0xF00C0000u

static unsigned failures;
#define CHECK(cond) \
    do { \
        if (!(cond)) { \
            rt_printf("traps: check failed (line %d): %s\n", __LINE__, #cond); \
            failures++; \
        } \
    } while (0)

/* What the last trap saw. */
static volatile uint32_t n_traps, t_mcause, t_mscause, t_mepc, t_mtval, t_meihap;

static uintptr_t on_trap(rt_trap_frame_t *f)
{
    n_traps++;
    t_mcause = (uint32_t)f->mcause;
    t_mepc = (uint32_t)f->mepc;
    t_mtval = (uint32_t)f->mtval;
    t_mscause = (uint32_t)rt_read_csr(0x7FF);
    rt_write_csr(0xBC0, 0); /* mdeau: let the next D-bus error report again */
    t_meihap = (uint32_t)rt_read_csr(0xFC8);
    if (f->mcause == 0x8000000Bu || (f->mcause >> 12) == 0xF0001u)
        *MAILBOX = 0x90; /* external interrupt (or its redirection's NMI): lower the lines */
    if (f->mcause & RT_MCAUSE_INTERRUPT)
        return f->mepc;
    if ((f->mcause >> 28) == 0xF || f->mcause == 0) /* an NMI: back where it came */
        return f->mepc;
    if (f->mcause == RT_CAUSE_FETCH_ACCESS)
        return f->x[1]; /* a jump to a bad address: back to ra */
    return f->mepc + rt_insn_len(f->mepc);
}

/* NMI handler: the vector (mailbox 0x81) keeps only bits 31:8 of an address. */
__asm__(".text\n.balign 256\nnmi_entry: j rt_trap_entry\n");
extern char nmi_entry[];

/* pmusim takes what a mailbox command raises (NMI, interrupt pulse, bus error NMI) at the next
 * block boundary, as the RTL takes it a few cycles after the store: a jump ends the block. */
#define SETTLE() __asm__ volatile("j 1f\n 1: nop" : : : "memory")

static void reset_trap(void)
{
    n_traps = t_mcause = t_mepc = t_mtval = 0;
    t_mscause = 0xFF;
}

static uint32_t load_word(uint32_t addr)
{
    uint32_t v;
    __asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(addr) : "memory");
    return v;
}

static void store_word(uint32_t addr, uint32_t v)
{
    __asm__ volatile("sw %0, 0(%1)" : : "r"(v), "r"(addr) : "memory");
}

#define EXPECT(cause, mscause, tval) \
    do { \
        CHECK(n_traps == 1); \
        CHECK(t_mcause == (cause)); \
        CHECK(t_mscause == (mscause)); \
        CHECK(t_mtval == (tval)); \
        reset_trap(); \
    } while (0)

static void test_ebreak_ecall(void)
{
    uint32_t pc;
    reset_trap();
    __asm__ volatile("1: auipc %0, 0\n\t ebreak" : "=r"(pc));
    EXPECT(3, 2, pc + 4); /* mscause 2: ebreak; mtval the pc of the ebreak */
    __asm__ volatile("ecall");
    EXPECT(11, 0, 0);
    rt_write_csr(0x7FF, 0xF);
    CHECK(rt_read_csr(0x7FF) == 0xF); /* writable, 4 bits */
    __asm__ volatile(".half 0");      /* illegal: mscause 0 */
    CHECK(t_mcause == 2 && t_mscause == 0);
    reset_trap();
}

static void test_misaligned_rules(void)
{
    reset_trap();
    /* MRAC: a region marked side-effect is not cacheable (11 reads back as 10). */
    rt_write_csr(0x7C0, 0xFFFFFFFF);
    CHECK(rt_read_csr(0x7C0) == 0xAAAAAAAA);
    rt_write_csr(0x7C0, 0x55555555);
    CHECK(rt_read_csr(0x7C0) == 0x55555555);
    /* Crossing a 256 MiB region: misaligned, mscause 2, whatever MRAC says. */
    load_word(0xDFFFFFFE);
    EXPECT(4, 2, 0xDFFFFFFE);
    store_word(0xBFFFFFFF, 1);
    EXPECT(6, 2, 0xBFFFFFFF);
    /* Misaligned in an idempotent region: done in hardware. */
    store_word(0xC0000000, 0x44332211);
    store_word(0xC0000004, 0x88776655);
    CHECK(load_word(0xC0000002) == 0x66554433);
    CHECK(n_traps == 0);
    /* ... and in a side-effect region (region 0xC: MRAC bit 25): misaligned, mscause 1. */
    rt_write_csr(0x7C0, 0x55555555 | (1u << 25));
    load_word(0xC0000002);
    EXPECT(4, 1, 0xC0000002);
    store_word(0xC0000001, 0);
    EXPECT(6, 1, 0xC0000001);
    CHECK(load_word(0xC0000004) == 0x88776655); /* aligned is fine there */
    CHECK(n_traps == 0);
    rt_write_csr(0x7C0, 0);
}

static void test_access_faults(void)
{
    reset_trap();
    /* The DCCM/PIC region outside DCCM and PIC: access fault, mscause 2. */
    load_word(DCCM_END - 1); /* runs out of the DCCM */
    EXPECT(5, 2, DCCM_END - 1);
    store_word(0xF0000000, 0);
    EXPECT(7, 2, 0xF0000000);
    /* Region prediction: base register in region 0xF, address outside it (or the reverse). */
    uint32_t v;
    __asm__ volatile("lw %0, 4(%1)" : "=r"(v) : "r"(0xFFFFFFFCu) : "memory");
    EXPECT(5, 5, 0);
    __asm__ volatile("sw %0, 4(%1)" : : "r"(0), "r"(0xFFFFFFFCu) : "memory");
    EXPECT(7, 5, 0);
    /* the other way round (base outside 0xF, address in it) is always outside DCCM and PIC with a
     * 12-bit offset: a hole first (mscause 2 has priority over 5) */
    __asm__ volatile("sw %0, -4(%1)" : : "r"(0), "r"(0x00000000u) : "memory");
    EXPECT(7, 2, 0xFFFFFFFC);
    __asm__ volatile("lw %0, 0x10(%1)" : "=r"(v) : "r"(0xF0040000u - 0x10) : "memory"); /* base in 0xF too */
    CHECK(n_traps == 0);
    /* PIC: only aligned words; anything else is an access fault, mscause 6. */
    __asm__ volatile("lb %0, 0(%1)" : "=r"(v) : "r"(PIC_BASE) : "memory");
    EXPECT(5, 6, PIC_BASE);
    __asm__ volatile("sh %0, 0(%1)" : : "r"(0), "r"(PIC_BASE + 4) : "memory");
    EXPECT(7, 6, PIC_BASE + 4);
    store_word(PIC_BASE + 8, 0);
    CHECK(n_traps == 0);
}

static void test_fetch_faults(void)
{
    reset_trap();
    /* The ICCM region outside the ICCM cannot be fetched: fetch access fault, mscause 2. */
    __asm__ volatile("jalr ra, 0(%0)" : : "r"(0xEDFFFFFEu) : "ra", "memory");
    EXPECT(1, 2, 0xEDFFFFFE);
    /* An injected I-bus error (mailbox 0x88) hits the next fetch from the bus: mscause 9. */
    __asm__ volatile("la ra, 1f\n\t sw %0, 0(%1)\n\t fence.i\n\t j 2f\n 2: nop\n 1:"
                     :
                     : "r"(0x88), "r"(MAILBOX)
                     : "ra", "memory");
    CHECK(n_traps == 1 && t_mcause == 1 && t_mscause == 9);
    reset_trap();
}

/* nop, nop, then the instruction an execute trigger watches: returns a0 + 1 */
__asm__(".text\n.balign 4\nexec_target: nop\n nop\nexec_target_insn: addi a0, a0, 1\n ret\n");
extern char exec_target[], exec_target_insn[];

static void test_triggers(void)
{
    static volatile uint32_t word;
    uint32_t addr = (uint32_t)(uintptr_t)&word, pc, v;
    reset_trap();
    rt_set_csr(mstatus, 0x8); /* action 0 triggers fire only with mstatus.MIE */
    rt_write_csr(0x7A0, 0);
    rt_write_csr(0x7A2, addr);
    rt_write_csr(0x7A1, 0x41); /* m, load, address equal */
    /* type 2, maskmax 31, m, load */
    CHECK(rt_read_csr(0x7A1) == 0x23E00041u);
    __asm__ volatile("auipc %0, 0\n\t lw %1, 0(%2)" : "=r"(pc), "=r"(v) : "r"(addr) : "memory");
    EXPECT(3, 1, pc + 4);                     /* breakpoint, mscause 1, mtval the pc */
    CHECK(rt_read_csr(0x7A1) == 0x23F00041u); /* hit */
    word = 5;                                 /* a store does not match a load trigger */
    CHECK(n_traps == 0);
    rt_clear_csr(mstatus, 0x8);
    v = word; /* MIE clear: not enabled */
    CHECK(n_traps == 0);
    rt_set_csr(mstatus, 0x8);
    /* trigger 1: store data, masked: tdata2 0x1237 ignores bits 0..3 */
    rt_write_csr(0x7A0, 1);
    rt_write_csr(0x7A2, 0x1237);
    rt_write_csr(0x7A1, (1u << 19) | (1u << 7) | 0x42);
    CHECK(rt_read_csr(0x7A0) == 1);
    store_word(0xC0000010, 0x123A);
    CHECK(n_traps == 1 && t_mcause == 3 && t_mscause == 1);
    reset_trap();
    store_word(0xC0000010, 0x1247);
    CHECK(n_traps == 0);
    rt_write_csr(0x7A1, 0);
    /* select = 1 keeps no load (or execute) trigger: load-data triggers do not exist */
    rt_write_csr(0x7A1, (1u << 19) | 0x45);
    CHECK(rt_read_csr(0x7A1) == 0x23E80040u);
    rt_write_csr(0x7A1, 0);
    rt_write_csr(0x7A0, 0);
    rt_write_csr(0x7A1, 0);
    /* trigger 2: execute, at an instruction in the middle of straight-line code */
    uint32_t at = (uint32_t)(uintptr_t)exec_target_insn;
    uint32_t (*fn)(uint32_t) = (uint32_t(*)(uint32_t))(uintptr_t)exec_target;
    rt_write_csr(0x7A0, 2);
    rt_write_csr(0x7A2, at);
    rt_write_csr(0x7A1, 0x44); /* m, execute */
    CHECK(fn(5) == 5);         /* the handler skips the addi */
    EXPECT(3, 1, at);
    CHECK(rt_read_csr(0x7A1) == 0x23F00044u);
    rt_clear_csr(mstatus, 0x8); /* not enabled with MIE clear: the instruction runs */
    CHECK(fn(5) == 6 && n_traps == 0);
    rt_write_csr(0x7A1, 0);
    rt_write_csr(0x7A0, 0);
    (void)v;
}

/* Mailbox command `cmd`, then at once a load or store at addr (no other access in between). */
static void mailbox_then_load(uint32_t cmd, uint32_t addr)
{
    uint32_t v;
    __asm__ volatile("sw %1, 0(%2)\n\t lw %0, 0(%3)"
                     : "=&r"(v)
                     : "r"(cmd), "r"(MAILBOX), "r"(addr)
                     : "memory");
    SETTLE();
}

static void mailbox_then_store(uint32_t cmd, uint32_t addr)
{
    __asm__ volatile("sw %0, 0(%1)\n\t sw zero, 0(%2)" : : "r"(cmd), "r"(MAILBOX), "r"(addr) : "memory");
    SETTLE();
}

static void test_nmi_and_bus_errors(void)
{
    reset_trap();
    *MAILBOX =
        0x81 | (uint32_t)(uintptr_t)nmi_entry; /* NMI vector (a line bits 15:8 may name is not enabled) */
    *MAILBOX = 0x80;                           /* NMI pin: taken whatever MIE says */
    SETTLE();
    CHECK(n_traps == 1 && t_mcause == 0 && t_mscause == 0);
    *MAILBOX = 0x90;
    reset_trap();
    /* A D-bus error on a load: NMI 0xF0000001, its address in mdseac. */
    mailbox_then_load(0x87, 0xC0000020);
    CHECK(n_traps == 1 && t_mcause == 0xF0000001u && t_mscause == 0);
    CHECK(rt_read_csr(0xFC0) == 0xC0000020u);
    reset_trap();
    /* ... on a store: 0xF0000000. */
    mailbox_then_store(0x87, 0xC0000024);
    CHECK(n_traps == 1 && t_mcause == 0xF0000000u);
    CHECK(rt_read_csr(0xFC0) == 0xC0000024u);
    reset_trap();
    /* DCCM accesses are not on the D-bus: the error waits for the next bus access. */
    uint32_t v;
    __asm__ volatile("sw %1, 0(%2)\n\t sw zero, 0(%3)\n\t .rept 8\n\t nop\n\t .endr\n\t"
                     "lw %0, 0(%4)\n\t j 2f\n 2:"
                     : "=&r"(v)
                     : "r"(0x87), "r"(MAILBOX), "r"(0xF0040100u), "r"(0xC0000028u)
                     : "memory");
    CHECK(n_traps == 1 && t_mcause == 0xF0000001u && rt_read_csr(0xFC0) == 0xC0000028u);
    reset_trap();
}

static void test_pulses(void)
{
    reset_trap();
    rt_write_csr(mie, (1u << 3) | (1u << 7));
    /* soft_int and timer_int pulses with MIE clear are lost: nothing is pending afterwards */
    *MAILBOX = 0x84;
    *MAILBOX = 0x83 | (1u << 9);
    SETTLE();
    rt_set_csr(mstatus, 0x8);
    SETTLE();
    CHECK(n_traps == 0);
    /* with MIE set they are taken, once each */
    *MAILBOX = 0x84;
    SETTLE();
    CHECK(n_traps == 1 && t_mcause == 0x80000003u && t_mscause == 0);
    *MAILBOX = 0x85;
    SETTLE();
    CHECK(n_traps == 2 && t_mcause == 0x80000007u);
    *MAILBOX = 0x83 | (1u << 10); /* soft_int through 0x83 */
    SETTLE();
    CHECK(n_traps == 3 && t_mcause == 0x80000003u);
    *MAILBOX = 0x83 | (1u << 8); /* the NMI pin through 0x83: one NMI */
    SETTLE();
    CHECK(n_traps == 4 && t_mcause == 0);
    SETTLE();
    CHECK(n_traps == 4);
    rt_clear_csr(mstatus, 0x8);
    rt_write_csr(mie, 0);
    reset_trap();
}

/* ECC injection (mailbox 0xE0-0xE4) and the error counters; 0x89 and micect. */
static void test_ecc(void)
{
    volatile uint32_t *dccm = (volatile uint32_t *)0xF0048000u;
    reset_trap();
    CHECK(rt_read_csr(0x7F2) == 0 && rt_read_csr(0x7F1) == 0 && rt_read_csr(0x7F0) == 0);
    *MAILBOX = 0xE2; /* DCCM single-bit */
    *dccm = 0x12345678;
    *MAILBOX = 0xE4;
    CHECK(*dccm == 0x12345678); /* corrected, counted, written back */
    CHECK(rt_read_csr(0x7F2) == 1);
    CHECK(*dccm == 0x12345678);
    CHECK(rt_read_csr(0x7F2) == 1);
    /* with checks off (mfdc bit 8) nothing is seen; the error stays for when they are on */
    *MAILBOX = 0xE2;
    *dccm = 0x11111111;
    *MAILBOX = 0xE4;
    rt_set_csr(0x7F9, 0x100);
    CHECK(*dccm == 0x11111111);
    CHECK(rt_read_csr(0x7F2) == 1);
    rt_clear_csr(0x7F9, 0x100);
    CHECK(*dccm == 0x11111111);
    CHECK(rt_read_csr(0x7F2) == 2);
    /* double-bit: a load access fault, mscause 1; a word stored without injection is whole again */
    *MAILBOX = 0xE3;
    *dccm = 0xDEADBEEF;
    *MAILBOX = 0xE4;
    (void)load_word((uint32_t)(uintptr_t)dccm);
    EXPECT(5, 1, 0xF0048000u);
    *dccm = 0xCAFEF00D;
    CHECK(*dccm == 0xCAFEF00D && n_traps == 0);
    /* ICCM: a fetch corrects and counts a single-bit error, faults on a double-bit one */
    volatile uint32_t *iccm = (volatile uint32_t *)0xEE008000u;
    void (*fn)(void) = (void (*)(void))(uintptr_t)0xEE008000u;
    *MAILBOX = 0xE0;
    *iccm = 0x00008067; /* ret */
    *MAILBOX = 0xE4;
    __asm__ volatile("fence.i");
    fn();
    CHECK(n_traps == 0 && rt_read_csr(0x7F1) == 1);
    fn();
    CHECK(rt_read_csr(0x7F1) == 1);
    *MAILBOX = 0xE1;
    *iccm = 0x00008067;
    *MAILBOX = 0xE4;
    __asm__ volatile("fence.i");
    __asm__ volatile("jalr ra, 0(%0)" : : "r"(0xEE008000u) : "ra", "memory");
    EXPECT(1, 1, 0xEE008000u);
    /* I-cache parity error: counted at the next fetch outside the ICCM, execution goes on */
    *MAILBOX = 0x89;
    SETTLE();
    CHECK(rt_read_csr(0x7F0) == 1);
    SETTLE();
    CHECK(rt_read_csr(0x7F0) == 1 && n_traps == 0);
}

/* PIC: gateways, enables, priorities, threshold, current level, reverse mode, claim capture and
 * the fast-interrupt redirection through a vector table in the DCCM. */
#define PIC(off) (((volatile uint32_t *)0xF00C0000u)[(off) / 4])
extern char rt_trap_entry[];
static uint32_t ext_vectors[32] __attribute__((section(".dccm"), aligned(1024)));

static bool meip(void)
{
    return (rt_read_csr(mip) >> 11) & 1;
}

static void test_pic(void)
{
    reset_trap();
    *MAILBOX = 0x81 | (3u << 8); /* line 3 raised, a level */
    SETTLE();
    CHECK(!meip()); /* not enabled */
    PIC(0x2000 + 4 * 3) = 1;
    CHECK(!meip()); /* priority 0 never interrupts */
    PIC(0x0000 + 4 * 3) = 2;
    CHECK(meip());
    CHECK(PIC(0x1000) == (1u << 3)); /* meip: the gateway's output */
    rt_write_csr(0xBC9, 2);          /* meipt: only above 2 */
    CHECK(!meip());
    rt_write_csr(0xBC9, 0);
    rt_write_csr(0xBCC, 3); /* meicurpl */
    CHECK(!meip());
    rt_write_csr(0xBCC, 0);
    CHECK(meip());
    PIC(0x3000) = 1; /* reverse priority: 0 most urgent; threshold and level 0 let nothing through */
    CHECK(!meip());
    rt_write_csr(0xBC9, 15);
    CHECK(!meip());
    rt_write_csr(0xBCC, 15);
    CHECK(meip()); /* priority 2 is more urgent than 15 */
    PIC(0x3000) = 0;
    rt_write_csr(0xBC9, 0);
    rt_write_csr(0xBCC, 0);
    *MAILBOX = 0x90;
    SETTLE();
    CHECK(!meip());
    /* an edge-triggered gateway holds the request until meigwclr */
    PIC(0x4000 + 4 * 4) = 2;
    PIC(0x2000 + 4 * 4) = 1;
    PIC(0x0000 + 4 * 4) = 1;
    *MAILBOX = 0x81 | (4u << 8);
    *MAILBOX = 0x90;
    SETTLE();
    CHECK(meip());
    PIC(0x5000 + 4 * 4) = 0;
    CHECK(!meip());
    /* taken: fast redirection to meivt[claim id], meihap = meivt | id << 2, meicidpl = level */
    ext_vectors[3] = (uint32_t)(uintptr_t)rt_trap_entry;
    ext_vectors[0] = (uint32_t)(uintptr_t)rt_trap_entry;
    uint32_t vt = (uint32_t)(uintptr_t)ext_vectors;
    rt_write_csr(0xBC8, vt);
    rt_write_csr(mie, 1u << 11);
    rt_set_csr(mstatus, 0x8);
    *MAILBOX = 0x81 | (3u << 8);
    SETTLE();
    CHECK(n_traps == 1 && t_mcause == 0x8000000Bu && t_mscause == 0);
    CHECK(t_meihap == (vt | 3u << 2));
    CHECK(rt_read_csr(0xBCB) == 2);
    reset_trap();
    /* a one-cycle pulse on line 1 (0x86) through a level gateway: taken, but gone when the claim
     * is captured: claim id 0 */
    PIC(0x2000 + 4 * 1) = 1;
    PIC(0x0000 + 4 * 1) = 1;
    *MAILBOX = 0x86;
    SETTLE();
    CHECK(n_traps == 1 && t_mcause == 0x8000000Bu && t_meihap == vt);
    reset_trap();
    /* a vector table the core cannot read: NMIs */
    /* 0x81 above moved the NMI vector (to line << 8): back to nmi_entry, with every source
     * disabled while the line that bits 15:8 name is raised, then all lines lowered */
    for (unsigned k = 1; k < 32; k++)
        PIC(0x2000 + 4 * k) = 0;
    *MAILBOX = 0x81 | (uint32_t)(uintptr_t)nmi_entry;
    *MAILBOX = 0x90;
    PIC(0x2000 + 4 * 1) = 1;
    rt_write_csr(0xBC8, 0xF0050000u); /* DCCM region, outside the DCCM */
    *MAILBOX = 0x86;
    SETTLE();
    CHECK(n_traps == 1 && t_mcause == 0xF0001001u);
    reset_trap();
    rt_set_csr(mstatus, 0x8);
    rt_write_csr(0xBC8, 0x00000000u); /* not the DCCM region */
    *MAILBOX = 0x86;
    SETTLE();
    CHECK(n_traps == 1 && t_mcause == 0xF0001002u);
    reset_trap();
    rt_clear_csr(mstatus, 0x8);
    rt_write_csr(mie, 0);
    *MAILBOX = 0x90;
    for (unsigned k = 1; k < 5; k++)
        PIC(0x2000 + 4 * k) = 0;
}

/* PMP (16 entries): a denied load or fetch is an access fault with mscause 3. */
static void test_pmp(void)
{
    reset_trap();
    rt_write_csr(0x3B0, 0x300005FFu); /* NAPOT 4 KiB at 0xC0001000 */
    rt_write_csr(0x3BF, 0x12345678u);
    CHECK(rt_read_csr(0x3BF) == 0x12345678u); /* pmpaddr15 exists */
    rt_write_csr(0x3A0, 0x98);                /* locked (M-mode checked), no permission */
    (void)load_word(0xC0001004);
    EXPECT(5, 3, 0xC0001004);
    store_word(0xC0001FFC, 0);
    EXPECT(7, 3, 0xC0001FFC);
    __asm__ volatile("jalr ra, 0(%0)" : : "r"(0xC0001000u) : "ra", "memory");
    EXPECT(1, 3, 0xC0001000);
    (void)load_word(0xC0002000); /* outside: no entry matches, M-mode may */
    CHECK(n_traps == 0);
}

static void test_mseccfg(void)
{
    reset_trap();
    bool user = (rt_read_csr(misa) >> 20) & 1;
    uint32_t v = (uint32_t)rt_read_csr(0x747);
    if (!user) { /* only with U-mode (RV_USER_MODE) */
        CHECK(n_traps == 1 && t_mcause == 2);
        reset_trap();
        return;
    }
    CHECK(n_traps == 0 && v == 0);
    rt_write_csr(0x747, 7); /* RLB, MMWP, MML */
    CHECK(rt_read_csr(0x747) == 7);
    rt_write_csr(0x747, 0); /* MML and MMWP are sticky */
    CHECK(rt_read_csr(0x747) == 3);
    CHECK(rt_read_csr(0x757) == 0);
    CHECK(n_traps == 0);
}

int main(void)
{
    rt_set_trap_handler(on_trap);
    test_ebreak_ecall();
    test_misaligned_rules();
    test_access_faults();
    test_fetch_faults();
    test_triggers();
    test_nmi_and_bus_errors();
    test_pulses();
    test_ecc();
    test_pic();
    test_mseccfg();
    test_pmp(); /* last: its entry is locked */
    rt_printf("traps: %s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
