/* S-mode PMU payload: replays what Linux's riscv_pmu_sbi driver does with the SBI PMU extension
 * and checks every answer. It runs under pmusim's built-in SBI and under Debian's OpenSBI 1.1
 * (tests/sbi): each check names the answer the SBI v3.0 specification requires and, where OpenSBI
 * 1.1 answers otherwise, OpenSBI's answer (docs/sbi.md "Differences from OpenSBI"). Exit status:
 * the number of failed checks. */
#include <stdint.h>

#define EXT_BASE 0x10
#define EXT_TIME 0x54494D45
#define EXT_PMU 0x504D55
#define EXT_LEGACY_PUTCHAR 0x01

enum {
    SUCCESS = 0,
    FAILED = -1,
    NOT_SUPPORTED = -2,
    INVALID_PARAM = -3,
    INVALID_ADDRESS = -5,
    ALREADY_STARTED = -7,
    ALREADY_STOPPED = -8,
    NO_SHMEM = -9,
};
enum { NUM_COUNTERS, GET_INFO, CFG_MATCH, START, STOP, FW_READ, FW_READ_HI, SNAPSHOT_SHMEM, EVENT_INFO };

typedef struct {
    long error, value;
} sbiret_t;

static sbiret_t sbi(long eid, long fid, long a0, long a1, long a2, long a3, long a4, long a5)
{
    register long r0 __asm__("a0") = a0, r1 __asm__("a1") = a1, r2 __asm__("a2") = a2, r3 __asm__("a3") = a3;
    register long r4 __asm__("a4") = a4, r5 __asm__("a5") = a5, r6 __asm__("a6") = fid, r7 __asm__("a7") = eid;
    __asm__ volatile("ecall" : "+r"(r0), "+r"(r1) : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7) : "memory");
    return (sbiret_t){ r0, r1 };
}
#define PMU(fid, ...) sbi(EXT_PMU, fid, __VA_ARGS__)

static void putc_(char c)
{
    sbi(EXT_LEGACY_PUTCHAR, 0, c, 0, 0, 0, 0, 0);
}
static void puts_(const char *s)
{
    while (*s)
        putc_(*s++);
}
static void putd(long v)
{
    char b[24];
    int n = 0;
    unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
    if (v < 0)
        putc_('-');
    do
        b[n++] = (char)('0' + u % 10);
    while (u /= 10);
    while (n)
        putc_(b[--n]);
}

static int opensbi, failures;
volatile int illegal_traps, ovf_irqs;
volatile unsigned long ovf_sepc, ovf_t0, ovf_scountovf;
extern char measured_bnez[];
extern uint8_t __snapshot[];
unsigned long measured(unsigned long counter, unsigned long a1, unsigned long a2, unsigned long init);

/* One check: `spec` is what SBI v3.0 requires, `osbi` what OpenSBI 1.1 answers. */
static void check(const char *name, long got, long spec, long osbi)
{
    long want = opensbi ? osbi : spec;
    puts_(got == want ? "ok   " : "FAIL ");
    puts_(name);
    puts_(" = ");
    putd(got);
    if (got != want) {
        puts_(" (expected ");
        putd(want);
        puts_(")");
        failures++;
    }
    if (spec != osbi)
        puts_(opensbi ? " [OpenSBI 1.1 deviates]" : " [spec; OpenSBI 1.1 deviates]");
    puts_("\n");
}
#define SAME(name, got, v) check(name, got, v, v)

