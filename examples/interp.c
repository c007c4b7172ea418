/*
 * interp: a small stack-machine bytecode interpreter with a tiny assembler.
 * Runs four bytecode programs (iterative Fibonacci, recursive Fibonacci with
 * CALL/RET, a prime sieve, Collatz step counts) and compares every result with
 * the same computation written directly in C (primes by trial division).
 */
#include <string.h>

#include "pmusim_example.h"

enum {
    OP_HALT, OP_PUSH, OP_POP, OP_DUP, OP_SWAP, OP_OVER,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND, OP_SHR,
    OP_LT, OP_EQ, OP_NOT,
    OP_JMP, OP_JZ, OP_JNZ, OP_CALL, OP_RET,
    OP_LOAD, OP_STORE, OP_LOADM, OP_STOREM, OP_OUT,
    OP_COUNT
};

/* ---- assembler -------------------------------------------------------- */

#define CODE_MAX 512
#define LABELS 16

typedef struct {
    int32_t code[CODE_MAX];
    int len;
    int label[LABELS];
    int fix_at[64], fix_label[64], nfix;
    int error;
} asm_t;

static void as_init(asm_t *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < LABELS; i++)
        a->label[i] = -1;
}
static void op(asm_t *a, int o)
{
    if (a->len < CODE_MAX)
        a->code[a->len++] = o;
    else
        a->error = 1;
}
static void opi(asm_t *a, int o, int32_t imm)
{
    op(a, o);
    op(a, imm);
}
/* jump or call to a label, resolved by as_end */
static void opl(asm_t *a, int o, int lbl)
{
    op(a, o);
    if (a->nfix < 64) {
        a->fix_at[a->nfix] = a->len;
        a->fix_label[a->nfix++] = lbl;
    } else {
        a->error = 1;
    }
    op(a, 0);
}
static void here(asm_t *a, int lbl) { a->label[lbl] = a->len; }
static int as_end(asm_t *a)
{
    for (int i = 0; i < a->nfix; i++) {
        int target = a->label[a->fix_label[i]];
        if (target < 0)
            a->error = 1;
        a->code[a->fix_at[i]] = target;
    }
    return !a->error;
}

/* ---- interpreter ------------------------------------------------------- */

#define STACK 256
#define RSTACK 64
#define VARS 8
#define MEM 4096
#define OUT_MAX 64

typedef struct {
    int32_t mem[MEM];
    int32_t out[OUT_MAX];
    int nout;
    uint32_t steps;
} vm_t;

enum { VM_OK = 0, VM_STACK = 1, VM_RSTACK = 2, VM_MEM = 3, VM_OPCODE = 4, VM_DIV0 = 5, VM_PC = 6 };

