#define _POSIX_C_SOURCE 200809L /* popen, mkstemp */
/* library.api: the console callback and the register and CSR access of libpmusim
 * (include/pmusim/pmusim.h), on guests whose behaviour is known by analysis.
 *
 *     api_test PMUSIM_CLI GUEST_DIR
 *
 * stat-virt-virt32.elf (tests/stat/guests/stat_virt.S, N = 1000) runs
 *     _start: addi s1, zero, N; addi s2, zero, 0
 *     loop:   add s2, s2, s1; addi s1, s1, -1; bne s1, zero, loop
 *     exit:   4 instructions, exit status 5
 * so after 2 + 3k instructions the hart is at `loop` (0x80000008) with s1 = N - k and
 * s2 = N + (N - 1) + ... + (N - k + 1), minstret = 2 + 3k; a loop of j more iterations then takes
 * 3j + 4 instructions to the end, j of them branches. hello-virt32.elf's console output is compared
 * with what `pmusim run` prints for it. Exits 0 when every check passes, 1 otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmusim/pmusim.h>

#define N 1000
#define X_S1 9
#define X_S2 18
#define CSR_MINSTRET 0xb02
#define CSR_INSTRET 0xc02
#define CSR_MHPMCOUNTER3 0xb03
#define CSR_MHPMEVENT3 0x323
#define CSR_MHARTID 0xf14
#define EVENT_BRANCHES 5 /* virt32's generic PMU: branch-instructions */

static int failures;

#define CHECK(cond, ...) \
    do { \
        if (!(cond)) { \
            failures++; \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__); \
            fputc('\n', stderr); \
        } \
    } while (0)

static const char *cli, *guests;

static char *guest(const char *name)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", guests, name);
    return path;
}

typedef struct buffer {
    char *data;
    size_t len, cap, calls;
} buffer_t;

static void buffer_write(void *ctx, const void *buf, size_t n)
{
    buffer_t *b = ctx;
    b->calls++;
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->data = realloc(b->data, b->cap);
        if (!b->data) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    memcpy(b->data + b->len, buf, n);
    b->len += n;
    b->data[b->len] = 0;
}

/* What `pmusim run -M virt32 PROGRAM` prints on standard output. */
static void cli_output(const char *program, buffer_t *out)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' run -q -M virt32 '%s'", cli, program);
    FILE *p = popen(cmd, "r");
    if (!p) {
        fprintf(stderr, "cannot run %s\n", cmd);
        exit(1);
    }
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
        buffer_write(out, chunk, n);
    pclose(p);
}

