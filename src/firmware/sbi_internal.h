/* The built-in SBI's parts: one file per extension, sharing the call frame and the per-hart state
 * (docs/sbi.md). */
#ifndef PMUSIM_FIRMWARE_SBI_INTERNAL_H
#define PMUSIM_FIRMWARE_SBI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/pmu_dt.h"
#include "firmware/sbi.h"

enum {
    SBI_SUCCESS = 0,
    SBI_ERR_FAILED = -1,
    SBI_ERR_NOT_SUPPORTED = -2,
    SBI_ERR_INVALID_PARAM = -3,
    SBI_ERR_DENIED = -4,
    SBI_ERR_INVALID_ADDRESS = -5,
    SBI_ERR_ALREADY_AVAILABLE = -6,
    SBI_ERR_ALREADY_STARTED = -7,
    SBI_ERR_ALREADY_STOPPED = -8,
    SBI_ERR_NO_SHMEM = -9,
};

/* Extension IDs */
#define SBI_EXT_LEGACY_SET_TIMER 0x00
#define SBI_EXT_LEGACY_PUTCHAR 0x01
#define SBI_EXT_LEGACY_GETCHAR 0x02
#define SBI_EXT_LEGACY_SHUTDOWN 0x08
#define SBI_EXT_BASE 0x10
#define SBI_EXT_TIME 0x54494D45
#define SBI_EXT_IPI 0x735049
#define SBI_EXT_RFENCE 0x52464E43
#define SBI_EXT_HSM 0x48534D
#define SBI_EXT_SRST 0x53525354
#define SBI_EXT_PMU 0x504D55
#define SBI_EXT_DBCN 0x4442434E

/* Firmware events (SBI_PMU_FW_*) the built-in SBI counts */
enum sbi_fw_event {
    SBI_FW_MISALIGNED_LOAD = 0,
    SBI_FW_MISALIGNED_STORE = 1,
    SBI_FW_ACCESS_LOAD = 2,
    SBI_FW_ACCESS_STORE = 3,
    SBI_FW_ILLEGAL_INSN = 4,
    SBI_FW_SET_TIMER = 5,
    SBI_FW_IPI_SENT = 6,
    SBI_FW_IPI_RECEIVED = 7,
    SBI_FW_FENCE_I_SENT = 8,
    SBI_FW_FENCE_I_RECEIVED = 9,
    SBI_FW_SFENCE_VMA_SENT = 10,
    SBI_FW_SFENCE_VMA_RECEIVED = 11,
    SBI_FW_SFENCE_VMA_ASID_SENT = 12,
    SBI_FW_SFENCE_VMA_ASID_RECEIVED = 13,
    SBI_FW_EVENTS = 22, /* codes 0-21 are defined; 14-21 need the H extension */
};

#define SBI_PMU_HW_COUNTERS 32 /* counter index = CSR offset: 0 cycle, 1 time (a hole), 2 instret, 3-31 */
#define SBI_PMU_FW_COUNTERS 16
#define SBI_PMU_COUNTERS (SBI_PMU_HW_COUNTERS + SBI_PMU_FW_COUNTERS)

typedef struct sbi_counter {
    bool configured; /* matched to an event (config_matching) */
    bool started;    /* firmware counters; hardware ones are started when not inhibited */
    uint32_t event_idx;
    uint64_t event_data;
    uint64_t fw_value;
    uint64_t inh; /* Sscofpmf: the mhpmevent xINH bits the match asked for (SET_*INH flags) */
} sbi_counter_t;

enum sbi_hsm_state { SBI_HSM_STARTED = 0, SBI_HSM_STOPPED = 1, SBI_HSM_SUSPENDED = 4 };

typedef struct sbi_hart {
    enum sbi_hsm_state hsm;
    sbi_counter_t ctr[SBI_PMU_COUNTERS];
    bool shmem_on; /* PMU snapshot area */
    uint64_t shmem;
} sbi_hart_t;

typedef struct sbi {
    machine_t *m;
    unsigned xlen;
    uint32_t hw_counters; /* bit i: hardware counter i exists */
    pmu_dt_t dt;
    sbi_hart_t *hart; /* per hart */
} sbi_t;

typedef struct sbi_ret {
    int64_t error;
    uint64_t value;
} sbi_ret_t;

/* The call: arguments a0-a5 (masked to XLEN), function a6 */
typedef struct sbi_call {
    uint64_t a[6];
    uint64_t fid;
    unsigned hart; /* index of the calling hart */
} sbi_call_t;

static inline sbi_ret_t sbi_err(int64_t e)
{
    return (sbi_ret_t){ e, 0 };
}
static inline sbi_ret_t sbi_ok(uint64_t v)
{
    return (sbi_ret_t){ SBI_SUCCESS, v };
}

sbi_ret_t sbi_base(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_time(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_ipi(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_rfence(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_hsm(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_srst(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_dbcn(sbi_t *s, hart_t *h, const sbi_call_t *c);
sbi_ret_t sbi_pmu(sbi_t *s, hart_t *h, const sbi_call_t *c);
/* Legacy extensions 0x00-0x0F: the result goes to a0 only */
bool sbi_legacy(sbi_t *s, hart_t *h, uint64_t eid, const sbi_call_t *c, uint64_t *a0);

/* Is extension eid implemented? (base probe_extension) */
bool sbi_has_extension(const sbi_t *s, uint64_t eid);

/* The harts of (hart_mask, hart_mask_base) as a bitmap over hart indices; false if one of them
 * does not exist (INVALID_PARAM). */
bool sbi_hart_set(const sbi_t *s, uint64_t mask, uint64_t base, uint64_t *set);
/* The index of the hart whose mhartid is `hartid` (p8700 numbers harts core << 4 | hart), or -1. */
int sbi_hart_index(const sbi_t *s, uint64_t hartid);

/* A firmware event on hart index `hart`: every started firmware counter of that code counts. */
void sbi_pmu_fw_event(sbi_t *s, unsigned hart, unsigned code);
/* Per-hart PMU state at boot (after the DT is read). */
void sbi_pmu_init(sbi_t *s);

/* Sets the S-mode timer of hart index k (CLINT mtimecmp, which drives STIP). */
void sbi_set_timer(sbi_t *s, unsigned k, uint64_t when);

#endif