static int vm_run(vm_t *vm, const int32_t *code, int len)
{
    int32_t st[STACK], vars[VARS] = {0};
    int rst[RSTACK];
    int sp = 0, rsp = 0, pc = 0;
    uint32_t steps = 0;
    vm->nout = 0;

#define NEED(n) if (sp < (n)) return VM_STACK
#define ROOM(n) if (sp + (n) > STACK) return VM_STACK
    for (;;) {
        if (pc < 0 || pc >= len)
            return VM_PC;
        int32_t o = code[pc++];
        steps++;
        switch (o) {
        case OP_HALT:
            vm->steps = steps;
            return VM_OK;
        case OP_PUSH: ROOM(1); st[sp++] = code[pc++]; break;
        case OP_POP: NEED(1); sp--; break;
        case OP_DUP: NEED(1); ROOM(1); st[sp] = st[sp - 1]; sp++; break;
        case OP_SWAP: { NEED(2); int32_t t = st[sp - 1]; st[sp - 1] = st[sp - 2]; st[sp - 2] = t; break; }
        case OP_OVER: NEED(2); ROOM(1); st[sp] = st[sp - 2]; sp++; break;
        case OP_ADD: NEED(2); sp--; st[sp - 1] = (int32_t)((uint32_t)st[sp - 1] + (uint32_t)st[sp]); break;
        case OP_SUB: NEED(2); sp--; st[sp - 1] = (int32_t)((uint32_t)st[sp - 1] - (uint32_t)st[sp]); break;
        case OP_MUL: NEED(2); sp--; st[sp - 1] = (int32_t)((uint32_t)st[sp - 1] * (uint32_t)st[sp]); break;
        case OP_DIV: NEED(2); sp--; if (!st[sp]) return VM_DIV0; st[sp - 1] /= st[sp]; break;
        case OP_MOD: NEED(2); sp--; if (!st[sp]) return VM_DIV0; st[sp - 1] %= st[sp]; break;
        case OP_AND: NEED(2); sp--; st[sp - 1] &= st[sp]; break;
        case OP_SHR: NEED(2); sp--; st[sp - 1] = (int32_t)((uint32_t)st[sp - 1] >> (st[sp] & 31)); break;
        case OP_LT: NEED(2); sp--; st[sp - 1] = st[sp - 1] < st[sp]; break;
        case OP_EQ: NEED(2); sp--; st[sp - 1] = st[sp - 1] == st[sp]; break;
        case OP_NOT: NEED(1); st[sp - 1] = !st[sp - 1]; break;
        case OP_JMP: pc = code[pc]; break;
        case OP_JZ: NEED(1); pc = st[--sp] == 0 ? code[pc] : pc + 1; break;
        case OP_JNZ: NEED(1); pc = st[--sp] != 0 ? code[pc] : pc + 1; break;
        case OP_CALL:
            if (rsp == RSTACK)
                return VM_RSTACK;
            rst[rsp++] = pc + 1;
            pc = code[pc];
            break;
        case OP_RET:
            if (rsp == 0)
                return VM_RSTACK;
            pc = rst[--rsp];
            break;
        case OP_LOAD: {
            int32_t v = code[pc++];
            if ((uint32_t)v >= VARS) return VM_MEM;
            ROOM(1);
            st[sp++] = vars[v];
            break;
        }
        case OP_STORE: {
            int32_t v = code[pc++];
            if ((uint32_t)v >= VARS) return VM_MEM;
            NEED(1);
            vars[v] = st[--sp];
            break;
        }
        case OP_LOADM:
            NEED(1);
            if ((uint32_t)st[sp - 1] >= MEM) return VM_MEM;
            st[sp - 1] = vm->mem[st[sp - 1]];
            break;
        case OP_STOREM: /* [value addr] -> mem[addr] = value */
            NEED(2);
            if ((uint32_t)st[sp - 1] >= MEM) return VM_MEM;
            vm->mem[st[sp - 1]] = st[sp - 2];
            sp -= 2;
            break;
        case OP_OUT:
            NEED(1);
            if (vm->nout == OUT_MAX) return VM_MEM;
            vm->out[vm->nout++] = st[--sp];
            break;
        default:
            return VM_OPCODE;
        }
    }
#undef NEED
#undef ROOM
}

/* ---- programs ----------------------------------------------------------- */

#define FIB_N 47
#define RFIB_N 16
#define SIEVE_N 3000
#define COLLATZ_N 200

/* outputs fib(0..FIB_N-1) mod 2^32; vars: 0 = a, 1 = b, 2 = k */
static void prog_fib(asm_t *a)
{
    enum { LOOP, END };
    as_init(a);
    opi(a, OP_PUSH, 0); opi(a, OP_STORE, 0);
    opi(a, OP_PUSH, 1); opi(a, OP_STORE, 1);
    opi(a, OP_PUSH, 0); opi(a, OP_STORE, 2);
    here(a, LOOP);
    opi(a, OP_LOAD, 2); opi(a, OP_PUSH, FIB_N); op(a, OP_LT); opl(a, OP_JZ, END);
    opi(a, OP_LOAD, 0); op(a, OP_OUT);
    opi(a, OP_LOAD, 0); opi(a, OP_LOAD, 1); op(a, OP_ADD);   /* a+b */
    opi(a, OP_LOAD, 1); opi(a, OP_STORE, 0);                  /* a = b */
    opi(a, OP_STORE, 1);                                       /* b = a+b */
    opi(a, OP_LOAD, 2); opi(a, OP_PUSH, 1); op(a, OP_ADD); opi(a, OP_STORE, 2);
    opl(a, OP_JMP, LOOP);
    here(a, END);
    op(a, OP_HALT);
}

