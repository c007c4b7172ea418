/* Two machines in one process on two threads (docs/architecture.md "Machines side by side"):
 * veer-el2 running the bundled CoreMark and virt64 running its own build, both with the
 * translator on. Each runs alone first, then both at once on two threads (a few times); every PMU counter of
 * every hart (as `pmusim stat` reads them at the end), the stop, the exit status and the console
 * output must be the same both times. Anything the machines shared (a global, a static buffer,
 * the translator's scratch state) would make the concurrent runs differ or, under the sanitizer
 * build, report a race or a corruption.
 * Usage: unit_two_machines GUEST_DIR */
#include <pthread.h>
#include <stdlib.h>

#include "jit/jit.h"
#include "loader/elf_load.h"
#include "machine/machine.h"
#include "unit.h"

/* Concurrent runs: a race shows in some of them only. */
#define ROUNDS 4

typedef struct run {
    const char *machine, *program; /* in: the machine's name, the program's path */
    /* out */
    bool ok;
    hart_stop_t stop;
    bool exited;
    int exit_code;
    uint64_t insns;
    uint64_t counters[PMU_ARCH_SLOTS];
    char console[4096];
    size_t console_len;
} run_t;

static void console_keep(void *ctx, const void *buf, size_t n)
{
    run_t *r = ctx;
    size_t room = sizeof r->console - r->console_len;
    memcpy(r->console + r->console_len, buf, n < room ? n : room);
    r->console_len += n < room ? n : room;
}

static void *run_machine(void *arg)
{
    run_t *r = arg;
    /* eager: every block is translated at its first run, so the two threads translate at once */
    machine_opts_t opts = { .jit = JIT_MODE_EAGER, .diag = unit_diag_stderr };
    opts.console = (console_sink_t){ console_keep, NULL, r };
    r->ok = false;
    r->console_len = 0;
    machine_t *m = machine_new(machine_find(r->machine), &opts);
    if (!m)
        return NULL;
    elf_image_t img;
    if (machine_load_program(m, r->program, &img) != 0) {
        machine_free(m);
        return NULL;
    }
    machine_reset(m, img.entry);
    r->stop = machine_run(m);
    r->exited = m->exited;
    r->exit_code = m->exit_code;
    r->insns = machine_insns(m);
    const hart_t *h = &m->harts[0];
    for (unsigned k = 0; k < PMU_ARCH_SLOTS; k++)
        r->counters[k] = pmu_read(&h->pmu, k, hart_cycle(h));
    elf_image_free(&img);
    machine_free(m);
    r->ok = true;
    return NULL;
}

static void check_same(unit_t *u, const run_t *alone, const run_t *both)
{
    CHECK(alone->ok && both->ok);
    CHECK_EQ(both->stop, alone->stop);
    CHECK_EQ(both->exited, alone->exited);
    CHECK_EQ(both->exit_code, alone->exit_code);
    CHECK_EQ(both->insns, alone->insns);
    for (unsigned k = 0; k < PMU_ARCH_SLOTS; k++)
        if (!unit_check(u, both->counters[k] == alone->counters[k], "a counter differs", __FILE__, __LINE__))
            fprintf(stderr, "    %s counter %u: alone %llu, on two threads %llu\n", alone->machine, k,
                    (unsigned long long)alone->counters[k], (unsigned long long)both->counters[k]);
    CHECK_EQ(both->console_len, alone->console_len);
    CHECK(memcmp(both->console, alone->console, alone->console_len) == 0);
}

int main(int argc, char **argv)
{
    unit_t unit = { 0 }, *u = &unit;
    if (argc != 2) {
        fprintf(stderr, "usage: unit_two_machines GUEST_DIR\n");
        return 2;
    }
    char veer_elf[4096], virt_elf[4096];
    snprintf(veer_elf, sizeof veer_elf, "%s/coremark-veer.elf", argv[1]);
    snprintf(virt_elf, sizeof virt_elf, "%s/coremark-virt64.elf", argv[1]);
    static run_t veer_alone, virt_alone, veer_both, virt_both;
    veer_alone = veer_both = (run_t){ .machine = "veer-el2", .program = veer_elf };
    virt_alone = virt_both = (run_t){ .machine = "virt64", .program = virt_elf };

    run_machine(&veer_alone);
    run_machine(&virt_alone);
    /* what the runs must show for the comparison to mean anything: both programs ran to their
     * end and passed, counting (CoreMark prints its report; both exit 0) */
    CHECK(veer_alone.ok && virt_alone.ok);
    CHECK_EQ(veer_alone.stop, STOP_EXIT);
    CHECK_EQ(virt_alone.stop, STOP_EXIT);
    CHECK_EQ(veer_alone.exit_code, 0);
    CHECK_EQ(virt_alone.exit_code, 0);
    CHECK(veer_alone.insns > 1000000 && virt_alone.insns > 1000000);
    CHECK(veer_alone.counters[0] >= veer_alone.counters[2] && veer_alone.counters[2] == veer_alone.insns);
    CHECK(virt_alone.counters[2] == virt_alone.insns);
    CHECK(veer_alone.console_len > 0 && virt_alone.console_len > 0);

    for (int round = 0; round < ROUNDS; round++) {
        pthread_t a, b;
        CHECK(pthread_create(&a, NULL, run_machine, &veer_both) == 0);
        CHECK(pthread_create(&b, NULL, run_machine, &virt_both) == 0);
        pthread_join(a, NULL);
        pthread_join(b, NULL);
        check_same(u, &veer_alone, &veer_both);
        check_same(u, &virt_alone, &virt_both);
    }
    return unit_finish(u, "two_machines");
}
