/* libpmusim: the session layer (src/session) behind an opaque handle (include/pmusim/pmusim.h).
 * Every message of the layer goes to the handle's own buffers, never to a stream. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/csr.h"
#include "cpu/hart.h"
#include "jit/jit.h"
#include "lib/console_file.h"
#include "pmusim/pmusim.h"
#include "session/session.h"
#include "session/stat_events.h"

#define PMUSIM_MSG_MAX 1024

struct pmusim_session {
    /* What to run, as the setters gave it (owned copies) */
    char *spec, *program, *bios, *kernel, *initrd, *dtb, *append, *console_path;
    console_sink_t console_callback; /* write NULL: none (console_path or standard output) */
    char **argv;
    int argc;
    bool raw;
    uint64_t load_addr;
    machine_opts_t opts; /* max_insns, jit, ram_size */
    session_config_t cfg;
    /* The machine settled (from the spec or the program's note) and its PMU model */
    bool settled;
    const machine_desc_t *desc;
    const pmu_model_t *model;
    core_pmu_store_t model_store;        /* where a configurable core's model is built */
    stat_event_list_t *events, *scratch; /* the events added; one event being parsed */
    /* The run */
    session_t run;
    FILE *console;
    bool started, ended;
    bool counting; /* the machine exists and the events are attached */
    hart_stop_t stop;
    int exit_status;
    _Atomic(machine_t *) live; /* the machine while it exists: pmusim_session_request_stop */
    atomic_int stop_pending;
    /* Messages: the last error (or warning) of a call, and how the run ended */
    diag_t diag, stop_diag;
    char err[PMUSIM_MSG_MAX], stop_msg[PMUSIM_MSG_MAX];
};

static void keep_message(char *buf, const char *msg)
{
    snprintf(buf, PMUSIM_MSG_MAX, "%s", msg);
}

static void report_error(void *ctx, const char *msg)
{
    keep_message(((pmusim_session_t *)ctx)->err, msg);
}

static void report_stop(void *ctx, const char *msg)
{
    keep_message(((pmusim_session_t *)ctx)->stop_msg, msg);
}

/* A call begins: the previous call's message goes. */
static void begin(pmusim_session_t *s)
{
    s->err[0] = 0;
}

static int fail(pmusim_session_t *s, int code, const char *msg)
{
    keep_message(s->err, msg);
    return code;
}

/* The session layer's statuses (session_exit.h) as the library's errors. */
static int from_exit_status(int status)
{
    return status == SESSION_EXIT_BAD_INPUT ? PMUSIM_ERR_INPUT : PMUSIM_ERR_USAGE;
}

const char *pmusim_version(void)
{
    return PMUSIM_VERSION;
}

pmusim_session_t *pmusim_session_new(const char *machine_spec, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = 0;
    pmusim_session_t *s = calloc(1, sizeof(*s));
    if (s) {
        s->events = calloc(1, sizeof(*s->events));
        s->scratch = calloc(1, sizeof(*s->scratch));
        s->spec = machine_spec ? strdup(machine_spec) : NULL;
    }
    if (!s || !s->events || !s->scratch || (machine_spec && !s->spec)) {
        if (err && errlen)
            snprintf(err, errlen, "out of memory");
        pmusim_session_free(s);
        return NULL;
    }
    s->diag = (diag_t){ report_error, s };
    s->stop_diag = (diag_t){ report_stop, s };
    s->exit_status = -1;
    /* the spec is checked at once: a misspelt machine is the commonest mistake */
    machine_opts_t scratch = { 0 };
    if (machine_spec && !session_find_machine(&s->diag, machine_spec, &scratch)) {
        if (err && errlen)
            snprintf(err, errlen, "%s", s->err);
        pmusim_session_free(s);
        return NULL;
    }
    return s;
}

void pmusim_session_free(pmusim_session_t *s)
{
    if (!s)
        return;
    atomic_store(&s->live, NULL);
    session_close(&s->run);
    if (s->console && s->console != stdout)
        fclose(s->console);
    for (int k = 0; k < s->argc; k++)
        free(s->argv[k]);
    free(s->argv);
    free(s->spec);
    free(s->program);
    free(s->bios);
    free(s->kernel);
    free(s->initrd);
    free(s->dtb);
    free(s->append);
    free(s->console_path);
    free(s->events);
    free(s->scratch);
    free(s);
}

const char *pmusim_session_error(const pmusim_session_t *s)
{
    return s ? s->err : "no session";
}

