/*
 * vm: a small bytecode interpreter, a benchmark of a different character than coremark: a
 * dispatch loop over a switch (an indirect jump through a table, hard to predict), branchy
 * handlers and a stack in memory.
 *
 * The bytecode program computes the total number of Collatz steps of every n in [1, LIMIT]
 * (x -> x/2 if even, 3x+1 if odd, until 1), with register and stack operations. The program
 * checks itself: the same total computed by a plain C loop must match, and so must the largest
 * number of steps and the n that takes them.
 */
#include "pmusim_example.h"

#ifndef LIMIT
#define LIMIT 20000
#endif

enum op {
    PUSH, /* push imm */
    LOAD, /* push r[imm] */
    STORE, /* r[imm] = pop */
    ADD,
    SUB,
    MUL,
    AND,
    SHR, /* a >> b */
    LT, /* a < b */
    EQ,
    JZ, /* pop; jump to imm if 0 */
    JMP,
    HALT,
};

typedef struct insn {
    uint8_t op;
    int32_t imm;
} insn_t;

/* r0 n, r1 total steps, r2 x, r3 steps of n, r4 the most steps, r5 the n with the most */
static const insn_t program[] = {
    /* 0 */ { PUSH, 1 },   { STORE, 0 }, { PUSH, 0 }, { STORE, 1 }, { PUSH, 0 }, { STORE, 4 },
    /* 6: for each n */
    { LOAD, 0 },  { STORE, 2 }, { PUSH, 0 },  { STORE, 3 },
    /* 10: while x != 1 */
    { LOAD, 2 },  { PUSH, 1 },  { EQ, 0 },    { JZ, 15 },   { JMP, 37 },
    /* 15: odd? */
    { LOAD, 2 },  { PUSH, 1 },  { AND, 0 },   { JZ, 28 },
    /* 19: x = 3x + 1 */
    { LOAD, 2 },  { PUSH, 3 },  { MUL, 0 },   { PUSH, 1 },  { ADD, 0 },  { STORE, 2 }, { JMP, 32 },
    /* 26: (unused) */
    { HALT, 0 },  { HALT, 0 },
    /* 28: x = x >> 1 */
    { LOAD, 2 },  { PUSH, 1 },  { SHR, 0 },   { STORE, 2 },
    /* 32: steps++ */
    { LOAD, 3 },  { PUSH, 1 },  { ADD, 0 },   { STORE, 3 }, { JMP, 10 },
    /* 37: total += steps; a new maximum? */
    { LOAD, 1 },  { LOAD, 3 },  { ADD, 0 },   { STORE, 1 },
    { LOAD, 4 },  { LOAD, 3 },  { LT, 0 },    { JZ, 50 },
    { LOAD, 3 },  { STORE, 4 }, { LOAD, 0 },  { STORE, 5 }, { JMP, 50 },
    /* 50: n++, while n <= LIMIT */
    { LOAD, 0 },  { PUSH, 1 },  { ADD, 0 },   { STORE, 0 },
    { LOAD, 0 },  { PUSH, LIMIT + 1 }, { LT, 0 }, { JZ, 59 }, { JMP, 6 },
    /* 59 */ { HALT, 0 },
};

static uint32_t reg[8];

static void run(const insn_t *code)
{
    uint32_t stack[16], *sp = stack, pc = 0;
    for (;;) {
        const insn_t *i = &code[pc++];
        uint32_t a, b;
        switch (i->op) {
        case PUSH: *sp++ = (uint32_t)i->imm; break;
        case LOAD: *sp++ = reg[i->imm]; break;
        case STORE: reg[i->imm] = *--sp; break;
        case ADD: b = *--sp; a = *--sp; *sp++ = a + b; break;
        case SUB: b = *--sp; a = *--sp; *sp++ = a - b; break;
        case MUL: b = *--sp; a = *--sp; *sp++ = a * b; break;
        case AND: b = *--sp; a = *--sp; *sp++ = a & b; break;
        case SHR: b = *--sp; a = *--sp; *sp++ = a >> (b & 31); break;
        case LT: b = *--sp; a = *--sp; *sp++ = a < b; break;
        case EQ: b = *--sp; a = *--sp; *sp++ = a == b; break;
        case JZ:
            if (*--sp == 0)
                pc = (uint32_t)i->imm;
            break;
        case JMP: pc = (uint32_t)i->imm; break;
        default: return;
        }
    }
}

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "vm");
    run(program);
    uint32_t total = 0, most = 0, most_n = 0;
    for (uint32_t n = 1; n <= LIMIT; n++) {
        uint32_t x = n, steps = 0;
        while (x != 1) {
            x = (x & 1) ? 3 * x + 1 : x >> 1;
            steps++;
        }
        total += steps;
        if (steps > most) {
            most = steps;
            most_n = n;
        }
    }
    ex_check(&ex, reg[1] == total, "total steps as computed natively");
    ex_check(&ex, reg[4] == most && reg[5] == most_n, "the most steps and its n as computed natively");
    rt_printf("vm: collatz 1..%u: %u steps, most %u (n = %u)\n", (unsigned)LIMIT, (unsigned)reg[1],
              (unsigned)reg[4], (unsigned)reg[5]);
    ex_report(&ex, reg[1] * 0x9E3779B1u ^ reg[4] ^ reg[5] << 16);
    return ex_finish(&ex);
}
