/* Unit tests of the run loop's event sources (src/machine/machine.c): a caller's run of N
 * instructions, a stop request (before a run, and from another thread during one), and a source
 * added with one registration, on virt32 running a two-instruction loop; and, with two harts
 * running it, stores over code pages noted for a hart that has not run since, and what must
 * not flush a hart's blocks (each flush also makes every other hart forget its own): a hart's
 * first satp write, a host write before its first block, an SBI hart_start. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include <libfdt.h>

#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "firmware/sbi.h"
#include "machine/machine.h"
#include "unit.h"

#define ENTRY 0x80000000u

/* A machine whose harts start at ENTRY in the loop `addi a0, a0, 1; j loop`, just reset. */
static machine_t *loop_machine_of(const char *name, const machine_opts_t *opts)
{
    machine_t *m = machine_new(machine_find(name), opts);
    if (!m)
        return NULL;
    static const uint32_t code[] = {
        0x00150513, /* loop: addi a0, a0, 1 */
        0xffdff06f, /*       j loop */
    };
    memcpy(bus_ram_ptr(&m->bus, ENTRY, sizeof code), code, sizeof code);
    machine_reset(m, ENTRY);
    return m;
}

static machine_t *loop_machine(void)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .jit = 0 };
    return loop_machine_of("virt32", &opts);
}

static void test_run_for(unit_t *u)
{
    machine_t *m = loop_machine();
    if (!CHECK(m != NULL))
        return;
    CHECK_EQ(machine_run_for(m, 1000), STOP_NONE);
    CHECK_EQ(machine_insns(m), 1000);
    CHECK_EQ(machine_run_for(m, 37), STOP_NONE); /* exact, whatever the blocks */
    CHECK_EQ(machine_insns(m), 1037);
    CHECK_EQ(m->harts[0].x[10], 1037 / 2 + 1);         /* a0 counts the addi of every pass */
    CHECK_EQ(machine_run_for(m, 1u << 22), STOP_NONE); /* longer than a run chunk */
    CHECK_EQ(machine_insns(m), 1037 + (1u << 22));
    machine_free(m);
}

static void test_stop_request(unit_t *u)
{
    machine_t *m = loop_machine();
    if (!CHECK(m != NULL))
        return;
    machine_request_stop(m, STOP_INTERRUPTED);
    CHECK_EQ(machine_run(m), STOP_INTERRUPTED); /* before any instruction */
    CHECK_EQ(machine_insns(m), 0);
    CHECK_EQ(machine_run_for(m, 10), STOP_INTERRUPTED); /* the request holds until cleared */
    CHECK_EQ(machine_insns(m), 0);
    machine_clear_stop(m);
    m->harts[0].stop = STOP_NONE;
    CHECK_EQ(machine_run_for(m, 10), STOP_NONE);
    CHECK_EQ(machine_insns(m), 10);
    machine_free(m);
}

/* A library caller stops a run that would never end from another thread. */
static void *stop_later(void *arg)
{
    nanosleep(&(struct timespec){ .tv_nsec = 50 * 1000 * 1000 }, NULL);
    machine_request_stop(arg, STOP_INTERRUPTED);
    return NULL;
}

static void test_stop_from_thread(unit_t *u)
{
    machine_t *m = loop_machine();
    if (!CHECK(m != NULL))
        return;
    pthread_t t;
    if (!CHECK(pthread_create(&t, NULL, stop_later, m) == 0)) {
        machine_free(m);
        return;
    }
    CHECK_EQ(machine_run(m), STOP_INTERRUPTED);
    CHECK(machine_insns(m) > 0);
    pthread_join(t, NULL);
    machine_free(m);
}

/* A new source is one registration: this one stops the hart at exactly its instruction. */
static uint64_t at_insn_next(machine_t *m, hart_t *h, void *ctx)
{
    (void)h;
    uint64_t at = *(const uint64_t *)ctx, done = machine_insns(m);
    return done >= at ? 0 : at - done;
}

static void at_insn_due(machine_t *m, hart_t *h, void *ctx)
{
    (void)m, (void)ctx;
    h->stop = STOP_DEBUG;
}

static void test_added_source(unit_t *u)
{
    machine_t *m = loop_machine();
    if (!CHECK(m != NULL))
        return;
    static uint64_t at = 123457;
    CHECK(machine_add_source(m, &(run_source_t){ .name = "test",
                                                 .next = at_insn_next,
                                                 .due = at_insn_due,
                                                 .ctx = &at,
                                                 .flags = RUN_SOURCE_EXACT }));
    CHECK_EQ(machine_run(m), STOP_DEBUG);
    CHECK_EQ(machine_insns(m), at);
    machine_free(m);
}

/* Stores over more separate pages of former code than a hart's list of written ranges holds (a
 * waiting hart while others reuse freed kernel pages): the hart drops its blocks there, the loop's
 * rewritten `addi` too (noted last, into a merged range), and neither hart flushes all of its
 * blocks (a flush would also make the other hart forget all of its own). */