/* ---- what to run -------------------------------------------------------------------------------- */

/* A setter may only act before the run; the machine is settled by then only if events were added,
 * and the program decides the machine, so it cannot change after that either. */
static int before_run(pmusim_session_t *s, const char *what)
{
    begin(s);
    if (s->started) {
        snprintf(s->err, sizeof s->err, "%s: the run has started; set it before the first run", what);
        return PMUSIM_ERR_STATE;
    }
    return PMUSIM_OK;
}

static int set_string(pmusim_session_t *s, char **field, const char *value, const char *what)
{
    int rc = before_run(s, what);
    if (rc)
        return rc;
    char *copy = value ? strdup(value) : NULL;
    if (value && !copy)
        return fail(s, PMUSIM_ERR_NOMEM, "out of memory");
    free(*field);
    *field = copy;
    return PMUSIM_OK;
}

int pmusim_session_set_program(pmusim_session_t *s, const char *path)
{
    if (s->settled && !s->spec)
        return fail(s, PMUSIM_ERR_STATE,
                    "set the program before adding events: the machine was settled without it");
    int rc = set_string(s, &s->program, path, "program");
    if (!rc)
        s->raw = false;
    return rc;
}

int pmusim_session_set_raw_program(pmusim_session_t *s, const char *path, uint64_t load_addr)
{
    int rc = set_string(s, &s->program, path, "program");
    if (!rc) {
        s->raw = true;
        s->load_addr = load_addr;
    }
    return rc;
}

int pmusim_session_set_bios(pmusim_session_t *s, const char *path)
{
    return set_string(s, &s->bios, path, "bios");
}

int pmusim_session_set_kernel(pmusim_session_t *s, const char *path)
{
    return set_string(s, &s->kernel, path, "kernel");
}

int pmusim_session_set_initrd(pmusim_session_t *s, const char *path)
{
    return set_string(s, &s->initrd, path, "initrd");
}

int pmusim_session_set_dtb(pmusim_session_t *s, const char *path)
{
    return set_string(s, &s->dtb, path, "dtb");
}

int pmusim_session_set_append(pmusim_session_t *s, const char *cmdline)
{
    return set_string(s, &s->append, cmdline, "append");
}

int pmusim_session_set_console(pmusim_session_t *s, const char *path)
{
    int rc = set_string(s, &s->console_path, path, "console");
    if (!rc)
        s->console_callback = (console_sink_t){ 0 }; /* the later of the two calls wins */
    return rc;
}

int pmusim_session_set_console_callback(pmusim_session_t *s,
                                        void (*write)(void *ctx, const void *buf, size_t n), void *ctx)
{
    int rc = before_run(s, "console");
    if (rc)
        return rc;
    free(s->console_path);
    s->console_path = NULL;
    s->console_callback = (console_sink_t){ write, NULL, ctx };
    return PMUSIM_OK;
}

int pmusim_session_set_args(pmusim_session_t *s, int argc, const char *const *argv)
{
    int rc = before_run(s, "args");
    if (rc)
        return rc;
    if (argc < 0 || (argc > 0 && !argv))
        return fail(s, PMUSIM_ERR_USAGE, "args: argc must be >= 0, with argc strings in argv");
    char **copy = calloc((size_t)argc + 1, sizeof(*copy));
    bool ok = copy != NULL;
    for (int k = 0; ok && k < argc; k++)
        ok = argv[k] && (copy[k] = strdup(argv[k])) != NULL;
    if (!ok) {
        for (int k = 0; copy && k < argc; k++)
            free(copy[k]);
        free(copy);
        return fail(s, copy ? PMUSIM_ERR_USAGE : PMUSIM_ERR_NOMEM,
                    copy ? "args: an argument is NULL (or no memory)" : "out of memory");
    }
    for (int k = 0; k < s->argc; k++)
        free(s->argv[k]);
    free(s->argv);
    s->argv = copy;
    s->argc = argc;
    return PMUSIM_OK;
}

int pmusim_session_set_max_insns(pmusim_session_t *s, uint64_t n)
{
    int rc = before_run(s, "max instructions");
    if (!rc)
        s->opts.max_insns = n;
    return rc;
}

int pmusim_session_set_jit(pmusim_session_t *s, int on)
{
    int rc = before_run(s, "jit");
    if (rc)
        return rc;
    if (on < 0 || on > 2)
        return fail(s, PMUSIM_ERR_USAGE, "jit: expected 0 (off), 1 (on) or 2 (eager)");
    s->opts.jit = on == 0 ? JIT_MODE_OFF : on == 1 ? JIT_MODE_ON : JIT_MODE_EAGER;
    return PMUSIM_OK;
}

