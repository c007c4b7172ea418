/* Running a program: shared by the commands that run one. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "tools/cli_run.h"
#include "tools/stat_report.h"

#include "jit/jit.h"
#include "util/host_clock.h"

bool cli_run_option(cli_run_config_t *cfg, const cli_parser_t *p, int id)
{
    switch (id) {
    case CLI_RUN_OPT_MACHINE: cfg->machine = p->value; return true;
    case CLI_RUN_OPT_RAM_SIZE:
        if (!cli_parse_size(p->value, &cfg->opts.ram_size) || cfg->opts.ram_size == 0) {
            cli_error("%s: bad --ram-size '%s': expected a size such as 64M, 512K or 1G", p->cmd, p->value);
            return false;
        }
        return true;
    case CLI_RUN_OPT_MAX_INSNS:
        if (!cli_parse_u64(p->value, &cfg->opts.max_insns)) {
            cli_error("%s: bad --max-insns '%s': expected a number of instructions", p->cmd, p->value);
            return false;
        }
        return true;
    case CLI_RUN_OPT_USER_MODE: cfg->opts.user_mode = true; return true;
    case CLI_RUN_OPT_LOAD_ADDR:
        if (!cli_parse_u64(p->value, &cfg->load_addr)) {
            cli_error("%s: bad --load-addr '%s': expected an address, decimal or 0x-hex", p->cmd, p->value);
            return false;
        }
        cfg->raw = true;
        return true;
    case CLI_RUN_OPT_BIOS: cfg->bios = p->value; return true;
    case CLI_RUN_OPT_KERNEL: cfg->kernel = p->value; return true;
    case CLI_RUN_OPT_DTB: cfg->dtb = p->value; return true;
    case CLI_RUN_OPT_APPEND: cfg->append = p->value; return true;
    case CLI_RUN_OPT_INITRD: cfg->initrd = p->value; return true;
    case CLI_RUN_OPT_QUIET: cfg->quiet = true; return true;
    case CLI_RUN_OPT_JIT: {
        enum jit_mode mode;
        if (!jit_parse_mode(p->value, &mode)) {
            cli_error("%s: bad --jit '%s': expected on or off", p->cmd, p->value);
            return false;
        }
        cfg->opts.jit = (int)mode;
        return true;
    }
    case CLI_RUN_OPT_SIGNATURE:
        if (!*p->value) {
            cli_error("%s: --signature needs a file name", p->cmd);
            return false;
        }
        cfg->signature = p->value;
        return true;
    case CLI_RUN_OPT_SIGNATURE_GRANULARITY: {
        uint64_t g;
        if (!cli_parse_u64(p->value, &g) || (g != 4 && g != 8)) {
            cli_error("%s: bad --signature-granularity '%s': expected 4 or 8 (bytes per line)", p->cmd,
                      p->value);
            return false;
        }
        cfg->signature_granularity = (unsigned)g;
        return true;
    }
    default: return false;
    }
}

bool cli_run_output_is_input(const cli_run_config_t *cfg, const char *cmd, const char *out)
{
    const char *inputs[] = { cfg->program, cfg->bios, cfg->kernel, cfg->initrd, cfg->dtb };
    return cli_output_is_input(cmd, out, inputs, sizeof inputs / sizeof inputs[0]);
}

static bool cli_run_take_operands(cli_run_config_t *cfg, const cli_parser_t *p)
{
    int i = p->next;
    if (cfg->bios || cfg->kernel) { /* the program is the firmware and kernel */
        if (cfg->raw) {
            cli_error("%s: --load-addr is for a raw PROGRAM, not with --bios/--kernel", p->cmd);
            return false;
        }
        if (i < p->argc && strcmp(p->argv[i], "--") != 0) {
            cli_error("%s: '%s': give either a PROGRAM or --bios/--kernel, not both", p->cmd, p->argv[i]);
            return false;
        }
        cfg->program = cfg->bios ? cfg->bios : cfg->kernel;
        if (i < p->argc)
            i++;
        cfg->guest_argc = p->argc - i;
        cfg->guest_argv = p->argv + i;
        return true;
    }
    if (cfg->dtb || cfg->append || cfg->initrd) {
        cli_error("%s: --dtb, --append and --initrd need --bios or --kernel", p->cmd);
        return false;
    }
    if (i >= p->argc) {
        cli_error("%s: no program given; usage: pmusim %s [OPTIONS] PROGRAM.elf [-- ARGS...]", p->cmd,
                  p->cmd);
        return false;
    }
    cfg->program = p->argv[i++];
    if (i < p->argc && strcmp(p->argv[i], "--") == 0)
        i++;
    cfg->guest_argc = p->argc - i;
    cfg->guest_argv = p->argv + i;
    return true;
}