/* recursive fib(RFIB_N): fib: [n] -> [fib(n)] */
static void prog_rfib(asm_t *a)
{
    enum { FIB, BASE };
    as_init(a);
    opi(a, OP_PUSH, RFIB_N); opl(a, OP_CALL, FIB); op(a, OP_OUT); op(a, OP_HALT);
    here(a, FIB);
    op(a, OP_DUP); opi(a, OP_PUSH, 2); op(a, OP_LT); opl(a, OP_JNZ, BASE);
    op(a, OP_DUP); opi(a, OP_PUSH, 1); op(a, OP_SUB); opl(a, OP_CALL, FIB);   /* [n f(n-1)] */
    op(a, OP_SWAP); opi(a, OP_PUSH, 2); op(a, OP_SUB); opl(a, OP_CALL, FIB);  /* [f(n-1) f(n-2)] */
    op(a, OP_ADD);
    here(a, BASE);
    op(a, OP_RET);
}

/* sieve in mem[0..SIEVE_N]; outputs count and sum of primes. vars: 0 = i/k, 1 = j, 2 = count, 3 = sum */
static void prog_sieve(asm_t *a)
{
    enum { LOOP_I, LOOP_J, NEXT_I, COUNT, LOOP_K, SKIP, END };
    as_init(a);
    opi(a, OP_PUSH, 2); opi(a, OP_STORE, 0);
    here(a, LOOP_I);
    opi(a, OP_LOAD, 0); op(a, OP_DUP); op(a, OP_MUL); opi(a, OP_PUSH, SIEVE_N + 1); op(a, OP_LT);
    opl(a, OP_JZ, COUNT);
    opi(a, OP_LOAD, 0); op(a, OP_LOADM); opl(a, OP_JNZ, NEXT_I);
    opi(a, OP_LOAD, 0); op(a, OP_DUP); op(a, OP_MUL); opi(a, OP_STORE, 1);
    here(a, LOOP_J);
    opi(a, OP_LOAD, 1); opi(a, OP_PUSH, SIEVE_N + 1); op(a, OP_LT); opl(a, OP_JZ, NEXT_I);
    opi(a, OP_PUSH, 1); opi(a, OP_LOAD, 1); op(a, OP_STOREM);
    opi(a, OP_LOAD, 1); opi(a, OP_LOAD, 0); op(a, OP_ADD); opi(a, OP_STORE, 1);
    opl(a, OP_JMP, LOOP_J);
    here(a, NEXT_I);
    opi(a, OP_LOAD, 0); opi(a, OP_PUSH, 1); op(a, OP_ADD); opi(a, OP_STORE, 0);
    opl(a, OP_JMP, LOOP_I);
    here(a, COUNT);
    opi(a, OP_PUSH, 2); opi(a, OP_STORE, 0);
    opi(a, OP_PUSH, 0); opi(a, OP_STORE, 2);
    opi(a, OP_PUSH, 0); opi(a, OP_STORE, 3);
    here(a, LOOP_K);
    opi(a, OP_LOAD, 0); opi(a, OP_PUSH, SIEVE_N + 1); op(a, OP_LT); opl(a, OP_JZ, END);
    opi(a, OP_LOAD, 0); op(a, OP_LOADM); opl(a, OP_JNZ, SKIP);
    opi(a, OP_LOAD, 2); opi(a, OP_PUSH, 1); op(a, OP_ADD); opi(a, OP_STORE, 2);
    opi(a, OP_LOAD, 3); opi(a, OP_LOAD, 0); op(a, OP_ADD); opi(a, OP_STORE, 3);
    here(a, SKIP);
    opi(a, OP_LOAD, 0); opi(a, OP_PUSH, 1); op(a, OP_ADD); opi(a, OP_STORE, 0);
    opl(a, OP_JMP, LOOP_K);
    here(a, END);
    opi(a, OP_LOAD, 2); op(a, OP_OUT); opi(a, OP_LOAD, 3); op(a, OP_OUT);
    op(a, OP_HALT);
}

