/* A small x86-64 instruction encoder: just the forms the translator (jit/jit.c) emits.
 *
 * Operands are 64-bit registers (X_RAX ... X_R15) and memory [base + disp] or [base + index + disp]. The
 * `w` argument selects the 64-bit form (REX.W); without it the 32-bit form, which zero-extends
 * its result into the whole register. Encodings: Intel SDM volume 2. */
#ifndef PMUSIM_JIT_EMIT_X86_64_H
#define PMUSIM_JIT_EMIT_X86_64_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum x_reg {
    X_RAX,
    X_RCX,
    X_RDX,
    X_RBX,
    X_RSP,
    X_RBP,
    X_RSI,
    X_RDI,
    X_R8,
    X_R9,
    X_R10,
    X_R11,
    X_R12,
    X_R13,
    X_R14,
    X_R15
};
enum x_cc {
    X_CC_B = 2,
    X_CC_AE = 3,
    X_CC_E = 4,
    X_CC_NE = 5,
    X_CC_A = 7,
    X_CC_L = 0xc,
    X_CC_GE = 0xd,
    X_CC_LE = 0xe,
    X_CC_G = 0xf
};
/* ALU opcodes "op r, r/m" and their /digit in the 0x81 immediate group */
enum x_alu { X_ADD = 0, X_OR = 1, X_ADC = 2, X_SBB = 3, X_AND = 4, X_SUB = 5, X_XOR = 6, X_CMP = 7 };
/* /digit of the shift group (0xC1 imm8, 0xD3 by cl) */
enum x_shift { X_ROL = 0, X_ROR = 1, X_SHL = 4, X_SHR = 5, X_SAR = 7 };

typedef struct x_emit {
    uint8_t *p, *end;
    bool full; /* ran out of room: the code is discarded */
} x_emit_t;

/* A register (index X_DIRECT) or memory operand. */
typedef struct x_mem {
    int base, index; /* index: -1 none */
    int32_t disp;
    unsigned scale; /* the index times 1 << scale */
} x_mem_t;
#define X_DIRECT (-2)
static inline x_mem_t x_r(int reg)
{
    return (x_mem_t){ reg, X_DIRECT, 0, 0 };
}
static inline x_mem_t x_m(int base, int32_t disp)
{
    return (x_mem_t){ base, -1, disp, 0 };
}
static inline x_mem_t x_mi(int base, int index)
{
    return (x_mem_t){ base, index, 0, 0 };
}
static inline x_mem_t x_mid(int base, int index, int32_t disp)
{
    return (x_mem_t){ base, index, disp, 0 };
}
static inline x_mem_t x_mis(int base, int index, unsigned scale)
{
    return (x_mem_t){ base, index, 0, scale };
}
static inline x_mem_t x_misd(int base, int index, unsigned scale, int32_t disp)
{
    return (x_mem_t){ base, index, disp, scale };
}

/* One instruction's bytes, gathered in a local buffer and then written with one test of the room
 * left (x_put). Written one by one through e->p, each byte may alias *e, so the compiler loaded
 * the cursor and the end again after every byte: x_b took 5 % of a Linux boot's host instructions. */
#define X_INS_MAX 16 /* the longest form emitted: movabs (10 bytes), or ModRM, SIB, disp32, imm32 */
typedef struct x_ins {
    uint8_t b[X_INS_MAX];
    unsigned n;
} x_ins_t;
static inline void xi_b(x_ins_t *x, unsigned v)
{
    x->b[x->n++] = (uint8_t)v;
}
static inline void xi_d(x_ins_t *x, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        xi_b(x, (v >> (8 * k)) & 0xff);
}
static inline void x_put(x_emit_t *e, const x_ins_t *x)
{
    size_t room = (size_t)(e->end - e->p);
    if (room >= X_INS_MAX) {
        memcpy(e->p, x->b, X_INS_MAX); /* the whole buffer: the bytes past n are written over next */
        e->p += x->n;
    } else if (room >= x->n) {
        memcpy(e->p, x->b, x->n);
        e->p += x->n;
    } else {
        e->full = true;
    }
}
/* One byte, as an instruction of its own (a prefix, or an immediate after x_op) */
static inline void x_b(x_emit_t *e, unsigned v)
{
    x_ins_t x = { .b = { (uint8_t)v }, .n = 1 };
    x_put(e, &x);
}

/* Prefixes, opcode (1-3 bytes, high byte first in `op`), ModRM/SIB/displacement, then an immediate
 * of isize bytes (0, 1 or 4). `byte_reg`: reg is an 8-bit register (a REX prefix makes 4-7
 * spl..dil rather than ah..bh). */