static void test_console_callback(void)
{
    buffer_t got = { 0 }, want = { 0 };
    cli_output(guest("hello-virt32.elf"), &want);
    CHECK(strstr(want.data ? want.data : "", "hello: sum of squares 1..100 = 338350\n") != NULL,
          "the CLI's output of hello: %s", want.data ? want.data : "(none)");

    pmusim_session_t *s = pmusim_session_new("virt32", NULL, 0);
    CHECK(pmusim_session_set_program(s, guest("hello-virt32.elf")) == PMUSIM_OK, "set_program");
    /* a file that cannot be created, then the callback: the later call wins, so the run starts */
    CHECK(pmusim_session_set_console(s, "/nonexistent/dir/console.txt") == PMUSIM_OK, "set_console");
    CHECK(pmusim_session_set_console_callback(s, buffer_write, &got) == PMUSIM_OK, "set_console_callback");
    int stop = pmusim_session_run(s);
    CHECK(stop == PMUSIM_STOP_EXIT, "run: %d %s", stop, pmusim_session_error(s));
    CHECK(pmusim_session_exit_status(s) == 0, "exit status %d", pmusim_session_exit_status(s));
    CHECK(got.calls > 0 && got.len == want.len && memcmp(got.data, want.data, want.len) == 0,
          "callback got %zu bytes, the CLI printed %zu:\n%s", got.len, want.len, got.data ? got.data : "");
    CHECK(strncmp(got.data ? got.data : "", "Hello from pmusim (virt, RV32)\n", 31) == 0, "first line: %s",
          got.data ? got.data : "");
    CHECK(pmusim_session_set_console_callback(s, buffer_write, &got) == PMUSIM_ERR_STATE,
          "the callback set after the run");
    pmusim_session_free(s);

    /* the callback, then a file: the file wins and the callback hears nothing */
    buffer_t none = { 0 };
    char path[] = "/tmp/pmusim-api-console-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    s = pmusim_session_new("virt32", NULL, 0);
    pmusim_session_set_program(s, guest("hello-virt32.elf"));
    pmusim_session_set_console_callback(s, buffer_write, &none);
    pmusim_session_set_console(s, path);
    CHECK(pmusim_session_run(s) == PMUSIM_STOP_EXIT, "run: %s", pmusim_session_error(s));
    pmusim_session_free(s);
    buffer_t file = { 0 };
    FILE *f = fopen(path, "rb");
    char chunk[4096];
    size_t n;
    while (f && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
        buffer_write(&file, chunk, n);
    if (f)
        fclose(f);
    remove(path);
    CHECK(none.len == 0, "the replaced callback got %zu bytes", none.len);
    CHECK(file.len == want.len && memcmp(file.data, want.data, want.len) == 0, "the file has %zu bytes",
          file.len);
    free(got.data);
    free(want.data);
    free(none.data);
    free(file.data);
}

static void test_errors_before_start(void)
{
    pmusim_session_t *s = pmusim_session_new("virt32", NULL, 0);
    pmusim_session_set_program(s, guest("stat-virt-virt32.elf"));
    uint64_t v = 0;
    CHECK(pmusim_session_read_reg(s, 0, X_S1, &v) == PMUSIM_ERR_STATE, "read_reg before the run");
    CHECK(strstr(pmusim_session_error(s), "run it first") != NULL, "message: %s", pmusim_session_error(s));
    CHECK(pmusim_session_write_reg(s, 0, X_S1, 1) == PMUSIM_ERR_STATE, "write_reg before the run");
    CHECK(pmusim_session_read_pc(s, 0, &v) == PMUSIM_ERR_STATE, "read_pc before the run");
    CHECK(pmusim_session_read_csr(s, 0, CSR_MINSTRET, &v) == PMUSIM_ERR_STATE, "read_csr before the run");
    CHECK(pmusim_session_write_csr(s, 0, CSR_MINSTRET, 1) == PMUSIM_ERR_STATE, "write_csr before the run");
    pmusim_session_free(s);
}

static void test_stepwise(int jit)
{
    pmusim_session_t *s = pmusim_session_new("virt32", NULL, 0);
    pmusim_session_set_program(s, guest("stat-virt-virt32.elf"));
    pmusim_session_set_jit(s, jit);
    int insns = pmusim_session_add_event(s, "instructions");
    int branches = pmusim_session_add_event(s, "branch-instructions");
    CHECK(insns >= 0 && branches >= 0, "events: %s", pmusim_session_error(s));

    const unsigned k = 10; /* iterations done at the pause */
    int stop = pmusim_session_run_for(s, 2 + 3 * k);
    CHECK(stop == PMUSIM_STOP_PAUSED, "jit %d: run_for: %d %s", jit, stop, pmusim_session_error(s));
    uint64_t v = 0;
    CHECK(pmusim_session_read_csr(s, 0, CSR_MINSTRET, &v) == PMUSIM_OK && v == 2 + 3 * k,
          "jit %d: minstret %llu", jit, (unsigned long long)v);
    CHECK(pmusim_session_read_csr(s, 0, CSR_INSTRET, &v) == PMUSIM_OK && v == 2 + 3 * k,
          "jit %d: instret %llu", jit, (unsigned long long)v);
    CHECK(pmusim_session_read_pc(s, 0, &v) == PMUSIM_OK && v == 0x80000008u, "jit %d: pc 0x%llx", jit,
          (unsigned long long)v);
    CHECK(pmusim_session_read_reg(s, 0, X_S1, &v) == PMUSIM_OK && v == N - k, "jit %d: s1 %llu", jit,
          (unsigned long long)v);
    uint64_t s2 = 0;
    for (unsigned i = 0; i < k; i++)
        s2 += N - i;
    CHECK(pmusim_session_read_reg(s, 0, X_S2, &v) == PMUSIM_OK && v == s2, "jit %d: s2 %llu, expected %llu",
          jit, (unsigned long long)v, (unsigned long long)s2);
    CHECK(pmusim_session_read_reg(s, 0, 0, &v) == PMUSIM_OK && v == 0, "x0");

    /* errors: a hart, a register, CSRs the hart does not have, a read-only CSR */
    CHECK(pmusim_session_read_reg(s, 1, X_S1, &v) == PMUSIM_ERR_RANGE, "hart 1 of 1");
    CHECK(strcmp(pmusim_session_error(s), "hart 1: the machine has 1 hart") == 0, "message: %s",
          pmusim_session_error(s));
    CHECK(pmusim_session_read_pc(s, -1, &v) == PMUSIM_ERR_RANGE, "hart -1");
    CHECK(pmusim_session_read_reg(s, 0, 32, &v) == PMUSIM_ERR_RANGE, "x32");
    CHECK(pmusim_session_write_reg(s, 0, -1, 0) == PMUSIM_ERR_RANGE, "x-1");
    CHECK(pmusim_session_read_csr(s, 0, 0x1000, &v) == PMUSIM_ERR_RANGE, "CSR 0x1000");
    CHECK(pmusim_session_read_csr(s, 0, 0x7ff, &v) == PMUSIM_ERR_RANGE, "CSR 0x7ff (none on virt32)");
    CHECK(strstr(pmusim_session_error(s), "no such CSR") != NULL, "message: %s", pmusim_session_error(s));
    CHECK(pmusim_session_write_csr(s, 0, 0x7ff, 1) == PMUSIM_ERR_RANGE, "write CSR 0x7ff");
    CHECK(pmusim_session_write_csr(s, 0, CSR_MHARTID, 1) == PMUSIM_ERR_RANGE, "write mhartid");
    CHECK(strstr(pmusim_session_error(s), "read-only") != NULL, "message: %s", pmusim_session_error(s));

    /* s1 = 5: five more iterations; minstret and mhpmcounter3 (counting branches) written */
    const unsigned j = 5;
    CHECK(pmusim_session_write_reg(s, 0, X_S1, j) == PMUSIM_OK, "write s1");
    CHECK(pmusim_session_write_reg(s, 0, 0, 123) == PMUSIM_OK, "write x0");
    CHECK(pmusim_session_read_reg(s, 0, 0, &v) == PMUSIM_OK && v == 0, "x0 after a write");
    CHECK(pmusim_session_write_reg(s, 0, X_S2, 0x100000000ull + 7) == PMUSIM_OK, "write s2");
    CHECK(pmusim_session_read_reg(s, 0, X_S2, &v) == PMUSIM_OK && v == 7, "RV32 s2 keeps 32 bits: %llu",
          (unsigned long long)v);
    CHECK(pmusim_session_write_csr(s, 0, CSR_MINSTRET, 1000000) == PMUSIM_OK, "write minstret");
    CHECK(pmusim_session_read_csr(s, 0, CSR_MINSTRET, &v) == PMUSIM_OK && v == 1000000, "minstret %llu",
          (unsigned long long)v);
    CHECK(pmusim_session_write_csr(s, 0, CSR_MHPMEVENT3, EVENT_BRANCHES) == PMUSIM_OK, "write mhpmevent3");
    CHECK(pmusim_session_read_csr(s, 0, CSR_MHPMEVENT3, &v) == PMUSIM_OK && v == EVENT_BRANCHES,
          "mhpmevent3 %llu", (unsigned long long)v);
    CHECK(pmusim_session_write_csr(s, 0, CSR_MHPMCOUNTER3, 100) == PMUSIM_OK, "write mhpmcounter3");
    CHECK(pmusim_session_read_csr(s, 0, CSR_MHPMCOUNTER3, &v) == PMUSIM_OK && v == 100, "mhpmcounter3 %llu",
          (unsigned long long)v);

    stop = pmusim_session_run(s);
    CHECK(stop == PMUSIM_STOP_EXIT, "jit %d: run: %d %s", jit, stop, pmusim_session_error(s));
    CHECK(pmusim_session_exit_status(s) == 5, "exit status %d", pmusim_session_exit_status(s));
    uint64_t total = 2 + 3 * k + 3 * j + 4;
    CHECK(pmusim_session_read_count(s, insns, &v) == PMUSIM_OK && v == total,
          "jit %d: instructions %llu, expected %llu", jit, (unsigned long long)v, (unsigned long long)total);
    CHECK(pmusim_session_read_count(s, branches, &v) == PMUSIM_OK && v == k + j, "jit %d: branches %llu", jit,
          (unsigned long long)v);
    /* after the end: the counters went on from the values written */
    CHECK(pmusim_session_read_csr(s, 0, CSR_MINSTRET, &v) == PMUSIM_OK && v == 1000000 + 3 * j + 4,
          "jit %d: minstret at the end %llu", jit, (unsigned long long)v);
    CHECK(pmusim_session_read_csr(s, 0, CSR_MHPMCOUNTER3, &v) == PMUSIM_OK && v == 100 + j,
          "jit %d: mhpmcounter3 at the end %llu", jit, (unsigned long long)v);
    CHECK(pmusim_session_read_reg(s, 0, X_S1, &v) == PMUSIM_OK && v == 0, "s1 at the end %llu",
          (unsigned long long)v);
    CHECK(pmusim_session_read_reg(s, 0, X_S2, &v) == PMUSIM_OK && v == 7 + 5 + 4 + 3 + 2 + 1,
          "s2 at the end %llu", (unsigned long long)v);
    pmusim_session_free(s);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s PMUSIM_CLI GUEST_DIR\n", argv[0]);
        return 2;
    }
    cli = argv[1];
    guests = argv[2];
    test_console_callback();
    test_errors_before_start();
    test_stepwise(0);
    test_stepwise(1);
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("library.api: all checks passed\n");
    return failures ? 1 : 0;
}