/* total Collatz steps for 1..COLLATZ_N and the n with the most steps.
   vars: 0 = n, 1 = x, 2 = steps of n, 3 = total, 4 = best steps, 5 = best n */
static void prog_collatz(asm_t *a)
{
    enum { LOOP_N, LOOP_X, EVEN, STEP, DONE_X, NOT_BEST, END };
    as_init(a);
    opi(a, OP_PUSH, 1); opi(a, OP_STORE, 0);
    here(a, LOOP_N);
    opi(a, OP_LOAD, 0); opi(a, OP_PUSH, COLLATZ_N + 1); op(a, OP_LT); opl(a, OP_JZ, END);
    opi(a, OP_LOAD, 0); opi(a, OP_STORE, 1); opi(a, OP_PUSH, 0); opi(a, OP_STORE, 2);
    here(a, LOOP_X);
    opi(a, OP_LOAD, 1); opi(a, OP_PUSH, 1); op(a, OP_EQ); opl(a, OP_JNZ, DONE_X);
    opi(a, OP_LOAD, 1); opi(a, OP_PUSH, 2); op(a, OP_MOD); opl(a, OP_JZ, EVEN);
    opi(a, OP_LOAD, 1); opi(a, OP_PUSH, 3); op(a, OP_MUL); opi(a, OP_PUSH, 1); op(a, OP_ADD);
    opl(a, OP_JMP, STEP);
    here(a, EVEN);
    opi(a, OP_LOAD, 1); opi(a, OP_PUSH, 2); op(a, OP_DIV);
    here(a, STEP);
    opi(a, OP_STORE, 1);
    opi(a, OP_LOAD, 2); opi(a, OP_PUSH, 1); op(a, OP_ADD); opi(a, OP_STORE, 2);
    opl(a, OP_JMP, LOOP_X);
    here(a, DONE_X);
    opi(a, OP_LOAD, 3); opi(a, OP_LOAD, 2); op(a, OP_ADD); opi(a, OP_STORE, 3);
    opi(a, OP_LOAD, 4); opi(a, OP_LOAD, 2); op(a, OP_LT); opl(a, OP_JZ, NOT_BEST);
    opi(a, OP_LOAD, 2); opi(a, OP_STORE, 4); opi(a, OP_LOAD, 0); opi(a, OP_STORE, 5);
    here(a, NOT_BEST);
    opi(a, OP_LOAD, 0); opi(a, OP_PUSH, 1); op(a, OP_ADD); opi(a, OP_STORE, 0);
    opl(a, OP_JMP, LOOP_N);
    here(a, END);
    opi(a, OP_LOAD, 3); op(a, OP_OUT); opi(a, OP_LOAD, 5); op(a, OP_OUT); opi(a, OP_LOAD, 4);
    op(a, OP_OUT);
    op(a, OP_HALT);
}

/* ---- native reference computations ---------------------------------------- */

static uint32_t native_rfib(int n) { return n < 2 ? (uint32_t)n : native_rfib(n - 1) + native_rfib(n - 2); }

