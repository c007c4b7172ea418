/* Building a machine for a program and telling how its run ended: the part of `pmusim run`
 * and `pmusim stat` the library shares (session.h). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "session/session.h"

/* The machine to run on: -M, else the one the program's machine note names, else the default. */
void session_resolve_machine(session_config_t *cfg, const char *cmd, const diag_t *d)
{
    char built_for[sizeof cfg->noted_machine];
    if (cfg->raw || !elf_machine_note(cfg->program, built_for, sizeof built_for))
        return;
    const machine_desc_t *known = machine_find(built_for);
    if (!cfg->machine) {
        if (known) {
            memcpy(cfg->noted_machine, built_for, sizeof built_for);
            cfg->machine = cfg->noted_machine;
        } else {
            diag_error(
                d, "%s%swarning: %s was built for machine '%s', which pmusim does not know; running it on %s",
                cmd ? cmd : "", cmd ? ": " : "", cfg->program, built_for, machine_default_name);
        }
        return;
    }
    size_t n = strcspn(cfg->machine, ",");
    if (strlen(built_for) != n || strncmp(cfg->machine, built_for, n) != 0)
        diag_error(
            d,
            "%s%swarning: %s was built for machine %s (its .note.pmusim.machine); running it on %.*s as "
            "-M says",
            cmd ? cmd : "", cmd ? ": " : "", cfg->program, built_for, (int)n, cfg->machine);
}

/* "PROGRAM ARG1 ARG2 ...": the guest's command line as semihosting reports it. */
static char *session_join_cmdline(const session_config_t *cfg)
{
    size_t len = strlen(cfg->program) + 1;
    for (int i = 0; i < cfg->guest_argc; i++)
        len += strlen(cfg->guest_argv[i]) + 1;
    char *s = malloc(len);
    if (!s)
        return NULL;
    strcpy(s, cfg->program);
    for (int i = 0; i < cfg->guest_argc; i++) {
        strcat(s, " ");
        strcat(s, cfg->guest_argv[i]);
    }
    return s;
}

int session_open(session_t *s, const session_config_t *cfg, const diag_t *d)
{
    memset(s, 0, sizeof(*s));
    s->quiet = cfg->quiet;
    s->diag = d ? *d : (diag_t){ 0 };

    machine_opts_t opts = cfg->opts;
    const machine_desc_t *desc =
        session_find_machine(d, cfg->machine ? cfg->machine : machine_default_name, &opts);
    if (!desc)
        return SESSION_EXIT_USAGE;
    if (!(s->cmdline = session_join_cmdline(cfg))) {
        diag_error(d, "out of memory");
        return SESSION_EXIT_USAGE;
    }
    opts.cmdline = s->cmdline;
    if (cfg->bios || cfg->kernel)
        return session_boot_open(s, cfg, desc, &opts, d);
    if (!(s->m = machine_new(desc, &opts)))
        return SESSION_EXIT_USAGE; /* machine_new said why: the options cannot make this machine */
    if ((cfg->raw ? machine_load_raw(s->m, cfg->program, cfg->load_addr, &s->img)
                  : machine_load_program(s->m, cfg->program, &s->img)) != 0)
        return SESSION_EXIT_BAD_INPUT;
    if (cfg->console) /* machine_new starts with standard output */
        s->m->console = cfg->console;
    machine_reset(s->m, s->img.entry);
    return 0;
}

void session_format_pc(const session_t *s, uint64_t pc, char *buf, size_t size)
{
    int digits = s->m->harts[0].xlen == 32 ? 8 : 16;
    const elf_symbol_t *sym = elf_symbol_at(&s->img, pc);
    if (sym && pc != sym->addr)
        snprintf(buf, size, "0x%0*llx <%s+0x%llx>", digits, (unsigned long long)pc, sym->name,
                 (unsigned long long)(pc - sym->addr));
    else if (sym)
        snprintf(buf, size, "0x%0*llx <%s>", digits, (unsigned long long)pc, sym->name);
    else
        snprintf(buf, size, "0x%0*llx", digits, (unsigned long long)pc);
}

static const char *session_cause_text(uint64_t cause, unsigned xlen, char *buf, size_t size)
{
    const char *name = session_mcause_name(cause, xlen);
    snprintf(buf, size, "%llu (%s)", (unsigned long long)cause, name ? name : "unknown cause");
    return buf;
}

/* The trap that keeps recurring (trap_cause/trap_tval, not yet in mcause) and the last one the
 * guest did take, which is usually how it got there. */
