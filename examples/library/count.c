/* Counting a program's events with libpmusim: what `pmusim stat -x, -M MACHINE -e EVENT,...`
 * prints, from a C program of your own (docs/library.md).
 *
 *     cc count.c $(pkg-config --cflags --libs pmusim) -o count
 *     ./count virt32 prog.elf instructions branch-instructions
 *
 * prints one line per event, "VALUE,EVENT" (perf stat's CSV order), then "exit-status,N": what
 * `pmusim run` would exit with. Exits 0, or 1 after a message when the library refuses. */
#include <stdio.h>
#include <stdlib.h>

#include <pmusim/pmusim.h>

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s MACHINE PROGRAM.elf EVENT...\n", argv[0]);
        return 1;
    }
    char err[512];
    pmusim_session_t *s = pmusim_session_new(argv[1], err, sizeof err);
    if (!s) {
        fprintf(stderr, "count: %s\n", err);
        return 1;
    }
    int status = 1;
    int n_events = argc - 3;
    int *index = calloc((size_t)n_events, sizeof(*index));
    if (!index || pmusim_session_set_program(s, argv[2]) != PMUSIM_OK)
        goto out;
    for (int k = 0; k < n_events; k++)
        if ((index[k] = pmusim_session_add_event(s, argv[3 + k])) < 0)
            goto out;
    if (pmusim_session_run(s) < 0)
        goto out;
    for (int k = 0; k < n_events; k++) {
        uint64_t value;
        if (pmusim_session_read_count(s, index[k], &value) != PMUSIM_OK)
            goto out;
        printf("%llu,%s\n", (unsigned long long)value, pmusim_session_event_name(s, index[k]));
    }
    printf("exit-status,%d\n", pmusim_session_exit_status(s));
    status = 0;
out:
    if (status)
        fprintf(stderr, "count: %s\n", pmusim_session_error(s));
    free(index);
    pmusim_session_free(s);
    return status;
}