/* PMUSIM_JIT sets the translation tier's default (architecture.md "The translation tier"): on, off
 * or eager; empty is the same as unset. --jit wins over it. */
static bool cli_run_jit_env(cli_run_config_t *cfg, const char *cmd)
{
    const char *env = getenv("PMUSIM_JIT");
    enum jit_mode mode;
    if (!env || !*env)
        return true;
    if (!jit_parse_mode(env, &mode)) {
        cli_error("%s: bad PMUSIM_JIT '%s' in the environment: expected on, off or eager", cmd, env);
        return false;
    }
    if (cfg->opts.jit == JIT_MODE_DEFAULT)
        cfg->opts.jit = (int)mode;
    return true;
}

/* The guest's console output: pmusim's standard output. */
static void console_stdout_write(void *ctx, const void *buf, size_t n)
{
    (void)ctx;
    fwrite(buf, 1, n, stdout);
}

static void console_stdout_flush(void *ctx)
{
    (void)ctx;
    fflush(stdout);
}

const console_sink_t cli_console_stdout = { console_stdout_write, console_stdout_flush, NULL };

bool cli_run_operands(cli_run_config_t *cfg, const cli_parser_t *p)
{
    if (!cli_run_take_operands(cfg, p) || !cli_run_jit_env(cfg, p->cmd))
        return false;
    session_resolve_machine(cfg, p->cmd, &cli_diag);
    return true;
}

/* --signature: the region between the program's begin_signature and end_signature, which must lie
 * in the machine's RAM, and the file it goes to, created now so that a bad path fails before the
 * run rather than after it. */
static int cli_session_open_signature(cli_session_t *s, const cli_run_config_t *cfg)
{
    const char *prog = cfg->program;
    const elf_symbol_t *b = elf_find_symbol(&s->img, "begin_signature");
    const elf_symbol_t *e = elf_find_symbol(&s->img, "end_signature");
    if (!b || !e) {
        cli_error("%s: has no symbol '%s'; --signature needs begin_signature and end_signature", prog,
                  b ? "end_signature" : "begin_signature");
        return CLI_EXIT_BAD_INPUT;
    }
    if (e->addr < b->addr) {
        cli_error("%s: end_signature (0x%llx) lies before begin_signature (0x%llx)", prog,
                  (unsigned long long)e->addr, (unsigned long long)b->addr);
        return CLI_EXIT_BAD_INPUT;
    }
    s->sig_begin = b->addr;
    s->sig_len = e->addr - b->addr;
    if (s->sig_len && !bus_ram_ptr(&s->m->bus, s->sig_begin, s->sig_len)) {
        cli_error("%s: the signature region 0x%llx-0x%llx (begin_signature to end_signature) is not in "
                  "the memory of machine %s",
                  prog, (unsigned long long)s->sig_begin, (unsigned long long)e->addr, s->m->desc->name);
        return CLI_EXIT_BAD_INPUT;
    }
    s->sig_granularity = cfg->signature_granularity ? cfg->signature_granularity : 4;
    s->sig_path = cfg->signature;
    if (cli_run_output_is_input(cfg, "run", cfg->signature))
        return CLI_EXIT_USAGE;
    if (!(s->sig_file = fopen(cfg->signature, "w"))) {
        cli_error("cannot write the signature to '%s': %s", cfg->signature, strerror(errno));
        return CLI_EXIT_USAGE;
    }
    return 0;
}

int cli_session_open(cli_session_t *s, const cli_run_config_t *cfg)
{
    cli_run_config_t with_console = *cfg;
    with_console.opts.console = cli_console_stdout; /* the guest's output on pmusim's standard output */
    int status = session_open(s, &with_console, &cli_diag);
    if (status == 0 && cfg->signature)
        status = cli_session_open_signature(s, cfg);
    return status;
}

