/* Table-driven decoder: the table is the only description of the ISA. It runs once per
 * instruction per block build; the harts look an instruction up among the encodings of its group
 * only (isa_decoder_t), a Linux boot decoding some 500,000 instructions. */
#include <stdio.h>

#include "isa/isa.h"

typedef struct insn_enc {
    const char *mnemonic;
    uint32_t match, mask;
    enum insn_format format;
    enum insn_op op;
    uint32_t ext;
    unsigned xlen;
} insn_enc_t;

static const insn_enc_t enc_table[] = {
#define E(mn, match, mask, fmt, op, ext, xlen) { mn, match, mask, fmt, OP_##op, ext, xlen },
    INSN_ENC_LIST(E)
#undef E
};
#define N_ENC (sizeof enc_table / sizeof enc_table[0])

static const evset_t op_events[OP_COUNT] = {
#define OP(name, events) [OP_##name] = (events),
    INSN_OP_LIST(OP)
#undef OP
};

static const char *const op_names[OP_COUNT] = {
#define OP(name, events) [OP_##name] = #name,
    INSN_OP_LIST(OP)
#undef OP
};

static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (int32_t)((v ^ m) - m);
}

static unsigned creg(uint32_t field)
{
    return 8 + (field & 7);
} /* rd'/rs1'/rs2' */