int pmusim_session_set_ram_size(pmusim_session_t *s, uint64_t bytes)
{
    int rc = before_run(s, "ram size");
    if (!rc)
        s->opts.ram_size = bytes;
    return rc;
}

/* The configuration as `pmusim run` would build it from the same options. */
static void build_config(pmusim_session_t *s)
{
    session_config_t *c = &s->cfg;
    const char *noted = c->machine == c->noted_machine ? c->noted_machine : NULL;
    char keep[sizeof c->noted_machine];
    if (noted)
        memcpy(keep, c->noted_machine, sizeof keep);
    *c = (session_config_t){
        .machine = s->spec,
        .opts = s->opts,
        .program = s->program ? s->program
                   : s->bios  ? s->bios
                              : s->kernel,
        .guest_argc = s->argc,
        .guest_argv = s->argv,
        .raw = s->raw,
        .load_addr = s->load_addr,
        .bios = s->bios,
        .kernel = s->kernel,
        .initrd = s->initrd,
        .dtb = s->dtb,
        .append = s->append,
    };
    if (noted) {
        memcpy(c->noted_machine, keep, sizeof keep);
        c->machine = c->noted_machine;
    }
}

/* The machine and its PMU model: the spec, else the program's machine note, else the default. */
static int settle(pmusim_session_t *s)
{
    if (s->settled)
        return PMUSIM_OK;
    build_config(s);
    if (!s->spec && s->cfg.program)
        session_resolve_machine(&s->cfg, NULL, &s->diag);
    machine_opts_t mopts = { 0 };
    s->desc = session_find_machine(&s->diag, s->cfg.machine ? s->cfg.machine : machine_default_name, &mopts);
    if (!s->desc)
        return PMUSIM_ERR_USAGE;
    s->model = machine_pmu_model(s->desc, &mopts, &s->model_store);
    s->settled = true;
    return PMUSIM_OK;
}

/* ---- events ----------------------------------------------------------------------------------- */

int pmusim_session_add_event(pmusim_session_t *s, const char *name)
{
    int rc = before_run(s, "event");
    if (rc)
        return rc;
    if (!name)
        return fail(s, PMUSIM_ERR_USAGE, "event: no name given");
    if ((rc = settle(s)) != PMUSIM_OK)
        return rc;
    int group = 0;
    s->scratch->n = 0;
    if (!stat_events_parse_groups(&s->diag, s->scratch, s->model, s->desc->name, name, &group))
        return PMUSIM_ERR_USAGE;
    if (s->scratch->n != 1 || strchr(name, '{')) {
        snprintf(s->err, sizeof s->err, "event '%s': give one event per call, without groups", name);
        return PMUSIM_ERR_USAGE;
    }
    stat_event_t *e = &s->scratch->ev[0];
    e->group = -1;
    int index = stat_events_find_or_add(&s->diag, s->events, e);
    return index >= 0 ? index : PMUSIM_ERR_USAGE;
}

int pmusim_session_event_count(const pmusim_session_t *s)
{
    return (int)s->events->n;
}

const char *pmusim_session_event_name(const pmusim_session_t *s, int index)
{
    if (index < 0 || (unsigned)index >= s->events->n)
        return NULL;
    const stat_event_t *e = &s->events->ev[index];
    return e->cm ? e->cm_term : e->label;
}

/* ---- running ---------------------------------------------------------------------------------- */

/* Builds the machine, loads the program and attaches the events: what `pmusim stat` does before
 * its run. */
