/*
 * matrix: integer matrix multiply and transpose, checked with identities:
 * A*I == A, I*A == A, (A*B)^T == B^T * A^T, trace(A*B) == trace(B*A),
 * sum of all entries of A*B == sum_k colsum(A)[k] * rowsum(B)[k], and
 * (A*B)*C == A*(B*C).
 */
#include <string.h>

#include "pmusim_example.h"

#define N 20

typedef int32_t mat_t[N][N];

static mat_t A, B, C, I, T1, T2, T3, AB, BC;

static void mat_mul(mat_t r, mat_t x, mat_t y)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++)
                s += x[i][k] * y[k][j];
            r[i][j] = s;
        }
}

static void mat_transpose(mat_t r, mat_t x)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            r[j][i] = x[i][j];
}

static int mat_eq(mat_t x, mat_t y) { return memcmp(x, y, sizeof(mat_t)) == 0; }

static int64_t trace(mat_t x)
{
    int64_t t = 0;
    for (int i = 0; i < N; i++)
        t += x[i][i];
    return t;
}

/* trace(x*y) without forming the product */
static int64_t trace_of_product(mat_t x, mat_t y)
{
    int64_t t = 0;
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++)
            t += (int64_t)x[i][k] * y[k][i];
    return t;
}

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "matrix");
    uint32_t seed = 0xA5A5F00Du;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (int32_t)(ex_rand(&seed) % 201u) - 100;
            B[i][j] = (int32_t)(ex_rand(&seed) % 201u) - 100;
            C[i][j] = (int32_t)(ex_rand(&seed) % 21u) - 10;
            I[i][j] = i == j;
        }

    mat_mul(T1, A, I);
    ex_check(&ex, mat_eq(T1, A), "A*I == A");
    mat_mul(T1, I, A);
    ex_check(&ex, mat_eq(T1, A), "I*A == A");

    mat_mul(AB, A, B);
    mat_transpose(T1, AB);   /* (AB)^T */
    mat_transpose(T2, B);    /* B^T */
    mat_transpose(T3, A);    /* A^T */
    mat_mul(BC, T2, T3);     /* B^T A^T (BC used as scratch) */
    ex_check(&ex, mat_eq(T1, BC), "(A*B)^T == B^T*A^T");
    mat_transpose(T2, T1);
    ex_check(&ex, mat_eq(T2, AB), "transpose twice");

    int64_t tr_ab = trace(AB);
    mat_mul(T1, B, A);
    ex_check(&ex, tr_ab == trace(T1), "trace(AB) == trace(BA)");
    ex_check(&ex, tr_ab == trace_of_product(A, B), "trace(AB) direct");

    int64_t sum_ab = 0, sum_formula = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum_ab += AB[i][j];
    for (int k = 0; k < N; k++) {
        int64_t col = 0, row = 0;
        for (int i = 0; i < N; i++) {
            col += A[i][k];
            row += B[k][i];
        }
        sum_formula += col * row;
    }
    ex_check(&ex, sum_ab == sum_formula, "sum(AB) == colsum(A).rowsum(B)");

    mat_mul(T1, AB, C);  /* (AB)C */
    mat_mul(BC, B, C);
    mat_mul(T2, A, BC);  /* A(BC) */
    ex_check(&ex, mat_eq(T1, T2), "(AB)C == A(BC)");

    uint32_t checksum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            checksum = checksum * 33u + (uint32_t)T1[i][j];
    rt_printf("matrix: n=%d trace(AB)=%lld sum(AB)=%lld trace(ABC)=%lld\n", N, (long long)tr_ab,
              (long long)sum_ab, (long long)trace(T1));
    ex_report(&ex, checksum);
    return ex_finish(&ex);
}