#define CSR_CASE(n) \
    case n: __asm__ volatile("csrr %0, hpmcounter" #n : "=r"(v)); break;
static unsigned long read_hpm(unsigned idx)
{
    unsigned long v = 0;
    switch (idx) {
    case 0: __asm__ volatile("csrr %0, cycle" : "=r"(v)); break;
    case 2: __asm__ volatile("csrr %0, instret" : "=r"(v)); break;
        CSR_CASE(3) CSR_CASE(4) CSR_CASE(5) CSR_CASE(6) CSR_CASE(7) CSR_CASE(8) CSR_CASE(9) CSR_CASE(10)
        CSR_CASE(11) CSR_CASE(12) CSR_CASE(13) CSR_CASE(14) CSR_CASE(15) CSR_CASE(16) CSR_CASE(17)
        CSR_CASE(18) CSR_CASE(19) CSR_CASE(20) CSR_CASE(21) CSR_CASE(22) CSR_CASE(23) CSR_CASE(24)
        CSR_CASE(25) CSR_CASE(26) CSR_CASE(27) CSR_CASE(28) CSR_CASE(29) CSR_CASE(30) CSR_CASE(31)
    default: break;
    }
    return v;
}

#define HPM_BASE 3
#define HPM_MASK 0x1FFFFFFFul /* counters 3-31 */
#define FW_BASE 32
#define FW_MASK 0xFFFFul
#define LOOP_INSNS 2006  /* instructions between the two ecalls of measured() */
#define LOOP_BRANCHES 1000

static unsigned long cmask; /* the counters get_info describes, as Linux collects them */

/* Linux's boot probe of one event: match on any counter, then stop with RESET. */
static long probe(unsigned long idx)
{
    sbiret_t r = PMU(CFG_MATCH, 0, (long)cmask, 0, (long)idx, 0, 0);
    if (r.error == SUCCESS)
        PMU(STOP, r.value, 1, 1, 0, 0, 0);
    return r.error;
}

static void counting(void)
{
    /* instructions on an mhpmcounter, started with an initial value */
    sbiret_t r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 2 /* CLEAR_VALUE */, 2, 0, 0);
    SAME("match instructions on 3-31", r.error, SUCCESS);
    unsigned long c = r.value;
    SAME("instructions counter in the set 3-31", c >= 3 && c <= 31, 1);
    unsigned long errs = measured(c, 0, 0, 100000);
    SAME("start with SET_INIT_VALUE", (long)(errs & 0xFFFFFFFF), SUCCESS);
    unsigned long got = read_hpm((unsigned)c) - 100000;
    /* exact under both: with Sscofpmf OpenSBI's M-mode code is not counted (MINH) */
    SAME("instructions counted by the loop", (long)got, LOOP_INSNS);
    r = PMU(START, c, 1, 0, 0, 0, 0); /* continue from the current value */
    SAME("restart without SET_INIT_VALUE", r.error, SUCCESS);
    r = PMU(START, c, 1, 0, 0, 0, 0);
    SAME("start again: ALREADY_STARTED", r.error, ALREADY_STARTED);
    r = PMU(STOP, c, 1, 1 /* RESET */, 0, 0, 0);
    SAME("stop with RESET", r.error, SUCCESS);
    r = PMU(STOP, c, 1, 0, 0, 0, 0);
    SAME("stop a reset counter", r.error, INVALID_PARAM);

    /* branches */
    r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 2, 5, 0, 0);
    SAME("match branch-instructions", r.error, SUCCESS);
    c = r.value;
    measured(c, 0, 0, 0);
    got = read_hpm((unsigned)c);
    SAME("branches counted by the loop", (long)got, LOOP_BRANCHES);
    PMU(STOP, c, 1, 1, 0, 0, 0);
}

static unsigned long scountovf(void)
{
    unsigned long v;
    __asm__ volatile("csrr %0, scountovf" : "=r"(v));
    return v;
}

/* Sscofpmf, as Linux's overflow handler sees it: a counter started 101 instructions before it
 * wraps raises LCOFI at exactly that instruction (the 50th addi of the loop: t0 = 950, and the
 * next instruction, the loop's bnez, is where the interrupt is taken); scountovf shows it; a
 * restart with an initial value clears it. */
static void overflow(void)
{
    sbiret_t r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 2, 2, 0, 0);
    SAME("match for sampling", r.error, SUCCESS);
    unsigned long c = r.value;
    ovf_irqs = 0;
    __asm__ volatile("csrs sie, %0\n csrs sstatus, 2" ::"r"(1ul << 13) : "memory");
    measured(c, 0, 0, -101ul);
    __asm__ volatile("csrc sstatus, 2" ::: "memory");
    SAME("overflow interrupts", ovf_irqs, 1);
    SAME("scountovf in the handler names the counter", (long)((ovf_scountovf >> c) & 1), 1);
    SAME("t0 when the interrupt is taken", (long)ovf_t0, 950);
    SAME("interrupt taken at the loop's bnez", (long)(ovf_sepc - (unsigned long)measured_bnez), 0);
    SAME("scountovf after the stop", (long)((scountovf() >> c) & 1), 1);
    SAME("restart with SET_INIT_VALUE", PMU(START, c, 1, 1, 0, 0, 0).error, SUCCESS);
    SAME("scountovf after the restart", (long)((scountovf() >> c) & 1), 0);
    PMU(STOP, c, 1, 1, 0, 0, 0);
}

/* Mode filtering: the payload runs in S-mode, so exclude-kernel (SET_SINH) counts nothing of the
 * loop and exclude-user (SET_UINH) all of it. */
