/* VeeR EL2 core internals shared by the files of src/core/veer_el2 (not a public interface). */
#ifndef PMUSIM_CORE_VEER_EL2_H
#define PMUSIM_CORE_VEER_EL2_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

/* The default build's memories (configs/veer.config): DCCM and PIC share region 0xF. */
#define VEER_ICCM_BASE 0xEE000000u
#define VEER_ICCM_SIZE (64u << 10)
#define VEER_DCCM_BASE 0xF0040000u
#define VEER_DCCM_SIZE (64u << 10)
#define VEER_PIC_BASE 0xF00C0000u
#define VEER_PIC_SIZE (32u << 10)
#define VEER_ICCM_REGION 0xEu
#define VEER_DCCM_REGION 0xFu /* also the PIC's */
#define VEER_N_TRIGGERS 4

/* mscause values (el2_dec_tlu_ctl.sv, el2_lsu_addrcheck.sv, PRM "Machine Secondary Cause"). */
enum veer_mscause {
    MSCAUSE_NONE = 0,
    MSCAUSE_SIDE_EFFECT = 1,  /* misaligned: not aligned to a side-effect region */
    MSCAUSE_ECC = 1,          /* access fault: uncorrectable ECC error */
    MSCAUSE_TRIGGER = 1,      /* breakpoint: a trigger hit */
    MSCAUSE_REGION_CROSS = 2, /* misaligned: crosses a 256 MiB region */
    MSCAUSE_UNMAPPED = 2,     /* access fault: core-local region, outside its memory */
    MSCAUSE_EBREAK = 2,       /* breakpoint: ebreak */
    MSCAUSE_PMP = 3,          /* access fault: PMP */
    MSCAUSE_REGION_PRED = 5,  /* access fault: base and address on either side of DCCM/PIC */
    MSCAUSE_PIC_SIZE = 6,     /* access fault: PIC access not an aligned word */
    MSCAUSE_FETCH_BUS = 9,    /* fetch access fault: bus error */
};

/* NMI causes (mcause of an NMI, el2_dec_tlu_ctl.sv). */
#define VEER_NMI_PIN 0x00000000u
#define VEER_NMI_STORE_BUS 0xF0000000u
#define VEER_NMI_LOAD_BUS 0xF0000001u

typedef struct veer_triggers {
    unsigned tselect;
    uint16_t tdata1[VEER_N_TRIGGERS]; /* the RTL's 10 stored bits, see triggers.c */
    uint32_t tdata2[VEER_N_TRIGGERS];
} veer_triggers_t;

typedef struct veer_faults {
    int pending_mscause; /* set by the access or fetch check that raised the next trap; -1 none */
    bool nmi_pending;    /* taken at the next instruction boundary */
    uint32_t nmi_cause, nmi_vector;
    bool dbus_error, ibus_error; /* armed bus error injections */
    bool mdseac_locked;          /* a D-bus error was reported: mdseac holds it until mdeau */
    uint64_t irq_pulses;         /* mip bits raised for one cycle at the next boundary */
    uint32_t mseccfg;            /* with U-mode: RLB, MMWP, MML */
} veer_faults_t;

typedef struct veer_ecc {
    uint8_t mode;         /* enum veer_ecc_inject: what stores inject now */
    bool used;            /* injection was turned on since reset: the maps may be non-zero */
    bool icache_error;    /* the next I-cache read has a parity error */
    uint8_t *iccm, *dccm; /* per word: 0 intact, 1 single-bit error, 2 double-bit error */
} veer_ecc_t;

typedef struct veer_pic {
    uint32_t *mem;   /* the PIC's registers (machine memory "pic") */
    uint32_t lines;  /* external lines raised (bit n: line n) */
    uint32_t pulses; /* lines raised for one cycle at the next boundary */
    uint32_t edge;   /* edge-triggered gateways holding a request until meigwclr */
    unsigned claim_id, claim_pl;
} veer_pic_t;