static void test_code_written_ranges(unit_t *u)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .jit = 0, .harts = 2, .all_harts_start = true };
    machine_t *m = machine_new(machine_find("virt32"), &opts);
    if (!CHECK(m != NULL))
        return;
    static const uint32_t code[] = {
        0x00150513, /* loop: addi a0, a0, 1 */
        0xffdff06f, /*       j loop */
    };
    uint32_t *loop = (uint32_t *)(void *)bus_ram_ptr(&m->bus, ENTRY, sizeof code);
    memcpy(loop, code, sizeof code);
    machine_reset(m, ENTRY);
    CHECK_EQ(machine_run_for(m, 4000), STOP_NONE);
    hart_t *h0 = &m->harts[0], *h1 = &m->harts[1];
    uint64_t flushes0 = h0->bc.flushes, flushes1 = h1->bc.flushes, a0 = h1->x[10];
    CHECK(a0 > 100); /* both harts ran the loop */
    unsigned room = sizeof h1->code_written / sizeof h1->code_written[0];
    for (unsigned k = 0; k < room + 4; k++) /* separate pages after the loop's, each a range */
        h0->platform->code_written(h0->platform_ctx, h0, ENTRY + 0x2000u * (k + 1), 4096);
    loop[0] = 0x00250513; /* addi a0, a0, 2, and the store's note last: the list is full */
    h0->platform->code_written(h0->platform_ctx, h0, ENTRY, 4096);
    CHECK(!h0->code_dirty && !h1->code_dirty);
    CHECK_EQ(h1->n_code_written, room);
    CHECK_EQ(machine_run_for(m, 4000), STOP_NONE);
    CHECK_EQ(h0->bc.flushes, flushes0);
    CHECK_EQ(h1->bc.flushes, flushes1);
    CHECK(h1->x[10] - a0 > 1000 && (h1->x[10] - a0) % 2 == 0); /* the new addi only: +2 a pass */
    CHECK_EQ(h1->n_code_written, 0);
    machine_free(m);
}

/* Two harts of virt64 that ran the loop a while (blocks decoded by both). */
static machine_t *two_hart_loop(uint64_t host_write_at)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .jit = 0, .harts = 2, .all_harts_start = true };
    machine_t *m = loop_machine_of("virt64", &opts);
    if (!m)
        return NULL;
    if (host_write_at) /* after the reset's flush, before any block: as the boot writes the DTB */
        (void)bus_ram_ptr(&m->bus, host_write_at, 8);
    if (machine_run_for(m, 4000) != STOP_NONE) {
        machine_free(m);
        return NULL;
    }
    return m;
}

/* A hart's first satp write with paging: no block has a context of the new table yet, so none
 * goes (a secondary hart of an SMP Linux boot makes it while the boot hart holds the kernel's
 * blocks). */
static void test_first_satp_keeps_blocks(unit_t *u)
{
    machine_t *m = two_hart_loop(0);
    if (!CHECK(m != NULL))
        return;
    hart_t *h0 = &m->harts[0], *h1 = &m->harts[1];
    uint64_t flushes0 = h0->bc.flushes, flushes1 = h1->bc.flushes;
    mmu_write_satp(h1, 8ull << 60 | ((ENTRY + 0x10000) >> 12)); /* Sv39 */
    CHECK_EQ(h1->bc.flushes, flushes1);
    CHECK(!h0->code_unwatched && !h0->code_dirty);
    CHECK_EQ(machine_run_for(m, 4000), STOP_NONE); /* M-mode: untranslated */
    CHECK_EQ(h0->bc.flushes, flushes0);
    CHECK_EQ(h1->bc.flushes, flushes1);
    machine_free(m);
}

/* The host wrote guest memory before a hart decoded anything: its blocks already hold what was
 * written, so a fence.i finds nothing written behind their back. */
static void test_host_write_before_blocks(unit_t *u)
{
    machine_t *m = two_hart_loop(ENTRY + 0x20000);
    if (!CHECK(m != NULL))
        return;
    CHECK(!block_cache_host_wrote(&m->harts[0]) && !block_cache_host_wrote(&m->harts[1]));
    (void)bus_ram_ptr(&m->bus, ENTRY + 0x20000, 8); /* a write now is behind the blocks' back */
    CHECK(block_cache_host_wrote(&m->harts[0]) && block_cache_host_wrote(&m->harts[1]));
    machine_free(m);
}

/* The built-in SBI's hart_start looks at the start address without counting a host write. */
static void test_hsm_start_writes_nothing(unit_t *u)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .jit = 0, .harts = 2 };
    machine_t *m = machine_new(machine_find("virt64"), &opts);
    if (!CHECK(m != NULL))
        return;
    machine_reset(m, ENTRY);
    static char dtb[256];
    CHECK_EQ(fdt_create_empty_tree(dtb, sizeof dtb), 0);
    if (!CHECK(sbi_attach(m, dtb, NULL) == 0)) {
        machine_free(m);
        return;
    }
    hart_t *h = &m->harts[0];
    uint64_t host_ptrs = m->bus.host_ptrs;
    h->x[17] = 0x48534D; /* HSM */
    h->x[16] = 0;        /* hart_start(1, ENTRY, 0) */
    h->x[10] = 1, h->x[11] = ENTRY, h->x[12] = 0;
    CHECK(m->firmware_ecall(m->firmware, h));
    CHECK_EQ(h->x[10], 0); /* SBI_SUCCESS */
    CHECK_EQ(m->harts[1].pc, ENTRY);
    CHECK_EQ(m->bus.host_ptrs, host_ptrs);
    h->x[17] = 0x48534D, h->x[16] = 0;
    h->x[10] = 1, h->x[11] = 0x1000, h->x[12] = 0; /* not RAM (and hart 1 started) */
    CHECK(m->firmware_ecall(m->firmware, h));
    CHECK(h->x[10] != 0);
    machine_free(m);
}

int main(void)
{
    unit_t u = { 0 };
    test_run_for(&u);
    test_stop_request(&u);
    test_stop_from_thread(&u);
    test_added_source(&u);
    test_code_written_ranges(&u);
    test_first_satp_keeps_blocks(&u);
    test_host_write_before_blocks(&u);
    test_hsm_start_writes_nothing(&u);
    return unit_finish(&u, "unit_run_loop");
}