/* The machine a Ctrl-C (or SIGTERM, SIGHUP) stops, and the signal: the only file-scope state, as a
 * signal handler cannot be given any. */
static machine_t *volatile cli_stop_machine;
static volatile sig_atomic_t cli_stop_signal;

static void cli_on_stop_signal(int sig)
{
    machine_t *m = cli_stop_machine;
    cli_stop_signal = sig;
    if (m)
        machine_request_stop(m, STOP_INTERRUPTED); /* the run loop sees it within one run chunk */
}

/* The signals that stop a run cleanly: what the guest printed is flushed, the stop is reported,
 * and pmusim exits with 128 + the signal (130, 143, 129), as a shell reports a process they end. */
static const int cli_stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define CLI_STOP_SIGNALS (sizeof cli_stop_signals / sizeof cli_stop_signals[0])

/* The status line: the machine the signals look at, and what they asked for. */
static machine_t *volatile cli_status_machine;
static volatile sig_atomic_t cli_status_asked, cli_status_tick;

static void cli_on_status_signal(int sig)
{
    machine_t *m = cli_status_machine;
    if (sig == SIGALRM)
        cli_status_tick = 1;
    else
        cli_status_asked = 1;
    if (m)
        atomic_store_explicit(&m->poll, 1, memory_order_relaxed); /* the run loop's poll source
                                                                   * calls cli_session_poll */
}

/* SIGUSR1, and SIGINFO (Ctrl-T) where the system has it, ask for the status line. */
static const int cli_status_signals[] = {
    SIGUSR1,
#ifdef SIGINFO
    SIGINFO,
#endif
};
#define CLI_STATUS_SIGNALS (sizeof cli_status_signals / sizeof cli_status_signals[0])

/* "pmusim: 52,428,800 instructions, 96.2 MIPS, pc 0x80000010 <main+0x8>": MIPS since the last
 * line (or the start of the run). */
static void cli_session_status_line(cli_session_t *s)
{
    machine_t *m = s->m;
    const hart_t *h = m->running;
    uint64_t insns = machine_insns(m);
    double now = host_clock_seconds(), dt = now - s->status_time;
    char count[32], pc[160], hart[32] = "";
    stat_format_count(insns, count, sizeof count);
    cli_session_format_pc(s, h->pc, pc, sizeof pc);
    if (m->n_harts > 1)
        snprintf(hart, sizeof hart, "hart %u ", (unsigned)(h - m->harts));
    machine_console_flush(m);
    /* on a terminal that the guest left in the middle of a line, the status goes on a line of its own */
    if (m->console.write == cli_console_stdout.write && m->console_last >= 0 && m->console_last != '\n' &&
        isatty(STDOUT_FILENO) && isatty(STDERR_FILENO))
        fputc('\n', stderr);
    cli_error("%s instructions, %.1f MIPS, %spc %s", count,
              dt > 0 ? (double)(insns - s->status_insns) / dt / 1e6 : 0.0, hart, pc);
    s->status_insns = insns;
    s->status_time = now;
}

static void cli_session_poll(void *ctx, machine_t *m)
{
    cli_session_t *s = ctx;
    bool show = false;
    if (cli_status_asked) {
        cli_status_asked = 0;
        show = true;
    }
    if (cli_status_tick) { /* a second went by: is the guest still silent? */
        cli_status_tick = 0;
        if (m->console_bytes != s->status_console) {
            s->status_console = m->console_bytes;
            s->status_silent = 0;
        } else if (++s->status_silent >= CLI_STATUS_SILENCE) {
            show = true;
        }
    }
    if (show) {
        cli_session_status_line(s);
        s->status_silent = 0;
    }
}