/* Per-hart state of the core's extensions. */
typedef struct veer_core_state {
    uint32_t *value; /* the custom CSRs (core.c table order) */
    uint64_t pulses; /* mip bits of timer interrupts raised in the current cycle */
    bool fired[2];   /* timer N is at its bound and has raised its interrupt: it clears next */
    veer_triggers_t trig;
    veer_faults_t flt;
    veer_ecc_t ecc;
    veer_pic_t pic;
    struct veer_timing *timing; /* the timing model's state (timing.c); NULL: timing=off */
} veer_core_state_t;

veer_core_state_t *veer_state(hart_t *h);
uint32_t *veer_csr(veer_core_state_t *s, unsigned csr); /* a custom CSR's storage */

/* faults.c */
bool veer_access_fault(hart_t *h, uint64_t addr, uint64_t base, unsigned size, bool store, uint64_t val);
bool veer_fetch_fault(hart_t *h, uint64_t pc, bool first);
void veer_trap_taken(hart_t *h, uint64_t cause, uint64_t tval);
bool veer_take_event(hart_t *h);
void veer_signal(hart_t *h, unsigned sig, uint64_t value);
void veer_faults_reset(hart_t *h, veer_core_state_t *s);
void veer_update_slow_mem(hart_t *h, veer_core_state_t *s);
bool veer_fault_csr_read(hart_t *h, veer_core_state_t *s, unsigned csr, uint64_t *val);
bool veer_fault_csr_write(hart_t *h, veer_core_state_t *s, unsigned csr, uint64_t val);

/* ecc.c */
void veer_ecc_inject(veer_core_state_t *s, unsigned mode);
void veer_ecc_reset(veer_core_state_t *s);
/* A load or store of the DCCM or ICCM: records injected errors, checks and counts; true when it
 * faults (cause set). */
bool veer_ecc_access(hart_t *h, veer_core_state_t *s, uint32_t addr, unsigned size, bool store);
/* A fetch from the ICCM (block build): counts a corrected error, true on a double-bit one. */
bool veer_ecc_fetch(hart_t *h, veer_core_state_t *s, uint32_t pc);
bool veer_ecc_fetch_double(veer_core_state_t *s, uint32_t pc);
/* An instruction fetched at pc at a block boundary: an armed I-cache parity error is counted. */
void veer_ecc_icache_fetch(veer_core_state_t *s, uint32_t pc);

bool veer_ecc_fir_double(veer_core_state_t *s, uint32_t dccm_addr);

/* pic.c */
void veer_pic_update(hart_t *h, veer_core_state_t *s, bool with_pulses); /* recomputes mip.MEIP */
void veer_pic_line(hart_t *h, veer_core_state_t *s, unsigned line, bool level);
void veer_pic_clear_all(hart_t *h, veer_core_state_t *s);
void veer_pic_edges(hart_t *h, veer_core_state_t *s, uint32_t before, uint32_t after);
void veer_pic_store(hart_t *h, veer_core_state_t *s, uint32_t addr, uint32_t val);
void veer_pic_taken(hart_t *h, veer_core_state_t *s);
void veer_pic_reset(veer_core_state_t *s);

/* triggers.c */
bool veer_trigger_csr_read(veer_core_state_t *s, unsigned csr, uint64_t *val);
bool veer_trigger_csr_write(hart_t *h, veer_core_state_t *s, unsigned csr, uint64_t val);
bool veer_triggers_armed(const veer_core_state_t *s); /* a load or store trigger can fire */
/* A load/store trigger hit by this access (h->trap_cause set to a breakpoint): true. */
bool veer_trigger_access(hart_t *h, veer_core_state_t *s, uint64_t addr, bool store, uint64_t val);
void veer_triggers_reset(veer_core_state_t *s);
bool veer_exec_triggers_armed(const veer_core_state_t *s);
/* An execute trigger would fire at pc (ignoring mstatus.MIE): blocks end before it. */
bool veer_exec_trigger_at(const veer_core_state_t *s, uint32_t pc);
/* At a block boundary: an enabled execute trigger at h->pc raises its breakpoint; true if taken. */
bool veer_exec_trigger_take(hart_t *h, veer_core_state_t *s);

#endif