static inline void x_op_imm(x_emit_t *e, bool w, uint32_t op, int nop, int reg, x_mem_t m, bool byte_reg,
                            uint32_t imm, unsigned isize)
{
    x_ins_t x = { .n = 0 };
    unsigned rex = 0x40u | (w ? 8u : 0u) | ((reg & 8) ? 4u : 0u) | ((m.base & 8) ? 1u : 0u);
    if (m.index >= 0 && (m.index & 8))
        rex |= 2u;
    if (rex != 0x40u || (byte_reg && (reg & 7) >= 4 && reg < 8))
        xi_b(&x, rex);
    for (int k = nop - 1; k >= 0; k--)
        xi_b(&x, (op >> (8 * k)) & 0xff);
    unsigned r = (unsigned)reg & 7, b = (unsigned)m.base & 7;
    if (m.index == X_DIRECT) {
        xi_b(&x, 0xc0u | r << 3 | b);
    } else if (m.index >= 0) {
        unsigned sib = (m.scale & 3) << 6 | ((unsigned)m.index & 7) << 3 | b;
        /* rbp/r13 as base need a displacement, if only 0 */
        unsigned mod = m.disp == 0 && b != 5 ? 0u : m.disp >= -128 && m.disp <= 127 ? 1u : 2u;
        xi_b(&x, mod << 6 | 0x04u | r << 3);
        xi_b(&x, sib);
        if (mod == 1)
            xi_b(&x, (uint8_t)m.disp);
        else if (mod == 2)
            xi_d(&x, (uint32_t)m.disp);
    } else {
        unsigned mod = m.disp == 0 && b != 5 ? 0u : m.disp >= -128 && m.disp <= 127 ? 1u : 2u;
        xi_b(&x, mod << 6 | r << 3 | b);
        if (b == 4)
            xi_b(&x, 0x24); /* SIB: rsp/r12 as base */
        if (mod == 1)
            xi_b(&x, (uint8_t)m.disp);
        else if (mod == 2)
            xi_d(&x, (uint32_t)m.disp);
    }
    if (isize == 1)
        xi_b(&x, imm & 0xff);
    else if (isize == 4)
        xi_d(&x, imm);
    x_put(e, &x);
}

static inline void x_op(x_emit_t *e, bool w, uint32_t op, int nop, int reg, x_mem_t m, bool byte_reg)
{
    x_op_imm(e, w, op, nop, reg, m, byte_reg, 0, 0);
}

static inline void x_load(x_emit_t *e, bool w, int reg, x_mem_t m)
{
    x_op(e, w, 0x8b, 1, reg, m, false);
}
static inline void x_store(x_emit_t *e, bool w, x_mem_t m, int reg)
{
    x_op(e, w, 0x89, 1, reg, m, false);
}
static inline void x_mov(x_emit_t *e, int dst, int src)
{
    x_load(e, true, dst, x_r(src));
}
/* op reg, r/m (add 03, or 0b, and 23, sub 2b, xor 33, cmp 3b) */
static inline void x_alu(x_emit_t *e, bool w, enum x_alu a, int reg, x_mem_t m)
{
    x_op(e, w, (uint32_t)a * 8 + 3, 1, reg, m, false);
}
static inline void x_alu_imm(x_emit_t *e, bool w, enum x_alu a, x_mem_t m, int32_t imm)
{
    if (imm >= -128 && imm <= 127)
        x_op_imm(e, w, 0x83, 1, (int)a, m, false, (uint32_t)imm, 1);
    else
        x_op_imm(e, w, 0x81, 1, (int)a, m, false, (uint32_t)imm, 4);
}
static inline void x_shift_imm(x_emit_t *e, bool w, enum x_shift s, int reg, unsigned n)
{
    x_op_imm(e, w, 0xc1, 1, (int)s, x_r(reg), false, n, 1);
}
static inline void x_shift_cl(x_emit_t *e, bool w, enum x_shift s, int reg)
{
    x_op(e, w, 0xd3, 1, (int)s, x_r(reg), false);
}
/* mov reg, imm64 in its 10-byte form whatever the value: an address a copy of the code moves */
static inline void x_mov_imm64(x_emit_t *e, int reg, uint64_t v)
{
    x_ins_t x = { .n = 0 };
    xi_b(&x, 0x48u | ((reg & 8) ? 1u : 0u));
    xi_b(&x, 0xb8u + ((unsigned)reg & 7));
    xi_d(&x, (uint32_t)v);
    xi_d(&x, (uint32_t)(v >> 32));
    x_put(e, &x);
}
/* reg = v: the shortest of mov r32 (zero-extending), mov r/m64 imm32 (sign-extending), movabs */
static inline void x_mov_imm(x_emit_t *e, int reg, uint64_t v)
{
    if (v <= UINT32_MAX) {
        x_ins_t x = { .n = 0 };
        if (reg & 8)
            xi_b(&x, 0x41);
        xi_b(&x, 0xb8u + ((unsigned)reg & 7));
        xi_d(&x, (uint32_t)v);
        x_put(e, &x);
    } else if ((int64_t)v >= INT32_MIN && (int64_t)v <= INT32_MAX) {
        x_op_imm(e, true, 0xc7, 1, 0, x_r(reg), false, (uint32_t)v, 4);
    } else {
        x_mov_imm64(e, reg, v);
    }
}
/* push (0x50) or pop (0x58) */
static inline void x_push_pop(x_emit_t *e, unsigned op, int reg)
{
    x_ins_t x = { .n = 0 };
    if (reg & 8)
        xi_b(&x, 0x41);
    xi_b(&x, op + ((unsigned)reg & 7));
    x_put(e, &x);
}
static inline void x_push(x_emit_t *e, int reg)
{
    x_push_pop(e, 0x50, reg);
}
static inline void x_pop(x_emit_t *e, int reg)
{
    x_push_pop(e, 0x58, reg);
}
static inline void x_test(x_emit_t *e, bool w, int a, int b)
{
    x_op(e, w, 0x85, 1, b, x_r(a), false);
}
/* test reg8, imm8 (the register's low byte) */
static inline void x_test8_imm(x_emit_t *e, int reg, uint8_t imm)
{
    x_op_imm(e, false, 0xf6, 1, 0, x_r(reg), true, imm, 1);
}
/* movzx reg32, src's second byte (ah, ch, dh, bh: src rax..rbx), zero-extended: without a REX
 * prefix, so reg is one of eax..edi */