hart_stop_t cli_session_run(cli_session_t *s)
{
    struct sigaction old[CLI_STOP_SIGNALS], sa, old_status[CLI_STATUS_SIGNALS], old_alarm;
    bool installed[CLI_STOP_SIGNALS] = { false }, installed_status[CLI_STATUS_SIGNALS] = { false };
    bool ticking = false;

    cli_stop_signal = 0;
    cli_stop_machine = s->m;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = cli_on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND; /* a second signal ends pmusim even if the hart never stops */
    for (size_t k = 0; k < CLI_STOP_SIGNALS; k++) {
        /* A signal ignored on entry (SIGINT of a background job of a non-interactive shell,
         * SIGHUP under nohup) stays ignored. */
        if (sigaction(cli_stop_signals[k], NULL, &old[k]) == 0 && old[k].sa_handler != SIG_IGN)
            installed[k] = sigaction(cli_stop_signals[k], &sa, NULL) == 0;
    }

    /* the status line: on request, and on a terminal after every few silent seconds */
    if (!s->status_started) {
        s->status_started = true;
        s->status_time = host_clock_seconds();
        s->status_insns = machine_insns(s->m);
        s->status_console = s->m->console_bytes;
    }
    s->m->poll_fn = cli_session_poll;
    s->m->poll_ctx = s;
    cli_status_asked = cli_status_tick = 0;
    cli_status_machine = s->m;
    sa.sa_handler = cli_on_status_signal;
    sa.sa_flags = SA_RESTART; /* a console read or write in progress goes on */
    for (size_t k = 0; k < CLI_STATUS_SIGNALS; k++)
        installed_status[k] = sigaction(cli_status_signals[k], &sa, &old_status[k]) == 0;
    struct itimerval second = { { 1, 0 }, { 1, 0 } }, off = { { 0, 0 }, { 0, 0 } };
    if (!s->quiet && isatty(STDERR_FILENO) && sigaction(SIGALRM, &sa, &old_alarm) == 0) {
        ticking = setitimer(ITIMER_REAL, &second, NULL) == 0;
        if (!ticking)
            sigaction(SIGALRM, &old_alarm, NULL);
    }

    cli_term_raw(s->m->console_fd);
    hart_stop_t stop = machine_run(s->m);
    cli_term_restore();

    if (ticking) {
        setitimer(ITIMER_REAL, &off, NULL);
        sigaction(SIGALRM, &old_alarm, NULL);
    }
    for (size_t k = 0; k < CLI_STATUS_SIGNALS; k++)
        if (installed_status[k])
            sigaction(cli_status_signals[k], &old_status[k], NULL);
    cli_status_machine = NULL;
    s->m->poll_fn = NULL;
    for (size_t k = 0; k < CLI_STOP_SIGNALS; k++)
        if (installed[k])
            sigaction(cli_stop_signals[k], &old[k], NULL);
    cli_stop_machine = NULL;
    s->stop_signal = cli_stop_signal;
    machine_console_flush(s->m);
    fflush(stdout);
    return stop;
}

int cli_session_status(const cli_session_t *s, hart_stop_t stop)
{
    return session_status(s, stop);
}

bool cli_write_signature(FILE *out, const bus_t *bus, uint64_t begin, uint64_t len, unsigned granularity)
{
    const uint8_t *mem = len ? bus_ram_ptr(bus, begin, len) : NULL;
    if (len && !mem)
        return false;
    for (uint64_t i = 0; i < len; i += granularity) {
        char line[2 * 16 + 2], *c = line;
        for (unsigned j = granularity; j > 0; j--) {
            /* the highest byte first; bytes past the end of the region are 00, as Spike has it */
            unsigned byte = i + j <= len ? mem[i + j - 1] : 0;
            *c++ = "0123456789abcdef"[byte >> 4];
            *c++ = "0123456789abcdef"[byte & 15];
        }
        *c++ = '\n';
        if (fwrite(line, 1, (size_t)(c - line), out) != (size_t)(c - line))
            return false;
    }
    return fflush(out) == 0 && !ferror(out);
}

int cli_session_finish(cli_session_t *s, hart_stop_t stop)
{
    int status = cli_session_status(s, stop);
    if (!s->sig_file)
        return status;

    bool ok = cli_write_signature(s->sig_file, &s->m->bus, s->sig_begin, s->sig_len, s->sig_granularity);
    int err = errno;
    if (fclose(s->sig_file) != 0 && ok) {
        ok = false;
        err = errno;
    }
    s->sig_file = NULL;
    if (!ok) {
        cli_error("cannot write the signature to '%s': %s", s->sig_path, strerror(err));
        if (status == 0)
            status = CLI_EXIT_USAGE;
    }
    return status;
}

void cli_session_close(cli_session_t *s)
{
    session_close(s);
}