static int start(pmusim_session_t *s)
{
    int rc = settle(s);
    if (rc)
        return rc;
    build_config(s); /* the setters called since settle */
    if (!s->cfg.program)
        return fail(s, PMUSIM_ERR_USAGE,
                    "no program given (pmusim_session_set_program, or a bios or kernel)");
    if (!s->bios && !s->kernel && (s->dtb || s->append || s->initrd))
        return fail(s, PMUSIM_ERR_USAGE, "dtb, append and initrd need a bios or a kernel");
    if (s->console_path && !(s->console = fopen(s->console_path, "w"))) {
        snprintf(s->err, sizeof s->err, "cannot write the console output to '%s'", s->console_path);
        return PMUSIM_ERR_INPUT;
    }
    s->cfg.opts.console =
        s->console_callback.write ? s->console_callback : console_file_sink(s->console ? s->console : stdout);
    s->cfg.quiet = false; /* the stop message goes to stop_msg, not to a stream */
    s->started = true;
    int status = session_open(&s->run, &s->cfg, &s->diag);
    if (status == 0)
        status = session_attach_events(&s->run, s->events, &s->diag);
    if (status != 0) {
        if (!s->err[0]) /* the layers below printed why (machine.h, elf_load.h) */
            snprintf(s->err, sizeof s->err, "%s: cannot %s", s->cfg.program,
                     status == SESSION_EXIT_BAD_INPUT ? "be loaded" : "run on this machine");
        s->ended = true;
        return from_exit_status(status);
    }
    s->run.diag = s->stop_diag;
    s->counting = true;
    atomic_store(&s->live, s->run.m);
    if (atomic_load(&s->stop_pending))
        machine_request_stop(s->run.m, STOP_INTERRUPTED);
    return PMUSIM_OK;
}

static int run(pmusim_session_t *s, bool bounded, uint64_t n)
{
    begin(s);
    if (s->ended)
        return fail(s, PMUSIM_ERR_STATE, "the run has ended");
    if (!s->started) {
        int rc = start(s);
        if (rc)
            return rc;
    }
    hart_stop_t stop = bounded ? machine_run_for(s->run.m, n) : machine_run(s->run.m);
    machine_console_flush(s->run.m);
    if (stop == STOP_NONE && bounded)
        return PMUSIM_STOP_PAUSED;
    s->ended = true;
    s->stop = stop;
    s->exit_status = session_status(&s->run, stop);
    switch (stop) {
    case STOP_EXIT: return PMUSIM_STOP_EXIT;
    case STOP_MAX_INSNS: return PMUSIM_STOP_MAX_INSNS;
    case STOP_INTERRUPTED: return PMUSIM_STOP_REQUESTED;
    default: return PMUSIM_STOP_STUCK;
    }
}

int pmusim_session_run(pmusim_session_t *s)
{
    return run(s, false, 0);
}

int pmusim_session_run_for(pmusim_session_t *s, uint64_t n)
{
    return run(s, true, n);
}

void pmusim_session_request_stop(pmusim_session_t *s)
{
    atomic_store(&s->stop_pending, 1);
    machine_t *m = atomic_load(&s->live);
    if (m)
        machine_request_stop(m, STOP_INTERRUPTED);
}

/* ---- results ---------------------------------------------------------------------------------- */

int pmusim_session_read_count(const pmusim_session_t *s, int index, uint64_t *value)
{
    if (index < 0 || (unsigned)index >= s->events->n)
        return PMUSIM_ERR_RANGE;
    if (!s->counting)
        return PMUSIM_ERR_STATE;
    const stat_event_t *e = &s->events->ev[index];
    uint64_t sum = 0;
    for (unsigned j = 0; j < s->run.m->n_harts; j++)
        sum += session_read_event(&s->run, e, j);
    *value = sum;
    return PMUSIM_OK;
}

uint64_t pmusim_session_instructions(const pmusim_session_t *s)
{
    return s->counting ? machine_insns(s->run.m) : 0;
}

int pmusim_session_exit_status(const pmusim_session_t *s)
{
    return s->ended && s->counting ? s->exit_status : -1;
}

const char *pmusim_session_stop_message(const pmusim_session_t *s)
{
    return s->stop_msg;
}

/* ---- registers and CSRs between runs ----------------------------------------------------------- */

/* Hart `hart` of a machine that exists and is not running (paused or ended). */
static int paused_hart(pmusim_session_t *s, int hart, hart_t **h)
{
    begin(s);
    if (!s->counting)
        return fail(s, PMUSIM_ERR_STATE, "registers: the machine does not exist yet (run it first)");
    if (hart < 0 || (unsigned)hart >= s->run.m->n_harts) {
        snprintf(s->err, sizeof s->err, "hart %d: the machine has %u hart%s", hart, s->run.m->n_harts,
                 s->run.m->n_harts == 1 ? "" : "s");
        return PMUSIM_ERR_RANGE;
    }
    *h = &s->run.m->harts[hart];
    return PMUSIM_OK;
}

static uint64_t xlen_mask(const hart_t *h)
{
    return h->xlen == 32 ? UINT32_MAX : UINT64_MAX;
}

static int check_regno(pmusim_session_t *s, int regno)
{
    if (regno >= 0 && regno < 32)
        return PMUSIM_OK;
    snprintf(s->err, sizeof s->err, "register x%d: expected 0..31", regno);
    return PMUSIM_ERR_RANGE;
}

