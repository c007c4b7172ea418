/* ISA description: extensions, operations and their static event classes, the decoder's API.
 *
 * Everything comes from two lists in isa/insn_table.h: the operations (one per handler in the
 * executor, with the static events a committed instance produces) and the encodings (match/mask,
 * operand format, extension, XLEN; several encodings, e.g. compressed forms, share one operation). */
#ifndef PMUSIM_ISA_ISA_H
#define PMUSIM_ISA_ISA_H

#include <stdbool.h>
#include <stdint.h>

#include "util/diag.h"

#include "pmu/events.h"

enum isa_ext {
    ISA_EXT_I = 1u << 0,
    ISA_EXT_M = 1u << 1,
    ISA_EXT_A = 1u << 2,
    ISA_EXT_C = 1u << 3,
    ISA_EXT_ZICSR = 1u << 4,
    ISA_EXT_ZIFENCEI = 1u << 5,
    ISA_EXT_ZBA = 1u << 6,
    ISA_EXT_ZBB = 1u << 7,
    ISA_EXT_ZBC = 1u << 8,
    ISA_EXT_ZBS = 1u << 9,
    ISA_EXT_S = 1u << 10, /* supervisor mode: sret, sfence.vma */
    ISA_EXT_U = 1u << 11,
    ISA_EXT_F = 1u << 12,         /* single-precision floating point (with Zicsr's fcsr) */
    ISA_EXT_D = 1u << 13,         /* double precision; implies F */
    ISA_EXT_SSCOFPMF = 1u << 14,  /* counter overflow and privilege-mode filtering */
    ISA_EXT_SMCNTRPMF = 1u << 15, /* mode filtering of mcycle and minstret */
};

#include "isa/insn_table.h"

enum insn_op {
#define OP(name, events) OP_##name,
    INSN_OP_LIST(OP)
#undef OP
        OP_COUNT
};

/* What the decoder makes of one instruction. */
typedef struct decoded_insn {
    enum insn_op op;      /* OP_ILLEGAL when not an instruction of this hart */
    uint8_t rd, rs1, rs2; /* rd == 0 is rewritten to the sink register 32 */
    uint8_t len;          /* 2 or 4 */
    int32_t imm;
    uint32_t raw;
} decoded_insn_t;

/* Decodes `raw` (a 16-bit encoding in the low half, or a 32-bit one) for a hart of this XLEN and
 * extensions, and returns the static events the instruction produces when it commits. */
evset_t isa_decode(uint32_t raw, unsigned xlen, uint32_t isa, decoded_insn_t *d);

/* The encoding table of one XLEN and set of extensions, indexed by the bits every encoding fixes
 * (the major opcode; a compressed instruction's quadrant and funct3): isa_decode_with decodes as
 * isa_decode does, looking at the few encodings of the instruction's group only. */
#define ISA_DECODE_GROUPS 56
#define ISA_DECODE_MAX_ENC 512
typedef struct isa_decoder {
    unsigned xlen;
    uint32_t isa;
    uint16_t first[ISA_DECODE_GROUPS + 1]; /* group g: enc[first[g]] to enc[first[g + 1] - 1] */
    uint16_t enc[ISA_DECODE_MAX_ENC];      /* indexes in the encoding table, in its order */
} isa_decoder_t;

void isa_decoder_init(isa_decoder_t *dec, unsigned xlen, uint32_t isa);
evset_t isa_decode_with(const isa_decoder_t *dec, uint32_t raw, decoded_insn_t *d);

/* Length in bytes of the instruction whose low 16 bits are `lo16`. */
static inline unsigned isa_insn_len(uint32_t lo16)
{
    return (lo16 & 3) == 3 ? 4 : 2;
}

/* Self-check of the tables: returns the number of problems found and reports each to `diag`. */
int isa_table_check(const diag_t *diag);

#endif