/* Extracts operands for `format`. Returns false for reserved encodings of the format. */
static bool extract(enum insn_format f, uint32_t r, unsigned xlen, decoded_insn_t *d)
{
    unsigned rd = (r >> 7) & 31, rs1 = (r >> 15) & 31, rs2 = (r >> 20) & 31;
    d->rd = d->rs1 = d->rs2 = 0;
    d->imm = 0;
    switch (f) {
    case F_NONE: return true;
    case F_R:
    case F_AMO:
        d->rd = rd;
        d->rs1 = rs1;
        d->rs2 = rs2;
        return true;
    case F_LR:
    case F_R1:
        d->rd = rd;
        d->rs1 = rs1;
        return true;
    case F_I:
        d->rd = rd;
        d->rs1 = rs1;
        d->imm = (int32_t)r >> 20;
        return true;
    case F_S:
        d->rs1 = rs1;
        d->rs2 = rs2;
        d->imm = (int32_t)(((int32_t)r >> 25) * 32) | (int32_t)((r >> 7) & 31);
        return true;
    case F_B:
        d->rs1 = rs1;
        d->rs2 = rs2;
        d->imm =
            sext(((r >> 19) & 0x1000) | ((r << 4) & 0x800) | ((r >> 20) & 0x7e0) | ((r >> 7) & 0x1e), 13);
        return true;
    case F_U:
        d->rd = rd;
        d->imm = (int32_t)(r & 0xfffff000u);
        return true;
    case F_J:
        d->rd = rd;
        d->imm = sext(((r >> 11) & 0x100000) | (r & 0xff000) | ((r >> 9) & 0x800) | ((r >> 20) & 0x7fe), 21);
        return true;
    case F_SHIFT:
        d->rd = rd;
        d->rs1 = rs1;
        d->imm = (r >> 20) & (xlen - 1);
        return true;
    case F_SHIFTW:
        d->rd = rd;
        d->rs1 = rs1;
        d->imm = (r >> 20) & 31;
        return true;
    case F_CSR:
        d->rd = rd;
        d->rs1 = rs1;
        d->imm = r >> 20;
        return true;
    case F_FP:
    case F_FP_R4: {
        unsigned rm = (r >> 12) & 7;
        d->rd = rd;
        d->rs1 = rs1;
        d->rs2 = rs2;
        d->imm = (int32_t)(rm | (f == F_FP_R4 ? (r >> 27) << 3 : 0));
        return rm != 5 && rm != 6; /* reserved; 7 (dynamic) is checked against frm at run time */
    }
    case F_CSRI:
        d->rd = rd;
        d->rs1 = rs1 /* uimm */;
        d->imm = r >> 20;
        return true;

    /* Compressed formats (RISC-V unprivileged spec, chapter "C" tables 16.5-16.7). */
    case F_C_NONE: return true;
    case F_CIW_ADDI4SPN:
        d->rd = creg(r >> 2);
        d->rs1 = 2;
        d->imm = ((r >> 7) & 0x30) | ((r >> 1) & 0x3c0) | ((r >> 4) & 0x4) | ((r >> 2) & 0x8);
        return d->imm != 0;
    case F_CL_W:
    case F_CL_D:
        d->rd = creg(r >> 2);
        d->rs1 = creg(r >> 7);
        d->imm = f == F_CL_W ? (((r >> 7) & 0x38) | ((r >> 4) & 4) | ((r << 1) & 0x40))
                             : (((r >> 7) & 0x38) | ((r << 1) & 0xc0));
        return true;
    case F_CS_W:
    case F_CS_D:
        d->rs2 = creg(r >> 2);
        d->rs1 = creg(r >> 7);
        d->imm = f == F_CS_W ? (((r >> 7) & 0x38) | ((r >> 4) & 4) | ((r << 1) & 0x40))
                             : (((r >> 7) & 0x38) | ((r << 1) & 0xc0));
        return true;
    case F_CI:
    case F_CI_ADDIW:
    case F_CI_LI:
        d->rd = rd;
        d->rs1 = f == F_CI_LI ? 0 : rd;
        d->imm = sext(((r >> 7) & 0x20) | ((r >> 2) & 0x1f), 6);
        return f != F_CI_ADDIW || rd != 0;
    case F_CI_ADDI16SP:
        d->rd = 2;
        d->rs1 = 2;
        d->imm = sext(((r >> 3) & 0x200) | ((r >> 2) & 0x10) | ((r << 1) & 0x40) | ((r << 4) & 0x180) |
                          ((r << 3) & 0x20),
                      10);
        return d->imm != 0;
    case F_CI_LUI:
        d->rd = rd;
        d->imm = sext(((r << 5) & 0x20000) | ((r << 10) & 0x1f000), 18);
        return d->imm != 0;
    case F_CB_SHIFT:
    case F_CI_SLLI: {
        unsigned sh = ((r >> 7) & 0x20) | ((r >> 2) & 0x1f);
        d->rd = f == F_CB_SHIFT ? creg(r >> 7) : rd;
        d->rs1 = d->rd;
        d->imm = (int32_t)sh;
        return xlen == 64 || sh < 32;
    }
    case F_CB_ANDI:
        d->rd = d->rs1 = creg(r >> 7);
        d->imm = sext(((r >> 7) & 0x20) | ((r >> 2) & 0x1f), 6);
        return true;
    case F_CA:
        d->rd = d->rs1 = creg(r >> 7);
        d->rs2 = creg(r >> 2);
        return true;
    case F_CJ:
    case F_CJAL:
        d->rd = f == F_CJAL ? 1 : 0;
        d->imm = sext(((r >> 1) & 0x800) | ((r >> 7) & 0x10) | ((r >> 1) & 0x300) | ((r << 2) & 0x400) |
                          ((r >> 1) & 0x40) | ((r << 1) & 0x80) | ((r >> 2) & 0xe) | ((r << 3) & 0x20),
                      12);
        return true;
    case F_CB_BRANCH:
        d->rs1 = creg(r >> 7);
        d->rs2 = 0;
        d->imm = sext(((r >> 4) & 0x100) | ((r >> 7) & 0x18) | ((r << 1) & 0xc0) | ((r >> 2) & 0x6) |
                          ((r << 3) & 0x20),
                      9);
        return true;
    case F_CI_LWSP:
        d->rd = rd;
        d->rs1 = 2;
        d->imm = ((r >> 7) & 0x20) | ((r >> 2) & 0x1c) | ((r << 4) & 0xc0);
        return rd != 0;
    case F_CI_LDSP:
        d->rd = rd;
        d->rs1 = 2;
        d->imm = ((r >> 7) & 0x20) | ((r >> 2) & 0x18) | ((r << 4) & 0x1c0);
        return rd != 0;
    case F_CI_FLWSP:
        d->rd = rd;
        d->rs1 = 2;
        d->imm = ((r >> 7) & 0x20) | ((r >> 2) & 0x1c) | ((r << 4) & 0xc0);
        return true;
    case F_CI_FLDSP:
        d->rd = rd;
        d->rs1 = 2;
        d->imm = ((r >> 7) & 0x20) | ((r >> 2) & 0x18) | ((r << 4) & 0x1c0);
        return true;
    case F_CR_JR:
        d->rd = 0;
        d->rs1 = rd;
        return rd != 0;
    case F_CR_JALR:
        d->rd = 1;
        d->rs1 = rd;
        return true;
    case F_CR_MV:
        d->rd = rd;
        d->rs1 = 0;
        d->rs2 = (r >> 2) & 31;
        return true;
    case F_CR_ADD:
        d->rd = rd;
        d->rs1 = rd;
        d->rs2 = (r >> 2) & 31;
        return true;
    case F_CSS_W:
        d->rs1 = 2;
        d->rs2 = (r >> 2) & 31;
        d->imm = ((r >> 7) & 0x3c) | ((r >> 1) & 0xc0);
        return true;
    case F_CSS_D:
        d->rs1 = 2;
        d->rs2 = (r >> 2) & 31;
        d->imm = ((r >> 7) & 0x38) | ((r >> 1) & 0x1c0);
        return true;
    }
    return false;
}

static const insn_enc_t *lookup(uint32_t raw, unsigned xlen, uint32_t isa)
{
    for (size_t k = 0; k < N_ENC; k++) {
        const insn_enc_t *e = &enc_table[k];
        if ((raw & e->mask) == e->match && (e->xlen == 0 || e->xlen == xlen) && (isa & e->ext) == e->ext)
            return e;
    }
    return NULL;
}

_Static_assert(N_ENC <= ISA_DECODE_MAX_ENC, "the encoding table outgrew isa_decoder_t");

/* The group of an instruction: its major opcode (bits 6:2), or for a compressed one 32 + its
 * quadrant (bits 1:0) * 8 + funct3 (bits 15:13). */