static inline void x_movzx_high8(x_emit_t *e, int reg, int src)
{
    x_ins_t x = {
        .b = { 0x0f, 0xb6, (uint8_t)(0xc0u | ((unsigned)reg & 7) << 3 | (4u + ((unsigned)src & 3))) }, .n = 3
    };
    x_put(e, &x);
}
static inline void x_lea(x_emit_t *e, bool w, int reg, x_mem_t m)
{
    x_op(e, w, 0x8d, 1, reg, m, false);
}
static inline void x_test_al(x_emit_t *e, uint8_t imm)
{
    x_ins_t x = { .b = { 0xa8, imm }, .n = 2 };
    x_put(e, &x);
}
static inline void x_setcc(x_emit_t *e, enum x_cc cc, int reg)
{
    x_op(e, false, 0x0f90u + cc, 2, 0, x_r(reg), true);
}
static inline void x_cmov(x_emit_t *e, bool w, enum x_cc cc, int reg, x_mem_t m)
{
    x_op(e, w, 0x0f40u + cc, 2, reg, m, false);
}
static inline void x_imul(x_emit_t *e, bool w, int reg, x_mem_t m)
{
    x_op(e, w, 0x0faf, 2, reg, m, false);
}
/* rdx:rax = rax * r/m: unsigned (mul, /4) or signed (imul, /5) */
static inline void x_mul_wide(x_emit_t *e, bool is_signed, x_mem_t m)
{
    x_op(e, true, 0xf7, 1, is_signed ? 5 : 4, m, false);
}
static inline void x_not(x_emit_t *e, bool w, int reg)
{
    x_op(e, w, 0xf7, 1, 2, x_r(reg), false);
}
static inline void x_movsxd(x_emit_t *e, int reg, x_mem_t m)
{
    x_op(e, true, 0x63, 1, reg, m, false);
}
/* movzx/movsx of a byte or word (0f b6, b7, be, bf) */
static inline void x_movx(x_emit_t *e, bool w, uint32_t op, int reg, x_mem_t m)
{
    x_op(e, w, op, 2, reg, m, false);
}
static inline void x_bswap(x_emit_t *e, bool w, int reg)
{
    if (w || (reg & 8))
        x_b(e, 0x40u | (w ? 8u : 0u) | ((reg & 8) ? 1u : 0u));
    x_b(e, 0x0f);
    x_b(e, 0xc8u + ((unsigned)reg & 7));
}
/* bt/bts/btr/btc r/m, reg (0f a3, ab, b3, bb) and the imm8 forms (0f ba /4../7) */
static inline void x_bt(x_emit_t *e, bool w, uint32_t op, x_mem_t m, int reg)
{
    x_op(e, w, op, 2, reg, m, false);
}
static inline void x_bt_imm(x_emit_t *e, bool w, int digit, int reg, unsigned n)
{
    x_op_imm(e, w, 0x0fba, 2, digit, x_r(reg), false, n, 1);
}
static inline void x_call_reg(x_emit_t *e, int reg)
{
    x_op(e, false, 0xff, 1, 2, x_r(reg), false);
}
static inline void x_jmp_reg(x_emit_t *e, int reg)
{
    x_op(e, false, 0xff, 1, 4, x_r(reg), false);
}
static inline void x_ret(x_emit_t *e)
{
    x_b(e, 0xc3);
}

/* Jumps with a 32-bit displacement: the returned position is patched with x_patch. */
static inline uint8_t *x_jcc(x_emit_t *e, enum x_cc cc)
{
    x_ins_t x = { .b = { 0x0f, (uint8_t)(0x80u + cc) }, .n = 6 };
    uint8_t *at = e->p + 2;
    x_put(e, &x);
    return e->full ? e->p : at;
}
static inline uint8_t *x_jmp(x_emit_t *e)
{
    x_ins_t x = { .b = { 0xe9 }, .n = 5 };
    uint8_t *at = e->p + 1;
    x_put(e, &x);
    return e->full ? e->p : at;
}
static inline void x_patch(x_emit_t *e, uint8_t *at, const uint8_t *target)
{
    if (e->full || !at)
        return;
    int32_t rel = (int32_t)(target - (at + 4));
    memcpy(at, &rel, 4);
}

#endif