static void mode_filter(void)
{
    sbiret_t r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 2 | 0x40 /* SET_SINH */, 2, 0, 0);
    SAME("match with SET_SINH", r.error, SUCCESS);
    measured(r.value, 0, 0, 0);
    SAME("instructions:u of S-mode code", (long)read_hpm((unsigned)r.value), 0);
    PMU(STOP, r.value, 1, 1, 0, 0, 0);
    r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 2 | 0x20 /* SET_UINH */, 2, 0, 0);
    SAME("match with SET_UINH", r.error, SUCCESS);
    measured(r.value, 0, 0, 0);
    SAME("instructions:k of S-mode code", (long)read_hpm((unsigned)r.value), LOOP_INSNS);
    PMU(STOP, r.value, 1, 1, 0, 0, 0);
}

#define EXT_IPI 0x735049
#define EXT_RFENCE 0x52464E43
#define EXT_HSM 0x48534D
#define EXT_SRST 0x53525354
#define EXT_DBCN 0x4442434E

static unsigned long sip(void)
{
    unsigned long v;
    __asm__ volatile("csrr %0, sip" : "=r"(v));
    return v;
}

/* The other extensions a kernel uses, as far as a one-hart payload can see them. */
static void other_extensions(void)
{
    static const long ext[] = { EXT_TIME, EXT_IPI, EXT_RFENCE, EXT_HSM, EXT_SRST };
    for (unsigned k = 0; k < sizeof(ext) / sizeof(ext[0]); k++)
        SAME("probe TIME/IPI/RFENCE/HSM/SRST", sbi(EXT_BASE, 3, ext[k], 0, 0, 0, 0, 0).value, 1);
    check("probe DBCN", sbi(EXT_BASE, 3, EXT_DBCN, 0, 0, 0, 0, 0).value, 1, 0);
    SAME("probe unknown extension", sbi(EXT_BASE, 3, 0x12345678, 0, 0, 0, 0, 0).value, 0);
    SAME("unknown extension", sbi(0x12345678, 0, 0, 0, 0, 0, 0, 0).error, NOT_SUPPORTED);
    /* HSM */
    SAME("hart_get_status(0)", sbi(EXT_HSM, 2, 0, 0, 0, 0, 0, 0).value, 0 /* STARTED */);
    SAME("hart_get_status(7)", sbi(EXT_HSM, 2, 7, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    SAME("hart_start(0)", sbi(EXT_HSM, 0, 0, 0x80200000, 0, 0, 0, 0).error, -6 /* ALREADY_AVAILABLE */);
    /* IPI to itself: SSIP */
    SAME("send_ipi to hart 0", sbi(EXT_IPI, 0, 1, 0, 0, 0, 0, 0).error, SUCCESS);
    SAME("SSIP pending", (long)((sip() >> 1) & 1), 1);
    __asm__ volatile("csrc sip, 2" ::: "memory");
    SAME("SSIP cleared", (long)((sip() >> 1) & 1), 0);
    /* TIME: STIP once time passes the deadline, cleared by the next set_timer */
    unsigned long now;
    __asm__ volatile("csrr %0, time" : "=r"(now));
    SAME("set_timer", sbi(EXT_TIME, 0, (long)(now + 50), 0, 0, 0, 0, 0).error, SUCCESS);
    long spins = 0;
    while (!((sip() >> 5) & 1) && spins < 100000)
        spins++;
    SAME("STIP after the deadline", (long)((sip() >> 5) & 1), 1);
    sbi(EXT_TIME, 0, -1, 0, 0, 0, 0, 0);
    SAME("STIP cleared by set_timer(-1)", (long)((sip() >> 5) & 1), 0);
    /* RFENCE */
    SAME("remote_fence_i", sbi(EXT_RFENCE, 0, 1, 0, 0, 0, 0, 0).error, SUCCESS);
    SAME("remote_sfence_vma", sbi(EXT_RFENCE, 1, 1, 0, 0, -1, 0, 0).error, SUCCESS);
    SAME("remote_hfence_gvma (no H)", sbi(EXT_RFENCE, 3, 1, 0, 0, -1, 0, 0).error, NOT_SUPPORTED);
    /* SRST with a reserved type */
    SAME("system_reset(reserved type)", sbi(EXT_SRST, 0, 5, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    if (!opensbi) {
        SAME("system_reset(cold reboot)", sbi(EXT_SRST, 0, 1, 0, 0, 0, 0, 0).error, NOT_SUPPORTED);
        SAME("dbcn write_byte", sbi(EXT_DBCN, 2, '\n', 0, 0, 0, 0, 0).error, SUCCESS);
        static const char msg[] = "dbcn write\n";
        SAME("dbcn write", sbi(EXT_DBCN, 0, sizeof(msg) - 1, (long)msg, 0, 0, 0, 0).value, sizeof(msg) - 1);
        SAME("dbcn write outside RAM", sbi(EXT_DBCN, 0, 4, 0x1000, 0, 0, 0, 0).error, INVALID_PARAM);
    }
}

static void firmware_counters(void)
{
    sbiret_t r = PMU(CFG_MATCH, FW_BASE, FW_MASK, 2, 0xF0005 /* SET_TIMER */, 0, 0);
    SAME("match fw SET_TIMER", r.error, SUCCESS);
    unsigned long t = r.value;
    SAME("fw SET_TIMER counter", (long)t, FW_BASE);
    r = PMU(CFG_MATCH, FW_BASE, FW_MASK, 2, 0xF0004 /* ILLEGAL_INSN */, 0, 0);
    SAME("match fw ILLEGAL_INSN", r.error, SUCCESS);
    unsigned long ill = r.value;
    SAME("fw ILLEGAL_INSN counter", (long)ill, FW_BASE + 1);
    SAME("start both", PMU(START, FW_BASE, 3, 0, 0, 0, 0).error, SUCCESS);
    for (int k = 0; k < 3; k++)
        sbi(EXT_TIME, 0, -1, 0, 0, 0, 0, 0);
    illegal_traps = 0;
    __asm__ volatile(".word 0\n.word 0" ::: "memory"); /* two illegal instructions */
    SAME("illegal instructions trapped", illegal_traps, 2);
    SAME("stop both", PMU(STOP, FW_BASE, 3, 0, 0, 0, 0).error, SUCCESS);
    SAME("fw_read SET_TIMER", PMU(FW_READ, t, 0, 0, 0, 0, 0).value, 3);
    SAME("fw_read ILLEGAL_INSN", PMU(FW_READ, ill, 0, 0, 0, 0, 0).value, 2);
    check("stop stopped: ALREADY_STOPPED", PMU(STOP, t, 1, 0, 0, 0, 0).error, ALREADY_STOPPED, SUCCESS);
    SAME("fw_read of hw counter 3", PMU(FW_READ, 3, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    SAME("fw_read of counter 48", PMU(FW_READ, 48, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    check("fw_read_hi", PMU(FW_READ_HI, t, 0, 0, 0, 0, 0).error, SUCCESS, NOT_SUPPORTED);
    check("fw_read_hi of hw counter 3", PMU(FW_READ_HI, 3, 0, 0, 0, 0, 0).error, INVALID_PARAM, NOT_SUPPORTED);
    PMU(STOP, FW_BASE, 3, 1, 0, 0, 0);
}

static void errors(void)
{
    SAME("get_info(1) (time)", PMU(GET_INFO, 1, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    SAME("get_info(48)", PMU(GET_INFO, 48, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    SAME("get_info(-1)", PMU(GET_INFO, -1, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    check("match mask 0", PMU(CFG_MATCH, 3, 0, 0, 2, 0, 0).error, INVALID_PARAM, SUCCESS);
    PMU(STOP, 0, 0x1FFFFFFFFul, 1, 0, 0, 0);
    SAME("match counter 48", PMU(CFG_MATCH, 48, 1, 0, 2, 0, 0).error, INVALID_PARAM);
    check("match reserved flag bit 8", PMU(CFG_MATCH, 3, HPM_MASK, 0x100, 2, 0, 0).error, INVALID_PARAM, SUCCESS);
    PMU(STOP, 3, HPM_MASK, 1, 0, 0, 0);
    SAME("match NO_EVENT (0)", PMU(CFG_MATCH, 3, HPM_MASK, 0, 0, 0, 0).error, NOT_SUPPORTED);
    SAME("match cache-references (not counted)", PMU(CFG_MATCH, 3, HPM_MASK, 0, 3, 0, 0).error, NOT_SUPPORTED);
    SAME("match raw event (no raw rows)", PMU(CFG_MATCH, 3, HPM_MASK, 0, 0x20000, 0x12, 0).error, NOT_SUPPORTED);
    check("match fw PLATFORM event", PMU(CFG_MATCH, FW_BASE, FW_MASK, 0, 0xFFFFF, 0, 0).error, NOT_SUPPORTED,
          SUCCESS);
    PMU(STOP, FW_BASE, FW_MASK, 1, 0, 0, 0);
    SAME("match fw event on hw counters", PMU(CFG_MATCH, 3, HPM_MASK, 0, 0xF0005, 0, 0).error, NOT_SUPPORTED);
    SAME("match SKIP_MATCH on a free counter", PMU(CFG_MATCH, 3, 1, 1, 2, 0, 0).error, INVALID_PARAM);
    SAME("start reserved flag", PMU(START, 3, 1, 4, 0, 0, 0).error, INVALID_PARAM);
    SAME("start unconfigured counter", PMU(START, 3, 1, 0, 0, 0, 0).error, INVALID_PARAM);
    check("start INIT_SNAPSHOT without shmem", PMU(START, 3, 1, 2, 0, 0, 0).error, NO_SHMEM, INVALID_PARAM);
    SAME("start mask 0", PMU(START, 3, 0, 0, 0, 0, 0).error, INVALID_PARAM);
    SAME("stop reserved flag", PMU(STOP, 3, 1, 4, 0, 0, 0).error, INVALID_PARAM);
    check("stop TAKE_SNAPSHOT without shmem", PMU(STOP, 3, 1, 2, 0, 0, 0).error, NO_SHMEM, INVALID_PARAM);
    SAME("stop unconfigured counter", PMU(STOP, 3, 1, 0, 0, 0, 0).error, INVALID_PARAM);
    SAME("unknown function 9", PMU(9, 0, 0, 0, 0, 0, 0).error, NOT_SUPPORTED);
}

static void snapshots(void)
{
    unsigned long page = (unsigned long)__snapshot;
    check("snapshot flags != 0", PMU(SNAPSHOT_SHMEM, page, 0, 1, 0, 0, 0).error, INVALID_PARAM, NOT_SUPPORTED);
    check("snapshot misaligned", PMU(SNAPSHOT_SHMEM, page + 8, 0, 0, 0, 0, 0).error, INVALID_PARAM, NOT_SUPPORTED);
    check("snapshot outside RAM", PMU(SNAPSHOT_SHMEM, 0x1000, 0, 0, 0, 0, 0).error, INVALID_ADDRESS, NOT_SUPPORTED);
    check("snapshot hi != 0", PMU(SNAPSHOT_SHMEM, page, 1, 0, 0, 0, 0).error, INVALID_ADDRESS, NOT_SUPPORTED);
    check("snapshot set", PMU(SNAPSHOT_SHMEM, page, 0, 0, 0, 0, 0).error, SUCCESS, NOT_SUPPORTED);
    if (!opensbi) {
        volatile uint64_t *snap = (volatile uint64_t *)__snapshot;
        sbiret_t r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 2, 2, 0, 0);
        unsigned long c = r.value;
        measured(c, 0, 0, 5);
        SAME("snapshot: stopped counter", PMU(STOP, c, 1, 2 /* TAKE_SNAPSHOT */, 0, 0, 0).error, ALREADY_STOPPED);
        SAME("snapshot: value of counter", (long)snap[1], 5 + LOOP_INSNS);
        SAME("snapshot: overflow bitmap", (long)snap[0], 0);
        snap[1] = 777;
        SAME("start INIT_SNAPSHOT", PMU(START, c, 1, 2, 0, 0, 0).error, SUCCESS);
        PMU(STOP, c, 1, 1, 0, 0, 0);
        SAME("counter from snapshot", (long)(read_hpm((unsigned)c) - 777) >= 0, 1);
        SAME("start both init flags", PMU(START, c, 1, 3, 0, 0, 0).error, INVALID_PARAM);
        SAME("snapshot disable", PMU(SNAPSHOT_SHMEM, -1, -1, 0, 0, 0, 0).error, SUCCESS);
        SAME("after disable: NO_SHMEM", PMU(STOP, c, 1, 2, 0, 0, 0).error, NO_SHMEM);
    }
}

static void event_info(void)
{
    static struct {
        uint32_t idx, out;
        uint64_t data;
    } __attribute__((aligned(16))) e[6] = {
        { 1, 0xEE, 0 },  { 4, 0xEE, 0 }, { 0x10019, 0xEE, 0 }, { 0xF0004, 0xEE, 0 }, { 0xF000E, 0xEE, 0 },
        { 0x20000, 0xEE, 0x12 },
    };
    unsigned long a = (unsigned long)e;
    check("event_info flags", PMU(EVENT_INFO, a, 0, 6, 1, 0, 0).error, INVALID_PARAM, NOT_SUPPORTED);
    check("event_info misaligned", PMU(EVENT_INFO, a + 8, 0, 6, 0, 0, 0).error, INVALID_PARAM, NOT_SUPPORTED);
    check("event_info outside RAM", PMU(EVENT_INFO, 0x1000, 0, 6, 0, 0, 0).error, INVALID_ADDRESS, NOT_SUPPORTED);
    check("event_info", PMU(EVENT_INFO, a, 0, 6, 0, 0, 0).error, SUCCESS, NOT_SUPPORTED);
    if (!opensbi) {
        SAME("cycles supported", (long)e[0].out, 1);
        SAME("cache-misses not supported", (long)e[1].out, 0);
        SAME("DTLB read miss not supported", (long)e[2].out, 0);
        SAME("fw ILLEGAL_INSN supported", (long)e[3].out, 1);
        SAME("fw HFENCE_GVMA not supported", (long)e[4].out, 0);
        SAME("raw event not supported", (long)e[5].out, 0);
        e[1].idx = 0x100004;
        SAME("event_info bits 31:20", PMU(EVENT_INFO, a, 0, 6, 0, 0, 0).error, INVALID_PARAM);
    }
}

int main(unsigned long hartid, unsigned long dtb)
{
    (void)dtb;
    opensbi = sbi(EXT_BASE, 1, 0, 0, 0, 0, 0, 0).value == 1;
    puts_(opensbi ? "pmu payload under OpenSBI\n" : "pmu payload under the built-in SBI\n");
    SAME("hart id", (long)hartid, 0);
    long version = sbi(EXT_BASE, 0, 0, 0, 0, 0, 0, 0).value;
    check("SBI spec version", version, 0x3000000, 0x1000000);
    SAME("PMU extension present", sbi(EXT_BASE, 3, EXT_PMU, 0, 0, 0, 0, 0).value, 1);
    SAME("num_counters", PMU(NUM_COUNTERS, 0, 0, 0, 0, 0, 0).value, 48);
    SAME("get_info(0)", PMU(GET_INFO, 0, 0, 0, 0, 0, 0).value, 0xC00 | 63 << 12);
    SAME("get_info(2)", PMU(GET_INFO, 2, 0, 0, 0, 0, 0).value, 0xC02 | 63 << 12);
    SAME("get_info(31)", PMU(GET_INFO, 31, 0, 0, 0, 0, 0).value, 0xC1F | 63 << 12);
    SAME("get_info(32) is firmware", PMU(GET_INFO, 32, 0, 0, 0, 0, 0).value < 0, 1);
    for (unsigned k = 0; k < 48; k++)
        if (PMU(GET_INFO, k, 0, 0, 0, 0, 0).error == SUCCESS)
            cmask |= 1ul << k;
    check("counters described by get_info", (long)cmask, 0xFFFFFFFFFFFDl, (long)cmask);

    /* the boot probe of every standard event: supported are those virt's DT maps */
    static const unsigned long ev[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0x10000, 0x10001, 0x10019, 0x10021 };
    static const char *const names[] = { "probe 0x1",     "probe 0x2",     "probe 0x3",     "probe 0x4",
                                         "probe 0x5",     "probe 0x6",     "probe 0x7",     "probe 0x8",
                                         "probe 0x9",     "probe 0xa",     "probe 0x10000", "probe 0x10001",
                                         "probe 0x10019", "probe 0x10021" };
    for (unsigned k = 0; k < sizeof(ev) / sizeof(ev[0]); k++)
        SAME(names[k], probe(ev[k]), ev[k] == 1 || ev[k] == 2 || ev[k] == 5 ? SUCCESS : NOT_SUPPORTED);
    /* the probe left no trace: the first mhpmcounter is free again */
    sbiret_t r = PMU(CFG_MATCH, HPM_BASE, HPM_MASK, 0, 2, 0, 0);
    /* which free counter of the set is taken is the SBI's choice: pmusim the lowest */
    check("after probing, a counter of 3-31 is free", r.value >= 3 && r.value <= 31, 1, 1);
    PMU(STOP, r.value, 1, 1, 0, 0, 0);

    other_extensions();
    counting();
    overflow();
    mode_filter();
    firmware_counters();
    errors();
    snapshots();
    event_info();
    puts_(failures ? "pmu payload: FAILED\n" : "pmu payload: all checks passed\n");
    return failures;
}
