/* Unit tests of the run loop's event sources (src/machine/machine.c): a caller's run of N
 * instructions, a stop request (before a run, and from another thread during one), and a source
 * added with one registration, on virt32 running a two-instruction loop. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "machine/machine.h"
#include "unit.h"

#define ENTRY 0x80000000u

static machine_t *loop_machine(void)
{
    machine_opts_t opts = { .ram_size = 1u << 20, .jit = 0 };
    machine_t *m = machine_new(machine_find("virt32"), &opts);
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

int main(void)
{
    unit_t u = { 0 };
    test_run_for(&u);
    test_stop_request(&u);
    test_stop_from_thread(&u);
    test_added_source(&u);
    return unit_finish(&u, "unit_run_loop");
}
