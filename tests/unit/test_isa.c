/* The instruction tables: their self-check, and decodes worked out by hand from the encodings in
 * the RISC-V unprivileged specification (the expected values are not taken from pmusim). */
#include "isa/isa.h"
#include "unit.h"

#define RV32_ALL \
    (ISA_EXT_I | ISA_EXT_M | ISA_EXT_A | ISA_EXT_C | ISA_EXT_ZICSR | ISA_EXT_ZIFENCEI | ISA_EXT_ZBA | \
     ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS)

static evset_t dec(uint32_t raw, unsigned xlen, decoded_insn_t *d)
{
    return isa_decode(raw, xlen, RV32_ALL, d);
}

static void test_tables(unit_t *u)
{
    CHECK_EQ(isa_table_check(&unit_diag_stderr), 0);
}

static void test_compressed(unit_t *u)
{
    decoded_insn_t d;
    /* c.addi a0, -1: 000 1 01010 11111 01 */
    evset_t ev = dec(0x157D, 32, &d);
    CHECK_EQ(d.op, OP_ADDI);
    CHECK_EQ(d.rd, 10);
    CHECK_EQ(d.rs1, 10);
    CHECK_EQ(d.imm, -1);
    CHECK_EQ(d.len, 2);
    CHECK(ev & EVBIT(ALU));
    CHECK(ev & EVBIT(LEN16));
    CHECK(!(ev & EVBIT(LEN32)));
    /* c.lw a0, 4(a1): 010 000 011 1 0 010 00 */
    dec(0x41C8, 32, &d);
    CHECK_EQ(d.op, OP_LW);
    CHECK_EQ(d.rd, 10);
    CHECK_EQ(d.rs1, 11);
    CHECK_EQ(d.imm, 4);
    /* 0x0000 is defined illegal; so is c.addi4spn with a zero immediate (0x0004: rd'=1) */
    dec(0x0000, 32, &d);
    CHECK_EQ(d.op, OP_ILLEGAL);
    dec(0x0004, 32, &d);
    CHECK_EQ(d.op, OP_ILLEGAL);
    /* c.nop writes x0: rewritten to the sink register */
    dec(0x0001, 32, &d);
    CHECK_EQ(d.op, OP_ADDI);
    CHECK_EQ(d.rd, 32);
}

static void test_xlen(unit_t *u)
{
    decoded_insn_t d;
    dec(0x0010051B, 32, &d); /* addiw a0, zero, 1 is RV64-only */
    CHECK_EQ(d.op, OP_ILLEGAL);
    dec(0x0010051B, 64, &d);
    CHECK_EQ(d.op, OP_ADDIW);
    CHECK_EQ(d.imm, 1);
    dec(0x02051513, 32, &d); /* slli a0, a0, 32: shamt[5] set is reserved on RV32 */
    CHECK_EQ(d.op, OP_ILLEGAL);
    dec(0x02051513, 64, &d);
    CHECK_EQ(d.op, OP_SLLI);
    CHECK_EQ(d.imm, 32);
    dec(0x69855513, 32, &d); /* rev8 a0, a0 (RV32 encoding) */
    CHECK_EQ(d.op, OP_REV8);
    dec(0x69855513, 64, &d); /* ... is not rev8 on RV64 (0x6b8) */
    CHECK(d.op != OP_REV8);
}

static void test_event_classes(unit_t *u)
{
    decoded_insn_t d;
    evset_t ev;
    /* operand-dependent classes (CSR kinds, returns, unpredictable jumps) are a core's decode
     * rules (core_ext_t.decode_events, tests/unit/test_pmu_models.c), not the decoder's */
    ev = dec(0x00008067, 32, &d); /* ret = jalr x0, 0(ra) */
    CHECK(!(ev & (EVBIT(RETURN) | EVBIT(JUMP_UNPRED))));
    ev = dec(0xB0002373, 32, &d); /* csrrs t1, mcycle, x0 */
    CHECK(!(ev & (EVBIT(CSR_READ) | EVBIT(CSR_RW) | EVBIT(CSR_WRITE))));
    ev = dec(0x02B50533, 32, &d); /* mul a0, a0, a1 */
    CHECK(ev & EVBIT(MUL));
    CHECK(!(ev & EVBIT(ALU)));
    ev = dec(0x00000073, 32, &d); /* ecall commits but does not retire */
    CHECK(ev & EVBIT(COMMIT));
    CHECK(!(ev & EVBIT(INSTRET)));
    ev = dec(0x30200073, 32, &d); /* mret does both */
    CHECK(ev & EVBIT(COMMIT));
    CHECK(ev & EVBIT(INSTRET));
}

/* The indexed decoder decodes every instruction as the table scan does: all 16-bit encodings and
 * 2^18 32-bit words (every major opcode, funct3 and funct7 with pseudo-random other bits), for
 * both XLENs and several extension sets. */
static void test_indexed_decoder(unit_t *u)
{
    const uint32_t sets[] = { ISA_EXT_I, RV32_ALL, RV32_ALL | ISA_EXT_F | ISA_EXT_D | ISA_EXT_S | ISA_EXT_U,
                              ISA_EXT_I | ISA_EXT_M | ISA_EXT_C | ISA_EXT_F };
    static isa_decoder_t idx; /* 1 KiB: off the stack */
    unsigned differ = 0;
    for (unsigned xlen = 32; xlen <= 64; xlen += 32)
        for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
            isa_decoder_init(&idx, xlen, sets[s]);
            uint32_t x = 2463534242u;
            for (uint32_t k = 0; k < (1u << 18) + 0x10000; k++) {
                uint32_t raw;
                if (k < 0x10000) {
                    raw = k;
                } else {
                    x ^= x << 13, x ^= x >> 17, x ^= x << 5; /* xorshift32 */
                    raw = (x & ~0xfe00707fu) | ((k & 0x7f) << 0) | (((k >> 7) & 7) << 12) |
                          (((k >> 10) & 0x7f) << 25) | 3;
                }
                decoded_insn_t a, b;
                evset_t ea = isa_decode(raw, xlen, sets[s], &a), eb = isa_decode_with(&idx, raw, &b);
                if (ea != eb || a.op != b.op || a.rd != b.rd || a.rs1 != b.rs1 || a.rs2 != b.rs2 ||
                    a.imm != b.imm || a.len != b.len || a.raw != b.raw)
                    differ++;
            }
        }
    CHECK_EQ(differ, 0);
}

int main(void)
{
    unit_t t = { 0 }, *u = &t;
    test_tables(u);
    test_compressed(u);
    test_xlen(u);
    test_event_classes(u);
    test_indexed_decoder(u);
    return unit_finish(u, "unit_isa");
}
