/* Pre-decoded basic blocks: the unit of execution and of event counting. */
#ifndef PMUSIM_CPU_BLOCK_H
#define PMUSIM_CPU_BLOCK_H

#include <stdint.h>

#include "pmu/events.h"

#define BLOCK_MAX_INSNS 64

/* One decoded instruction, 16 bytes: the hot part of the block. */
typedef struct dinsn {
    uint16_t op;       /* enum insn_op: index of the handler */
    uint8_t rd;        /* rd == 0 is rewritten to the sink register 32 */
    uint8_t rs1, rs2;
    uint8_t len;       /* 2 or 4 */
    uint16_t pcoff;    /* offset of this instruction from the block's start pc */
    int32_t imm;       /* immediate, or CSR number, or shift amount */
    uint32_t raw;      /* the instruction bits (mtval for illegal instructions, disassembly) */
} dinsn_t;

typedef struct block {
    uint64_t pc;                 /* guest pc of the first instruction */
    uint64_t end_pc;             /* pc after the last instruction */
    struct block *hash_next;     /* block cache chain */
    struct block *succ[2];       /* chained successors: [0] taken/jump target, [1] fall-through */
    uint32_t n_insns;
    uint32_t cycles;             /* static cycle cost of the whole block (timing model hook) */
    uint32_t epoch;              /* PMU epoch the addends below were computed for */
    uint32_t n_add;
    uint32_t *add;               /* per active PMU slot: events gained when the whole block commits */
    evset_t *events;             /* per instruction: static events (cold, used for partial commits) */
    dinsn_t insn[];              /* n_insns + 1: a trailing OP_BLOCK_END sentinel when needed */
} block_t;

#endif