static int is_prime_trial(int n)
{
    if (n < 2)
        return 0;
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static vm_t vm;
static asm_t as;

static uint32_t hash_out(uint32_t h, const vm_t *v)
{
    for (int i = 0; i < v->nout; i++)
        h = (h ^ (uint32_t)v->out[i]) * 0x01000193u;
    return h;
}

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "interp");
    uint32_t checksum = 0x811C9DC5u, total_steps = 0;
    int rc;

    /* 1. iterative Fibonacci */
    prog_fib(&as);
    ex_check(&ex, as_end(&as), "assemble fib");
    rc = vm_run(&vm, as.code, as.len);
    ex_check(&ex, rc == VM_OK && vm.nout == FIB_N, "run fib");
    uint32_t fa = 0, fb = 1, ok = 1;
    for (int i = 0; i < FIB_N && i < vm.nout; i++) {
        ok &= (uint32_t)vm.out[i] == fa;
        uint32_t t = fa + fb;
        fa = fb;
        fb = t;
    }
    ex_check(&ex, ok, "fib values");
    rt_printf("interp: fib: %d values, fib(%d)=%u, %u steps\n", vm.nout, FIB_N - 1,
              (unsigned)vm.out[FIB_N - 1], (unsigned)vm.steps);
    checksum = hash_out(checksum, &vm);
    total_steps += vm.steps;

    /* 2. recursive Fibonacci */
    prog_rfib(&as);
    ex_check(&ex, as_end(&as), "assemble rfib");
    rc = vm_run(&vm, as.code, as.len);
    ex_check(&ex, rc == VM_OK && vm.nout == 1, "run rfib");
    ex_check(&ex, (uint32_t)vm.out[0] == native_rfib(RFIB_N), "rfib value");
    rt_printf("interp: rfib(%d)=%d, %u steps\n", RFIB_N, (int)vm.out[0], (unsigned)vm.steps);
    checksum = hash_out(checksum, &vm);
    total_steps += vm.steps;

    /* 3. sieve */
    prog_sieve(&as);
    ex_check(&ex, as_end(&as), "assemble sieve");
    memset(vm.mem, 0, sizeof vm.mem);
    rc = vm_run(&vm, as.code, as.len);
    ex_check(&ex, rc == VM_OK && vm.nout == 2, "run sieve");
    int count = 0;
    uint32_t sum = 0;
    for (int n = 2; n <= SIEVE_N; n++)
        if (is_prime_trial(n)) {
            count++;
            sum += (uint32_t)n;
        }
    ex_check(&ex, vm.out[0] == count && (uint32_t)vm.out[1] == sum, "sieve == trial division");
    ex_check(&ex, count == 430, "430 primes <= 3000");
    rt_printf("interp: sieve(%d): %d primes, sum %d, %u steps\n", SIEVE_N, (int)vm.out[0],
              (int)vm.out[1], (unsigned)vm.steps);
    checksum = hash_out(checksum, &vm);
    total_steps += vm.steps;

    /* 4. Collatz */
    prog_collatz(&as);
    ex_check(&ex, as_end(&as), "assemble collatz");
    rc = vm_run(&vm, as.code, as.len);
    ex_check(&ex, rc == VM_OK && vm.nout == 3, "run collatz");
    uint32_t total = 0, best = 0, best_n = 0;
    for (uint32_t n = 1; n <= COLLATZ_N; n++) {
        uint32_t x = n, s = 0;
        while (x != 1) {
            x = (x & 1) ? 3 * x + 1 : x >> 1;
            s++;
        }
        total += s;
        if (s > best) {
            best = s;
            best_n = n;
        }
    }
    ex_check(&ex, (uint32_t)vm.out[0] == total && (uint32_t)vm.out[1] == best_n &&
                      (uint32_t)vm.out[2] == best,
             "collatz == native");
    rt_printf("interp: collatz(1..%d): %d steps total, longest n=%d (%d), %u steps\n", COLLATZ_N,
              (int)vm.out[0], (int)vm.out[1], (int)vm.out[2], (unsigned)vm.steps);
    checksum = hash_out(checksum, &vm);
    total_steps += vm.steps;

    rt_printf("interp: %u bytecode instructions executed\n", (unsigned)total_steps);
    ex_report(&ex, checksum ^ total_steps);
    return ex_finish(&ex);
}