static void session_trap_loop(const session_t *s)
{
    const hart_t *h = &s->m->harts[s->m->stop_hart];
    char pc[160], epc[160], cause[96], last[96];

    session_format_pc(s, h->pc, pc, sizeof(pc));
    if (h->trap_loop_kind == TRAP_LOOP_HANDLER_FAULTS) {
        char tvec[160];
        session_format_pc(s, h->csr.mtvec & ~(uint64_t)3, tvec, sizeof(tvec));
        diag_error(&s->diag,
                   "guest cannot continue: trap loop at pc %s: cause %s, tval 0x%llx, raised again each "
                   "time before the trap handler (mtvec %s) returns",
                   pc, session_cause_text(h->trap_cause, h->xlen, cause, sizeof(cause)),
                   (unsigned long long)h->trap_tval, tvec);
        return;
    }
    session_format_pc(s, h->csr.mepc, epc, sizeof(epc));
    diag_error(&s->diag,
               "guest cannot continue: trap loop at pc %s: cause %s, tval 0x%llx; mtvec 0x%llx has no "
               "usable trap handler (last trap taken: mcause %s at mepc %s)",
               pc, session_cause_text(h->trap_cause, h->xlen, cause, sizeof(cause)),
               (unsigned long long)h->trap_tval, (unsigned long long)h->csr.mtvec,
               session_cause_text(h->csr.mcause, h->xlen, last, sizeof(last)), epc);
}

int session_status(const session_t *s, hart_stop_t stop)
{
    const hart_t *h = &s->m->harts[s->m->stop_hart];
    char pc[160];

    switch (stop) {
    case STOP_EXIT: return s->m->exit_code & 0xff;
    case STOP_MAX_INSNS:
        if (!s->quiet)
            diag_error(&s->diag, "stopped after %llu instructions (--max-insns)",
                       (unsigned long long)machine_insns(s->m));
        return SESSION_EXIT_MAX_INSNS;
    case STOP_INTERRUPTED: {
        int sig = s->stop_signal ? s->stop_signal : SIGINT;
        if (!s->quiet) {
            session_format_pc(s, h->pc, pc, sizeof(pc));
            diag_error(&s->diag, "%s after %llu instructions at pc %s",
                       sig == SIGTERM  ? "terminated (SIGTERM)"
                       : sig == SIGHUP ? "hung up (SIGHUP)"
                                       : "interrupted",
                       (unsigned long long)machine_insns(s->m), pc);
        }
        return 128 + sig;
    }
    case STOP_TRAP_LOOP:
        if (!s->quiet)
            session_trap_loop(s);
        return SESSION_EXIT_GUEST_STUCK;
    case STOP_WFI_DEADLOCK:
    case STOP_HALT_DEADLOCK:
        if (!s->quiet) {
            /* h->pc is after the wfi or the csrw to mpmc: both are 4 bytes */
            session_format_pc(s, h->pc - 4, pc, sizeof(pc));
            diag_error(&s->diag,
                       "guest cannot continue: %s at pc %s waits for an interrupt that can never come "
                       "(mie 0x%llx, mip 0x%llx, mstatus 0x%llx)",
                       stop == STOP_WFI_DEADLOCK ? "wfi" : "firmware halt (mpmc)", pc,
                       (unsigned long long)h->csr.mie, (unsigned long long)h->csr.mip,
                       (unsigned long long)h->csr.mstatus);
        }
        return SESSION_EXIT_GUEST_STUCK;
    case STOP_JUMP_SELF:
        if (!s->quiet) {
            session_format_pc(s, h->pc, pc, sizeof(pc));
            diag_error(&s->diag,
                       "guest cannot continue: jump to itself at pc %s with interrupts off (mie 0x%llx, "
                       "mstatus 0x%llx): the program ended without exiting",
                       pc, (unsigned long long)h->csr.mie, (unsigned long long)h->csr.mstatus);
        }
        return SESSION_EXIT_GUEST_STUCK;
    case STOP_NONE:
    default:
        session_format_pc(s, h->pc, pc, sizeof(pc));
        diag_error(&s->diag, "internal error: the run ended without a reason (stop %d) at pc %s", (int)stop,
                   pc);
        return SESSION_EXIT_GUEST_STUCK;
    }
}

const char *session_mcause_name(uint64_t mcause, unsigned xlen)
{
    static const char *const exc[] = {
        [0] = "instruction address misaligned",
        [1] = "instruction access fault",
        [2] = "illegal instruction",
        [3] = "breakpoint",
        [4] = "load address misaligned",
        [5] = "load access fault",
        [6] = "store/AMO address misaligned",
        [7] = "store/AMO access fault",
        [8] = "environment call from U-mode",
        [9] = "environment call from S-mode",
        [11] = "environment call from M-mode",
        [12] = "instruction page fault",
        [13] = "load page fault",
        [15] = "store/AMO page fault",
        [18] = "software check",
        [19] = "hardware error",
    };
    static const char *const irq[] = {
        [1] = "supervisor software interrupt", [3] = "machine software interrupt",
        [5] = "supervisor timer interrupt",    [7] = "machine timer interrupt",
        [9] = "supervisor external interrupt", [11] = "machine external interrupt",
        [13] = "counter overflow interrupt",
    };
    uint64_t intr_bit = (uint64_t)1 << (xlen - 1);
    uint64_t code = mcause & ~intr_bit;

    if (mcause & intr_bit)
        return code < sizeof(irq) / sizeof(irq[0]) ? irq[code] : NULL;
    return code < sizeof(exc) / sizeof(exc[0]) ? exc[code] : NULL;
}

void session_close(session_t *s)
{
    if (s->sig_file)
        fclose(s->sig_file);
    if (s->m)
        machine_free(s->m);
    elf_image_free(&s->img);
    elf_image_free(&s->kernel_img);
    free(s->cmdline);
    memset(s, 0, sizeof(*s));
}