int pmusim_session_read_reg(pmusim_session_t *s, int hart, int regno, uint64_t *value)
{
    hart_t *h;
    int rc = paused_hart(s, hart, &h);
    if (!rc)
        rc = check_regno(s, regno);
    if (!rc)
        *value = regno ? h->x[regno] : 0;
    return rc;
}

int pmusim_session_write_reg(pmusim_session_t *s, int hart, int regno, uint64_t value)
{
    hart_t *h;
    int rc = paused_hart(s, hart, &h);
    if (!rc)
        rc = check_regno(s, regno);
    if (!rc && regno) /* x0 stays 0, as for an instruction; RV32 registers hold 32 bits */
        h->x[regno] = value & xlen_mask(h);
    return rc;
}

int pmusim_session_read_pc(pmusim_session_t *s, int hart, uint64_t *value)
{
    hart_t *h;
    int rc = paused_hart(s, hart, &h);
    if (!rc)
        *value = h->pc;
    return rc;
}

static bool user_counter(unsigned csr)
{
    unsigned base = csr & 0xf80;
    return (base == 0xc00 || base == 0xc80) && (csr & 0x1f) != 1; /* not time */
}

/* Reads the CSR as an M-mode csrr does (src/cpu/csr.c csr_read): the core's own CSRs first, then
 * the standard table with its existence rules; false when the hart has no such CSR. The user
 * counters (cycle, instret, hpmcounterN) are read through their machine names, so mcounteren
 * does not hide them from the host whatever mode the hart is paused in. */
static bool host_csr_read(hart_t *h, unsigned csr, uint64_t *value)
{
    if (csr > 0xfff)
        return false;
    if (h->core_ext && h->core_ext->read && h->core_ext->read(h, csr, value)) {
        *value &= xlen_mask(h);
        return true;
    }
    const csr_desc_t *d = csr_find(csr);
    if (!d || (d->exists && !d->exists(h)))
        return false;
    if (h->core_ext && h->core_ext->csr_absent && h->core_ext->csr_absent(h, csr))
        return false;
    unsigned as = user_counter(csr) ? csr - 0x100 : csr; /* cycle -> mcycle, hpmcounter3h -> mhpmcounter3h */
    const csr_desc_t *m = as == csr ? d : csr_find(as);
    if (!m || !m->read(h, as, 0, value))
        return false;
    *value &= xlen_mask(h);
    return true;
}

static int no_such_csr(pmusim_session_t *s, int hart, unsigned csr)
{
    snprintf(s->err, sizeof s->err, "CSR 0x%x: hart %d has no such CSR (an access is illegal)", csr, hart);
    return PMUSIM_ERR_RANGE;
}

int pmusim_session_read_csr(pmusim_session_t *s, int hart, unsigned csr, uint64_t *value)
{
    hart_t *h;
    int rc = paused_hart(s, hart, &h);
    if (rc)
        return rc;
    uint64_t v;
    if (!host_csr_read(h, csr, &v))
        return no_such_csr(s, hart, csr);
    *value = v;
    return PMUSIM_OK;
}

/* Writes it as an M-mode csrw does (csr_write): with its side effects, and with nothing of an
 * instruction's own increment to replace (the hart is between instructions). */
int pmusim_session_write_csr(pmusim_session_t *s, int hart, unsigned csr, uint64_t value)
{
    hart_t *h;
    int rc = paused_hart(s, hart, &h);
    if (rc)
        return rc;
    uint64_t old;
    if (!host_csr_read(h, csr, &old))
        return no_such_csr(s, hart, csr);
    value &= xlen_mask(h);
    bool run_loop;
    const csr_desc_t *d = csr_find(csr);
    bool core_csr = h->core_ext && h->core_ext->write && (csr >> 10) != 3;
    if (core_csr && h->core_ext->write(h, csr, value)) {
        run_loop = true; /* a core's CSRs (timers, halt, pause) */
    } else if ((csr >> 10) == 3 || !d || !d->write) {
        snprintf(s->err, sizeof s->err, "CSR 0x%x: read-only", csr);
        return PMUSIM_ERR_RANGE;
    } else {
        d->write(h, csr, value, 0);
        run_loop = d->run_loop;
    }
    if (run_loop) { /* as csr_exec: the pending interrupts may have changed */
        hart_irq_state_changed(h);
        hart_kick(h);
    }
    return PMUSIM_OK;
}