static unsigned group_of(uint32_t raw)
{
    return (raw & 3) == 3 ? (raw >> 2) & 31 : 32 + (raw & 3) * 8 + ((raw >> 13) & 7);
}

/* The bits group_of looks at, and their values in group g. */
static void group_key(unsigned g, uint32_t *mask, uint32_t *value)
{
    if (g < 32) {
        *mask = 0x7f;
        *value = g << 2 | 3;
    } else {
        *mask = 0xe003;
        *value = ((g - 32) / 8) | ((g - 32) % 8) << 13;
    }
}

void isa_decoder_init(isa_decoder_t *dec, unsigned xlen, uint32_t isa)
{
    dec->xlen = xlen;
    dec->isa = isa;
    unsigned n = 0;
    for (unsigned g = 0; g < ISA_DECODE_GROUPS; g++) {
        dec->first[g] = (uint16_t)n;
        uint32_t mask, value;
        group_key(g, &mask, &value);
        for (size_t k = 0; k < N_ENC; k++) {
            const insn_enc_t *e = &enc_table[k];
            /* an encoding of this hart that some instruction of the group may match */
            if ((e->xlen == 0 || e->xlen == xlen) && (isa & e->ext) == e->ext &&
                ((e->match ^ value) & e->mask & mask) == 0 && n < ISA_DECODE_MAX_ENC)
                dec->enc[n++] = (uint16_t)k;
        }
    }
    dec->first[ISA_DECODE_GROUPS] = (uint16_t)n;
}

static evset_t decode_as(const insn_enc_t *e, uint32_t raw, unsigned xlen, decoded_insn_t *d);

evset_t isa_decode_with(const isa_decoder_t *dec, uint32_t raw, decoded_insn_t *d)
{
    if (isa_insn_len(raw) == 2)
        raw &= 0xffff;
    unsigned g = group_of(raw);
    const insn_enc_t *found = NULL;
    for (unsigned k = dec->first[g]; k < dec->first[g + 1] && !found; k++) {
        const insn_enc_t *e = &enc_table[dec->enc[k]];
        if ((raw & e->mask) == e->match)
            found = e;
    }
    return decode_as(found, raw, dec->xlen, d);
}

evset_t isa_decode(uint32_t raw, unsigned xlen, uint32_t isa, decoded_insn_t *d)
{
    if (isa_insn_len(raw) == 2)
        raw &= 0xffff;
    return decode_as(lookup(raw, xlen, isa), raw, xlen, d);
}

/* The instruction raw as encoding e (NULL: none of this hart's). */
static evset_t decode_as(const insn_enc_t *e, uint32_t raw, unsigned xlen, decoded_insn_t *d)
{
    unsigned len = isa_insn_len(raw);
    d->raw = raw;
    d->len = (uint8_t)len;
    if (!e || !extract(e->format, raw, xlen, d)) {
        d->op = OP_ILLEGAL;
        d->rd = d->rs1 = d->rs2 = 0;
        d->imm = 0;
        return 0;
    }
    d->op = e->op;
    evset_t ev = op_events[e->op] | (len == 2 ? EVBIT(LEN16) : EVBIT(LEN32));
    if (d->rd == 0)
        d->rd = 32; /* writes to x0 go to the sink register: no check in the handlers (an f
                     * register destination is rd & 31) */
    return ev;
}

int isa_table_check(const diag_t *diag)
{
    int problems = 0;
    for (size_t a = 0; a < N_ENC; a++) {
        const insn_enc_t *e = &enc_table[a];
        if ((e->match & ~e->mask) != 0) {
            diag_error(diag, "isa: %s: match has bits outside its mask", e->mnemonic);
            problems++;
        }
        bool compressed = (e->match & 3) != 3;
        if (compressed != (e->format >= F_CIW_ADDI4SPN)) {
            diag_error(diag, "isa: %s: length does not agree with its format", e->mnemonic);
            problems++;
        }
        /* A later entry fully shadowed by an earlier one can never decode. */
        for (size_t b = 0; b < a; b++) {
            const insn_enc_t *p = &enc_table[b];
            bool same_xlen = !p->xlen || !e->xlen || p->xlen == e->xlen;
            if (same_xlen && p->ext == e->ext && (p->mask & ~e->mask) == 0 &&
                (e->match & p->mask) == p->match) {
                diag_error(diag, "isa: %s is shadowed by %s", e->mnemonic, p->mnemonic);
                problems++;
            }
        }
    }
    for (int op = 0; op < OP_COUNT; op++) {
        if (op == OP_ILLEGAL || op == OP_BLOCK_END || op == OP_BUDGET_STOP || op == OP_DEBUG_BREAK ||
            op == OP_JIT_COUNT || op == OP_JIT_ENTER)
            continue;
        bool used = false;
        for (size_t a = 0; a < N_ENC && !used; a++)
            used = enc_table[a].op == (enum insn_op)op;
        if (!used) {
            diag_error(diag, "isa: operation %s has no encoding", op_names[op]);
            problems++;
        }
        if (!(op_events[op] & EVBIT(COMMIT))) {
            diag_error(diag, "isa: operation %s has no COMMIT event", op_names[op]);
            problems++;
        }
    }
    return problems;
}
