/*
 * matmul [N [REPS]]: multiply two N x N matrices of doubles REPS times (defaults 128 and 1)
 * with the plain i-k-j loop, and print a checksum. A small, deterministic compute kernel
 * for perf stat/record/report/annotate on Linux: the hot loop is in multiply().
 */
#include <stdio.h>
#include <stdlib.h>

static void __attribute__((noinline))
multiply(int n, const double *a, const double *b, double *c)
{
    for (int i = 0; i < n; i++) {
        double *ci = c + (size_t)i * n;
        for (int j = 0; j < n; j++)
            ci[j] = 0.0;
        for (int k = 0; k < n; k++) {
            double aik = a[(size_t)i * n + k];
            const double *bk = b + (size_t)k * n;
            for (int j = 0; j < n; j++)
                ci[j] += aik * bk[j];
        }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 128;
    int reps = argc > 2 ? atoi(argv[2]) : 1;
    if (n <= 0 || reps <= 0) {
        fprintf(stderr, "usage: matmul [N [REPS]]\n");
        return 2;
    }
    double *a = malloc(sizeof(double) * n * n);
    double *b = malloc(sizeof(double) * n * n);
    double *c = malloc(sizeof(double) * n * n);
    if (!a || !b || !c) {
        fprintf(stderr, "matmul: out of memory\n");
        return 1;
    }
    for (int i = 0; i < n * n; i++) {
        a[i] = (double)(i % 7) - 3.0;
        b[i] = (double)(i % 5) * 0.5;
    }
    for (int r = 0; r < reps; r++)
        multiply(n, a, b, c);
    double sum = 0.0;
    for (int i = 0; i < n * n; i++)
        sum += c[i];
    printf("matmul %d x %d, %d rep%s: checksum %.1f\n", n, n, reps, reps == 1 ? "" : "s", sum);
    free(a);
    free(b);
    free(c);
    return 0;
}
