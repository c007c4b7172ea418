/* The instruction tables. Included by isa/isa.h; do not include directly.
 *
 * INSN_OP_LIST(OP): OP(name, static events). One entry per executor handler. The events are those
 * of a committed instance; the decoder adds the length (LEN16/LEN32) and operand-dependent classes
 * (CSR read/rw/write kind, return, unpredictable jump).
 *
 * INSN_ENC_LIST(E): E(mnemonic, match, mask, format, op, extension, xlen) where xlen is 0 (both),
 * 32 or 64. Entries are tried in order: a more specific mask must come before a general one. */
/* The tables keep one row per line (clang-format would reflow them). */
/* clang-format off */
#ifndef PMUSIM_ISA_INSN_TABLE_H
#define PMUSIM_ISA_INSN_TABLE_H

#define EV_RETIRES_ (EVBIT(COMMIT) | EVBIT(INSTRET))
#define EV_ALU_ (EV_RETIRES_ | EVBIT(ALU))
#define EV_BMI_ (EV_RETIRES_ | EVBIT(BITMANIP))
#define EV_LD_ (EV_RETIRES_ | EVBIT(LOAD))
#define EV_ST_ (EV_RETIRES_ | EVBIT(STORE))
#define EV_AMO_ (EV_RETIRES_ | EVBIT(ATOMIC))
#define EV_MUL_ (EV_RETIRES_ | EVBIT(MUL))
#define EV_DIV_ (EV_RETIRES_ | EVBIT(DIV))
#define EV_BR_ (EV_RETIRES_ | EVBIT(BRANCH))
#define EV_CSR_ (EV_RETIRES_ | EVBIT(SYSTEM))
#define EV_FLD_ (EV_RETIRES_ | EVBIT(FP_LOAD))
#define EV_FST_ (EV_RETIRES_ | EVBIT(FP_STORE))
#define EV_FADD_ (EV_RETIRES_ | EVBIT(FP_ADDSUB))
#define EV_FMUL_ (EV_RETIRES_ | EVBIT(FP_MUL))
#define EV_FDIV_ (EV_RETIRES_ | EVBIT(FP_DIV))
#define EV_FMA_ (EV_RETIRES_ | EVBIT(FP_FUSED))
#define EV_FOTH_ (EV_RETIRES_ | EVBIT(FP_OTHER))

#define INSN_OP_LIST(OP) \
    OP(ILLEGAL, 0) \
    OP(BLOCK_END, 0)            /* sentinel: falls through to the next block */ \
    OP(BUDGET_STOP, 0)          /* patched over an instruction: the run stops before it */ \
    OP(DEBUG_BREAK, 0)          /* patched over an instruction with a debugger's breakpoint */ \
    OP(JIT_COUNT, 0)            /* patched over a block's first instruction: counts it toward translation */ \
    OP(JIT_ENTER, 0)            /* patched over a translated block's first instruction: runs its code */ \
    /* RV32I / RV64I */ \
    OP(LUI, EV_ALU_) OP(AUIPC, EV_ALU_) \
    OP(JAL, EV_RETIRES_ | EVBIT(JAL)) OP(JALR, EV_RETIRES_ | EVBIT(JALR)) \
    OP(BEQ, EV_BR_) OP(BNE, EV_BR_) OP(BLT, EV_BR_) OP(BGE, EV_BR_) OP(BLTU, EV_BR_) OP(BGEU, EV_BR_) \
    OP(LB, EV_LD_) OP(LH, EV_LD_) OP(LW, EV_LD_) OP(LD, EV_LD_) \
    OP(LBU, EV_LD_) OP(LHU, EV_LD_) OP(LWU, EV_LD_) \
    OP(SB, EV_ST_) OP(SH, EV_ST_) OP(SW, EV_ST_) OP(SD, EV_ST_) \
    OP(ADDI, EV_ALU_) OP(SLTI, EV_ALU_) OP(SLTIU, EV_ALU_) OP(XORI, EV_ALU_) OP(ORI, EV_ALU_) \
    OP(ANDI, EV_ALU_) OP(SLLI, EV_ALU_) OP(SRLI, EV_ALU_) OP(SRAI, EV_ALU_) \
    OP(ADD, EV_ALU_) OP(SUB, EV_ALU_) OP(SLL, EV_ALU_) OP(SLT, EV_ALU_) OP(SLTU, EV_ALU_) \
    OP(XOR, EV_ALU_) OP(SRL, EV_ALU_) OP(SRA, EV_ALU_) OP(OR, EV_ALU_) OP(AND, EV_ALU_) \
    OP(ADDIW, EV_ALU_) OP(SLLIW, EV_ALU_) OP(SRLIW, EV_ALU_) OP(SRAIW, EV_ALU_) \
    OP(ADDW, EV_ALU_) OP(SUBW, EV_ALU_) OP(SLLW, EV_ALU_) OP(SRLW, EV_ALU_) OP(SRAW, EV_ALU_) \
    OP(FENCE, EV_RETIRES_ | EVBIT(FENCE)) \
    OP(FENCE_I, EV_RETIRES_ | EVBIT(FENCEI)) \
    /* ecall/ebreak commit (VeeR event 4) but raise an exception, so they never retire. */ \
    OP(ECALL, EVBIT(COMMIT) | EVBIT(SYSTEM) | EVBIT(ECALL)) \
    OP(EBREAK, EVBIT(COMMIT) | EVBIT(SYSTEM) | EVBIT(EBREAK)) \
    /* Privileged */ \
    OP(MRET, EV_RETIRES_ | EVBIT(SYSTEM) | EVBIT(MRET)) \
    OP(SRET, EV_RETIRES_ | EVBIT(SYSTEM) | EVBIT(SRET)) \
    OP(WFI, EV_ALU_ | EVBIT(SYSTEM) | EVBIT(WFI)) \
    OP(SFENCE_VMA, EV_RETIRES_ | EVBIT(SYSTEM)) \
    /* Zicsr: the CSR class (read / read-write / write) is added by the decoder */ \
    OP(CSRRW, EV_CSR_) OP(CSRRS, EV_CSR_) OP(CSRRC, EV_CSR_) \
    OP(CSRRWI, EV_CSR_) OP(CSRRSI, EV_CSR_) OP(CSRRCI, EV_CSR_) \
    /* M */ \
    OP(MUL, EV_MUL_) OP(MULH, EV_MUL_) OP(MULHSU, EV_MUL_) OP(MULHU, EV_MUL_) \
    OP(DIV, EV_DIV_) OP(DIVU, EV_DIV_) OP(REM, EV_DIV_) OP(REMU, EV_DIV_) \
    OP(MULW, EV_MUL_) OP(DIVW, EV_DIV_) OP(DIVUW, EV_DIV_) OP(REMW, EV_DIV_) OP(REMUW, EV_DIV_) \
    /* A */ \
    OP(LR_W, EV_AMO_ | EVBIT(LOAD)) OP(SC_W, EV_AMO_ | EVBIT(STORE)) \
    OP(AMOSWAP_W, EV_AMO_) OP(AMOADD_W, EV_AMO_) OP(AMOXOR_W, EV_AMO_) OP(AMOAND_W, EV_AMO_) \
    OP(AMOOR_W, EV_AMO_) OP(AMOMIN_W, EV_AMO_) OP(AMOMAX_W, EV_AMO_) OP(AMOMINU_W, EV_AMO_) \
    OP(AMOMAXU_W, EV_AMO_) \
    OP(LR_D, EV_AMO_ | EVBIT(LOAD)) OP(SC_D, EV_AMO_ | EVBIT(STORE)) \
    OP(AMOSWAP_D, EV_AMO_) OP(AMOADD_D, EV_AMO_) OP(AMOXOR_D, EV_AMO_) OP(AMOAND_D, EV_AMO_) \
    OP(AMOOR_D, EV_AMO_) OP(AMOMIN_D, EV_AMO_) OP(AMOMAX_D, EV_AMO_) OP(AMOMINU_D, EV_AMO_) \
    OP(AMOMAXU_D, EV_AMO_) \
    /* Zba */ \
    OP(SH1ADD, EV_BMI_) OP(SH2ADD, EV_BMI_) OP(SH3ADD, EV_BMI_) \
    OP(ADD_UW, EV_BMI_) OP(SH1ADD_UW, EV_BMI_) OP(SH2ADD_UW, EV_BMI_) OP(SH3ADD_UW, EV_BMI_) \
    OP(SLLI_UW, EV_BMI_) \
    /* Zbb */ \
    OP(ANDN, EV_BMI_) OP(ORN, EV_BMI_) OP(XNOR, EV_BMI_) \
    OP(CLZ, EV_BMI_) OP(CTZ, EV_BMI_) OP(CPOP, EV_BMI_) OP(CLZW, EV_BMI_) OP(CTZW, EV_BMI_) \
    OP(CPOPW, EV_BMI_) \
    OP(MAX, EV_BMI_) OP(MAXU, EV_BMI_) OP(MIN, EV_BMI_) OP(MINU, EV_BMI_) \
    OP(SEXT_B, EV_BMI_) OP(SEXT_H, EV_BMI_) OP(ZEXT_H, EV_BMI_) \
    OP(ROL, EV_BMI_) OP(ROR, EV_BMI_) OP(RORI, EV_BMI_) OP(ROLW, EV_BMI_) OP(RORW, EV_BMI_) \
    OP(RORIW, EV_BMI_) OP(ORC_B, EV_BMI_) OP(REV8, EV_BMI_) \
    /* Zbc */ \
    OP(CLMUL, EV_BMI_) OP(CLMULH, EV_BMI_) OP(CLMULR, EV_BMI_) \
    /* Zbs */ \
    OP(BCLR, EV_BMI_) OP(BCLRI, EV_BMI_) OP(BEXT, EV_BMI_) OP(BEXTI, EV_BMI_) \
    OP(BINV, EV_BMI_) OP(BINVI, EV_BMI_) OP(BSET, EV_BMI_) OP(BSETI, EV_BMI_) \
    /* F and D (src/cpu/exec_fp.h, src/cpu/fpu.c) */ \
    OP(FLW, EV_FLD_) OP(FLD, EV_FLD_) OP(FSW, EV_FST_) OP(FSD, EV_FST_) \
    OP(FADD_S, EV_FADD_) OP(FSUB_S, EV_FADD_) OP(FMUL_S, EV_FMUL_) OP(FDIV_S, EV_FDIV_) \
    OP(FADD_D, EV_FADD_) OP(FSUB_D, EV_FADD_) OP(FMUL_D, EV_FMUL_) OP(FDIV_D, EV_FDIV_) \
    OP(FMADD_S, EV_FMA_) OP(FMSUB_S, EV_FMA_) OP(FNMSUB_S, EV_FMA_) OP(FNMADD_S, EV_FMA_) \
    OP(FMADD_D, EV_FMA_) OP(FMSUB_D, EV_FMA_) OP(FNMSUB_D, EV_FMA_) OP(FNMADD_D, EV_FMA_) \
    OP(FSQRT_S, EV_FOTH_) OP(FSGNJ_S, EV_FOTH_) OP(FSGNJN_S, EV_FOTH_) OP(FSGNJX_S, EV_FOTH_) \
    OP(FMIN_S, EV_FOTH_) OP(FMAX_S, EV_FOTH_) OP(FEQ_S, EV_FOTH_) OP(FLT_S, EV_FOTH_) OP(FLE_S, EV_FOTH_) \
    OP(FCLASS_S, EV_FOTH_) OP(FMV_X_W, EV_FOTH_) OP(FMV_W_X, EV_FOTH_) \
    OP(FCVT_W_S, EV_FOTH_) OP(FCVT_WU_S, EV_FOTH_) OP(FCVT_L_S, EV_FOTH_) OP(FCVT_LU_S, EV_FOTH_) \
    OP(FCVT_S_W, EV_FOTH_) OP(FCVT_S_WU, EV_FOTH_) OP(FCVT_S_L, EV_FOTH_) OP(FCVT_S_LU, EV_FOTH_) \
    OP(FSQRT_D, EV_FOTH_) OP(FSGNJ_D, EV_FOTH_) OP(FSGNJN_D, EV_FOTH_) OP(FSGNJX_D, EV_FOTH_) \
    OP(FMIN_D, EV_FOTH_) OP(FMAX_D, EV_FOTH_) OP(FEQ_D, EV_FOTH_) OP(FLT_D, EV_FOTH_) OP(FLE_D, EV_FOTH_) \
    OP(FCLASS_D, EV_FOTH_) OP(FMV_X_D, EV_FOTH_) OP(FMV_D_X, EV_FOTH_) \
    OP(FCVT_W_D, EV_FOTH_) OP(FCVT_WU_D, EV_FOTH_) OP(FCVT_L_D, EV_FOTH_) OP(FCVT_LU_D, EV_FOTH_) \
    OP(FCVT_D_W, EV_FOTH_) OP(FCVT_D_WU, EV_FOTH_) OP(FCVT_D_L, EV_FOTH_) OP(FCVT_D_LU, EV_FOTH_) \
    OP(FCVT_S_D, EV_FOTH_) OP(FCVT_D_S, EV_FOTH_)

/* Operand formats. F_C* are the compressed formats, expanded into base operations. */
enum insn_format {
    F_NONE, F_R, F_I, F_S, F_B, F_U, F_J, F_SHIFT, F_SHIFTW, F_CSR, F_CSRI, F_R1 /* rd, rs1 */,
    F_AMO, F_LR,
    F_FP /* rd, rs1, rs2, imm = rm (5, 6 reserved) */, F_FP_R4 /* imm = rm | rs3 << 3 */,
    F_CIW_ADDI4SPN, F_CL_W, F_CL_D, F_CS_W, F_CS_D, F_CI /* rd=rs1, simm6 */, F_CI_LI,
    F_CI_ADDIW, F_CI_ADDI16SP, F_CI_LUI, F_CB_SHIFT, F_CB_ANDI, F_CA, F_CJ, F_CJAL, F_CB_BRANCH,
    F_CI_SLLI, F_CI_LWSP, F_CI_LDSP, F_CI_FLWSP, F_CI_FLDSP, F_CR_JR, F_CR_JALR, F_CR_MV, F_CR_ADD, F_CSS_W, F_CSS_D,
    F_C_NONE
};

#define INSN_ENC_LIST(E) \
    /* --- RV32I / RV64I --- */ \
    E("lui", 0x00000037, 0x0000007f, F_U, LUI, ISA_EXT_I, 0) \
    E("auipc", 0x00000017, 0x0000007f, F_U, AUIPC, ISA_EXT_I, 0) \
    E("jal", 0x0000006f, 0x0000007f, F_J, JAL, ISA_EXT_I, 0) \
    E("jalr", 0x00000067, 0x0000707f, F_I, JALR, ISA_EXT_I, 0) \
    E("beq", 0x00000063, 0x0000707f, F_B, BEQ, ISA_EXT_I, 0) \
    E("bne", 0x00001063, 0x0000707f, F_B, BNE, ISA_EXT_I, 0) \
    E("blt", 0x00004063, 0x0000707f, F_B, BLT, ISA_EXT_I, 0) \
    E("bge", 0x00005063, 0x0000707f, F_B, BGE, ISA_EXT_I, 0) \
    E("bltu", 0x00006063, 0x0000707f, F_B, BLTU, ISA_EXT_I, 0) \
    E("bgeu", 0x00007063, 0x0000707f, F_B, BGEU, ISA_EXT_I, 0) \
    E("lb", 0x00000003, 0x0000707f, F_I, LB, ISA_EXT_I, 0) \
    E("lh", 0x00001003, 0x0000707f, F_I, LH, ISA_EXT_I, 0) \
    E("lw", 0x00002003, 0x0000707f, F_I, LW, ISA_EXT_I, 0) \
    E("ld", 0x00003003, 0x0000707f, F_I, LD, ISA_EXT_I, 64) \
    E("lbu", 0x00004003, 0x0000707f, F_I, LBU, ISA_EXT_I, 0) \
    E("lhu", 0x00005003, 0x0000707f, F_I, LHU, ISA_EXT_I, 0) \
    E("lwu", 0x00006003, 0x0000707f, F_I, LWU, ISA_EXT_I, 64) \
    E("sb", 0x00000023, 0x0000707f, F_S, SB, ISA_EXT_I, 0) \
    E("sh", 0x00001023, 0x0000707f, F_S, SH, ISA_EXT_I, 0) \
    E("sw", 0x00002023, 0x0000707f, F_S, SW, ISA_EXT_I, 0) \
    E("sd", 0x00003023, 0x0000707f, F_S, SD, ISA_EXT_I, 64) \
    E("addi", 0x00000013, 0x0000707f, F_I, ADDI, ISA_EXT_I, 0) \
    E("slti", 0x00002013, 0x0000707f, F_I, SLTI, ISA_EXT_I, 0) \
    E("sltiu", 0x00003013, 0x0000707f, F_I, SLTIU, ISA_EXT_I, 0) \
    E("xori", 0x00004013, 0x0000707f, F_I, XORI, ISA_EXT_I, 0) \
    E("ori", 0x00006013, 0x0000707f, F_I, ORI, ISA_EXT_I, 0) \
    E("andi", 0x00007013, 0x0000707f, F_I, ANDI, ISA_EXT_I, 0) \
    E("slli", 0x00001013, 0xfe00707f, F_SHIFT, SLLI, ISA_EXT_I, 32) \
    E("srli", 0x00005013, 0xfe00707f, F_SHIFT, SRLI, ISA_EXT_I, 32) \
    E("srai", 0x40005013, 0xfe00707f, F_SHIFT, SRAI, ISA_EXT_I, 32) \
    E("slli", 0x00001013, 0xfc00707f, F_SHIFT, SLLI, ISA_EXT_I, 64) \
    E("srli", 0x00005013, 0xfc00707f, F_SHIFT, SRLI, ISA_EXT_I, 64) \
    E("srai", 0x40005013, 0xfc00707f, F_SHIFT, SRAI, ISA_EXT_I, 64) \
    E("add", 0x00000033, 0xfe00707f, F_R, ADD, ISA_EXT_I, 0) \
    E("sub", 0x40000033, 0xfe00707f, F_R, SUB, ISA_EXT_I, 0) \
    E("sll", 0x00001033, 0xfe00707f, F_R, SLL, ISA_EXT_I, 0) \
    E("slt", 0x00002033, 0xfe00707f, F_R, SLT, ISA_EXT_I, 0) \
    E("sltu", 0x00003033, 0xfe00707f, F_R, SLTU, ISA_EXT_I, 0) \
    E("xor", 0x00004033, 0xfe00707f, F_R, XOR, ISA_EXT_I, 0) \
    E("srl", 0x00005033, 0xfe00707f, F_R, SRL, ISA_EXT_I, 0) \
    E("sra", 0x40005033, 0xfe00707f, F_R, SRA, ISA_EXT_I, 0) \
    E("or", 0x00006033, 0xfe00707f, F_R, OR, ISA_EXT_I, 0) \
    E("and", 0x00007033, 0xfe00707f, F_R, AND, ISA_EXT_I, 0) \
    E("addiw", 0x0000001b, 0x0000707f, F_I, ADDIW, ISA_EXT_I, 64) \
    E("slliw", 0x0000101b, 0xfe00707f, F_SHIFTW, SLLIW, ISA_EXT_I, 64) \
    E("srliw", 0x0000501b, 0xfe00707f, F_SHIFTW, SRLIW, ISA_EXT_I, 64) \
    E("sraiw", 0x4000501b, 0xfe00707f, F_SHIFTW, SRAIW, ISA_EXT_I, 64) \
    E("addw", 0x0000003b, 0xfe00707f, F_R, ADDW, ISA_EXT_I, 64) \
    E("subw", 0x4000003b, 0xfe00707f, F_R, SUBW, ISA_EXT_I, 64) \
    E("sllw", 0x0000103b, 0xfe00707f, F_R, SLLW, ISA_EXT_I, 64) \
    E("srlw", 0x0000503b, 0xfe00707f, F_R, SRLW, ISA_EXT_I, 64) \
    E("sraw", 0x4000503b, 0xfe00707f, F_R, SRAW, ISA_EXT_I, 64) \
    E("fence", 0x0000000f, 0x0000707f, F_NONE, FENCE, ISA_EXT_I, 0) \
    E("ecall", 0x00000073, 0xffffffff, F_NONE, ECALL, ISA_EXT_I, 0) \
    E("ebreak", 0x00100073, 0xffffffff, F_NONE, EBREAK, ISA_EXT_I, 0) \
    /* --- Zifencei, privileged --- */ \
    E("fence.i", 0x0000100f, 0x0000707f, F_NONE, FENCE_I, ISA_EXT_ZIFENCEI, 0) \
    E("mret", 0x30200073, 0xffffffff, F_NONE, MRET, ISA_EXT_I, 0) \
    E("sret", 0x10200073, 0xffffffff, F_NONE, SRET, ISA_EXT_S, 0) \
    E("wfi", 0x10500073, 0xffffffff, F_NONE, WFI, ISA_EXT_I, 0) \
    E("sfence.vma", 0x12000073, 0xfe007fff, F_R, SFENCE_VMA, ISA_EXT_S, 0) \
    /* --- Zicsr --- */ \
    E("csrrw", 0x00001073, 0x0000707f, F_CSR, CSRRW, ISA_EXT_ZICSR, 0) \
    E("csrrs", 0x00002073, 0x0000707f, F_CSR, CSRRS, ISA_EXT_ZICSR, 0) \
    E("csrrc", 0x00003073, 0x0000707f, F_CSR, CSRRC, ISA_EXT_ZICSR, 0) \
    E("csrrwi", 0x00005073, 0x0000707f, F_CSRI, CSRRWI, ISA_EXT_ZICSR, 0) \
    E("csrrsi", 0x00006073, 0x0000707f, F_CSRI, CSRRSI, ISA_EXT_ZICSR, 0) \
    E("csrrci", 0x00007073, 0x0000707f, F_CSRI, CSRRCI, ISA_EXT_ZICSR, 0) \
    /* --- M --- */ \
    E("mul", 0x02000033, 0xfe00707f, F_R, MUL, ISA_EXT_M, 0) \
    E("mulh", 0x02001033, 0xfe00707f, F_R, MULH, ISA_EXT_M, 0) \
    E("mulhsu", 0x02002033, 0xfe00707f, F_R, MULHSU, ISA_EXT_M, 0) \
    E("mulhu", 0x02003033, 0xfe00707f, F_R, MULHU, ISA_EXT_M, 0) \
    E("div", 0x02004033, 0xfe00707f, F_R, DIV, ISA_EXT_M, 0) \
    E("divu", 0x02005033, 0xfe00707f, F_R, DIVU, ISA_EXT_M, 0) \
    E("rem", 0x02006033, 0xfe00707f, F_R, REM, ISA_EXT_M, 0) \
    E("remu", 0x02007033, 0xfe00707f, F_R, REMU, ISA_EXT_M, 0) \
    E("mulw", 0x0200003b, 0xfe00707f, F_R, MULW, ISA_EXT_M, 64) \
    E("divw", 0x0200403b, 0xfe00707f, F_R, DIVW, ISA_EXT_M, 64) \
    E("divuw", 0x0200503b, 0xfe00707f, F_R, DIVUW, ISA_EXT_M, 64) \
    E("remw", 0x0200603b, 0xfe00707f, F_R, REMW, ISA_EXT_M, 64) \
    E("remuw", 0x0200703b, 0xfe00707f, F_R, REMUW, ISA_EXT_M, 64) \
    /* --- A (aq/rl bits ignored: one hart, sequentially consistent) --- */ \
    E("lr.w", 0x1000202f, 0xf9f0707f, F_LR, LR_W, ISA_EXT_A, 0) \
    E("sc.w", 0x1800202f, 0xf800707f, F_AMO, SC_W, ISA_EXT_A, 0) \
    E("amoswap.w", 0x0800202f, 0xf800707f, F_AMO, AMOSWAP_W, ISA_EXT_A, 0) \
    E("amoadd.w", 0x0000202f, 0xf800707f, F_AMO, AMOADD_W, ISA_EXT_A, 0) \
    E("amoxor.w", 0x2000202f, 0xf800707f, F_AMO, AMOXOR_W, ISA_EXT_A, 0) \
    E("amoand.w", 0x6000202f, 0xf800707f, F_AMO, AMOAND_W, ISA_EXT_A, 0) \
    E("amoor.w", 0x4000202f, 0xf800707f, F_AMO, AMOOR_W, ISA_EXT_A, 0) \
    E("amomin.w", 0x8000202f, 0xf800707f, F_AMO, AMOMIN_W, ISA_EXT_A, 0) \
    E("amomax.w", 0xa000202f, 0xf800707f, F_AMO, AMOMAX_W, ISA_EXT_A, 0) \
    E("amominu.w", 0xc000202f, 0xf800707f, F_AMO, AMOMINU_W, ISA_EXT_A, 0) \
    E("amomaxu.w", 0xe000202f, 0xf800707f, F_AMO, AMOMAXU_W, ISA_EXT_A, 0) \
    E("lr.d", 0x1000302f, 0xf9f0707f, F_LR, LR_D, ISA_EXT_A, 64) \
    E("sc.d", 0x1800302f, 0xf800707f, F_AMO, SC_D, ISA_EXT_A, 64) \
    E("amoswap.d", 0x0800302f, 0xf800707f, F_AMO, AMOSWAP_D, ISA_EXT_A, 64) \
    E("amoadd.d", 0x0000302f, 0xf800707f, F_AMO, AMOADD_D, ISA_EXT_A, 64) \
    E("amoxor.d", 0x2000302f, 0xf800707f, F_AMO, AMOXOR_D, ISA_EXT_A, 64) \
    E("amoand.d", 0x6000302f, 0xf800707f, F_AMO, AMOAND_D, ISA_EXT_A, 64) \
    E("amoor.d", 0x4000302f, 0xf800707f, F_AMO, AMOOR_D, ISA_EXT_A, 64) \
    E("amomin.d", 0x8000302f, 0xf800707f, F_AMO, AMOMIN_D, ISA_EXT_A, 64) \
    E("amomax.d", 0xa000302f, 0xf800707f, F_AMO, AMOMAX_D, ISA_EXT_A, 64) \
    E("amominu.d", 0xc000302f, 0xf800707f, F_AMO, AMOMINU_D, ISA_EXT_A, 64) \
    E("amomaxu.d", 0xe000302f, 0xf800707f, F_AMO, AMOMAXU_D, ISA_EXT_A, 64) \
    /* --- Zba --- */ \
    E("sh1add", 0x20002033, 0xfe00707f, F_R, SH1ADD, ISA_EXT_ZBA, 0) \
    E("sh2add", 0x20004033, 0xfe00707f, F_R, SH2ADD, ISA_EXT_ZBA, 0) \
    E("sh3add", 0x20006033, 0xfe00707f, F_R, SH3ADD, ISA_EXT_ZBA, 0) \
    E("add.uw", 0x0800003b, 0xfe00707f, F_R, ADD_UW, ISA_EXT_ZBA, 64) \
    E("sh1add.uw", 0x2000203b, 0xfe00707f, F_R, SH1ADD_UW, ISA_EXT_ZBA, 64) \
    E("sh2add.uw", 0x2000403b, 0xfe00707f, F_R, SH2ADD_UW, ISA_EXT_ZBA, 64) \
    E("sh3add.uw", 0x2000603b, 0xfe00707f, F_R, SH3ADD_UW, ISA_EXT_ZBA, 64) \
    E("slli.uw", 0x0800101b, 0xfc00707f, F_SHIFT, SLLI_UW, ISA_EXT_ZBA, 64) \
    /* --- Zbb --- */ \
    E("andn", 0x40007033, 0xfe00707f, F_R, ANDN, ISA_EXT_ZBB, 0) \
    E("orn", 0x40006033, 0xfe00707f, F_R, ORN, ISA_EXT_ZBB, 0) \
    E("xnor", 0x40004033, 0xfe00707f, F_R, XNOR, ISA_EXT_ZBB, 0) \
    E("clz", 0x60001013, 0xfff0707f, F_R1, CLZ, ISA_EXT_ZBB, 0) \
    E("ctz", 0x60101013, 0xfff0707f, F_R1, CTZ, ISA_EXT_ZBB, 0) \
    E("cpop", 0x60201013, 0xfff0707f, F_R1, CPOP, ISA_EXT_ZBB, 0) \
    E("clzw", 0x6000101b, 0xfff0707f, F_R1, CLZW, ISA_EXT_ZBB, 64) \
    E("ctzw", 0x6010101b, 0xfff0707f, F_R1, CTZW, ISA_EXT_ZBB, 64) \
    E("cpopw", 0x6020101b, 0xfff0707f, F_R1, CPOPW, ISA_EXT_ZBB, 64) \
    E("max", 0x0a006033, 0xfe00707f, F_R, MAX, ISA_EXT_ZBB, 0) \
    E("maxu", 0x0a007033, 0xfe00707f, F_R, MAXU, ISA_EXT_ZBB, 0) \
    E("min", 0x0a004033, 0xfe00707f, F_R, MIN, ISA_EXT_ZBB, 0) \
    E("minu", 0x0a005033, 0xfe00707f, F_R, MINU, ISA_EXT_ZBB, 0) \
    E("sext.b", 0x60401013, 0xfff0707f, F_R1, SEXT_B, ISA_EXT_ZBB, 0) \
    E("sext.h", 0x60501013, 0xfff0707f, F_R1, SEXT_H, ISA_EXT_ZBB, 0) \
    E("zext.h", 0x08004033, 0xfff0707f, F_R1, ZEXT_H, ISA_EXT_ZBB, 32) \
    E("zext.h", 0x0800403b, 0xfff0707f, F_R1, ZEXT_H, ISA_EXT_ZBB, 64) \
    E("rol", 0x60001033, 0xfe00707f, F_R, ROL, ISA_EXT_ZBB, 0) \
    E("ror", 0x60005033, 0xfe00707f, F_R, ROR, ISA_EXT_ZBB, 0) \
    E("rori", 0x60005013, 0xfe00707f, F_SHIFT, RORI, ISA_EXT_ZBB, 32) \
    E("rori", 0x60005013, 0xfc00707f, F_SHIFT, RORI, ISA_EXT_ZBB, 64) \
    E("rolw", 0x6000103b, 0xfe00707f, F_R, ROLW, ISA_EXT_ZBB, 64) \
    E("rorw", 0x6000503b, 0xfe00707f, F_R, RORW, ISA_EXT_ZBB, 64) \
    E("roriw", 0x6000501b, 0xfe00707f, F_SHIFTW, RORIW, ISA_EXT_ZBB, 64) \
    E("orc.b", 0x28705013, 0xfff0707f, F_R1, ORC_B, ISA_EXT_ZBB, 0) \
    E("rev8", 0x69805013, 0xfff0707f, F_R1, REV8, ISA_EXT_ZBB, 32) \
    E("rev8", 0x6b805013, 0xfff0707f, F_R1, REV8, ISA_EXT_ZBB, 64) \
    /* --- Zbc --- */ \
    E("clmul", 0x0a001033, 0xfe00707f, F_R, CLMUL, ISA_EXT_ZBC, 0) \
    E("clmulr", 0x0a002033, 0xfe00707f, F_R, CLMULR, ISA_EXT_ZBC, 0) \
    E("clmulh", 0x0a003033, 0xfe00707f, F_R, CLMULH, ISA_EXT_ZBC, 0) \
    /* --- Zbs --- */ \
    E("bclr", 0x48001033, 0xfe00707f, F_R, BCLR, ISA_EXT_ZBS, 0) \
    E("bext", 0x48005033, 0xfe00707f, F_R, BEXT, ISA_EXT_ZBS, 0) \
    E("binv", 0x68001033, 0xfe00707f, F_R, BINV, ISA_EXT_ZBS, 0) \
    E("bset", 0x28001033, 0xfe00707f, F_R, BSET, ISA_EXT_ZBS, 0) \
    E("bclri", 0x48001013, 0xfe00707f, F_SHIFT, BCLRI, ISA_EXT_ZBS, 32) \
    E("bexti", 0x48005013, 0xfe00707f, F_SHIFT, BEXTI, ISA_EXT_ZBS, 32) \
    E("binvi", 0x68001013, 0xfe00707f, F_SHIFT, BINVI, ISA_EXT_ZBS, 32) \
    E("bseti", 0x28001013, 0xfe00707f, F_SHIFT, BSETI, ISA_EXT_ZBS, 32) \
    E("bclri", 0x48001013, 0xfc00707f, F_SHIFT, BCLRI, ISA_EXT_ZBS, 64) \
    E("bexti", 0x48005013, 0xfc00707f, F_SHIFT, BEXTI, ISA_EXT_ZBS, 64) \
    E("binvi", 0x68001013, 0xfc00707f, F_SHIFT, BINVI, ISA_EXT_ZBS, 64) \
    E("bseti", 0x28001013, 0xfc00707f, F_SHIFT, BSETI, ISA_EXT_ZBS, 64) \
    /* --- C: 16-bit encodings, each expanded into a base operation --- */ \
    E("c.addi4spn", 0x0000, 0xe003, F_CIW_ADDI4SPN, ADDI, ISA_EXT_C, 0) \
    E("c.lw", 0x4000, 0xe003, F_CL_W, LW, ISA_EXT_C, 0) \
    E("c.ld", 0x6000, 0xe003, F_CL_D, LD, ISA_EXT_C, 64) \
    E("c.sw", 0xc000, 0xe003, F_CS_W, SW, ISA_EXT_C, 0) \
    E("c.sd", 0xe000, 0xe003, F_CS_D, SD, ISA_EXT_C, 64) \
    E("c.addi", 0x0001, 0xe003, F_CI, ADDI, ISA_EXT_C, 0) \
    E("c.jal", 0x2001, 0xe003, F_CJAL, JAL, ISA_EXT_C, 32) \
    E("c.addiw", 0x2001, 0xe003, F_CI_ADDIW, ADDIW, ISA_EXT_C, 64) \
    E("c.li", 0x4001, 0xe003, F_CI_LI, ADDI, ISA_EXT_C, 0) \
    E("c.addi16sp", 0x6101, 0xef83, F_CI_ADDI16SP, ADDI, ISA_EXT_C, 0) \
    E("c.lui", 0x6001, 0xe003, F_CI_LUI, LUI, ISA_EXT_C, 0) \
    E("c.srli", 0x8001, 0xec03, F_CB_SHIFT, SRLI, ISA_EXT_C, 0) \
    E("c.srai", 0x8401, 0xec03, F_CB_SHIFT, SRAI, ISA_EXT_C, 0) \
    E("c.andi", 0x8801, 0xec03, F_CB_ANDI, ANDI, ISA_EXT_C, 0) \
    E("c.sub", 0x8c01, 0xfc63, F_CA, SUB, ISA_EXT_C, 0) \
    E("c.xor", 0x8c21, 0xfc63, F_CA, XOR, ISA_EXT_C, 0) \
    E("c.or", 0x8c41, 0xfc63, F_CA, OR, ISA_EXT_C, 0) \
    E("c.and", 0x8c61, 0xfc63, F_CA, AND, ISA_EXT_C, 0) \
    E("c.subw", 0x9c01, 0xfc63, F_CA, SUBW, ISA_EXT_C, 64) \
    E("c.addw", 0x9c21, 0xfc63, F_CA, ADDW, ISA_EXT_C, 64) \
    E("c.j", 0xa001, 0xe003, F_CJ, JAL, ISA_EXT_C, 0) \
    E("c.beqz", 0xc001, 0xe003, F_CB_BRANCH, BEQ, ISA_EXT_C, 0) \
    E("c.bnez", 0xe001, 0xe003, F_CB_BRANCH, BNE, ISA_EXT_C, 0) \
    E("c.slli", 0x0002, 0xe003, F_CI_SLLI, SLLI, ISA_EXT_C, 0) \
    E("c.lwsp", 0x4002, 0xe003, F_CI_LWSP, LW, ISA_EXT_C, 0) \
    E("c.ldsp", 0x6002, 0xe003, F_CI_LDSP, LD, ISA_EXT_C, 64) \
    E("c.jr", 0x8002, 0xf07f, F_CR_JR, JALR, ISA_EXT_C, 0) \
    E("c.mv", 0x8002, 0xf003, F_CR_MV, ADD, ISA_EXT_C, 0) \
    E("c.ebreak", 0x9002, 0xffff, F_C_NONE, EBREAK, ISA_EXT_C, 0) \
    E("c.jalr", 0x9002, 0xf07f, F_CR_JALR, JALR, ISA_EXT_C, 0) \
    E("c.add", 0x9002, 0xf003, F_CR_ADD, ADD, ISA_EXT_C, 0) \
    E("c.swsp", 0xc002, 0xe003, F_CSS_W, SW, ISA_EXT_C, 0) \
    E("c.sdsp", 0xe002, 0xe003, F_CSS_D, SD, ISA_EXT_C, 64) \
    /* --- F, D (last: the scan for every other instruction is as without them; the rm field is
     * checked by the decoder and the executor) --- */ \
    E("flw", 0x00002007, 0x0000707f, F_I, FLW, ISA_EXT_F, 0) \
    E("fsw", 0x00002027, 0x0000707f, F_S, FSW, ISA_EXT_F, 0) \
    E("fmadd.s", 0x00000043, 0x0600007f, F_FP_R4, FMADD_S, ISA_EXT_F, 0) \
    E("fmsub.s", 0x00000047, 0x0600007f, F_FP_R4, FMSUB_S, ISA_EXT_F, 0) \
    E("fnmsub.s", 0x0000004b, 0x0600007f, F_FP_R4, FNMSUB_S, ISA_EXT_F, 0) \
    E("fnmadd.s", 0x0000004f, 0x0600007f, F_FP_R4, FNMADD_S, ISA_EXT_F, 0) \
    E("fadd.s", 0x00000053, 0xfe00007f, F_FP, FADD_S, ISA_EXT_F, 0) \
    E("fsub.s", 0x08000053, 0xfe00007f, F_FP, FSUB_S, ISA_EXT_F, 0) \
    E("fmul.s", 0x10000053, 0xfe00007f, F_FP, FMUL_S, ISA_EXT_F, 0) \
    E("fdiv.s", 0x18000053, 0xfe00007f, F_FP, FDIV_S, ISA_EXT_F, 0) \
    E("fsqrt.s", 0x58000053, 0xfff0007f, F_FP, FSQRT_S, ISA_EXT_F, 0) \
    E("fsgnj.s", 0x20000053, 0xfe00707f, F_R, FSGNJ_S, ISA_EXT_F, 0) \
    E("fsgnjn.s", 0x20001053, 0xfe00707f, F_R, FSGNJN_S, ISA_EXT_F, 0) \
    E("fsgnjx.s", 0x20002053, 0xfe00707f, F_R, FSGNJX_S, ISA_EXT_F, 0) \
    E("fmin.s", 0x28000053, 0xfe00707f, F_R, FMIN_S, ISA_EXT_F, 0) \
    E("fmax.s", 0x28001053, 0xfe00707f, F_R, FMAX_S, ISA_EXT_F, 0) \
    E("feq.s", 0xa0002053, 0xfe00707f, F_R, FEQ_S, ISA_EXT_F, 0) \
    E("flt.s", 0xa0001053, 0xfe00707f, F_R, FLT_S, ISA_EXT_F, 0) \
    E("fle.s", 0xa0000053, 0xfe00707f, F_R, FLE_S, ISA_EXT_F, 0) \
    E("fclass.s", 0xe0001053, 0xfff0707f, F_R1, FCLASS_S, ISA_EXT_F, 0) \
    E("fmv.x.w", 0xe0000053, 0xfff0707f, F_R1, FMV_X_W, ISA_EXT_F, 0) \
    E("fmv.w.x", 0xf0000053, 0xfff0707f, F_R1, FMV_W_X, ISA_EXT_F, 0) \
    E("fcvt.w.s", 0xc0000053, 0xfff0007f, F_FP, FCVT_W_S, ISA_EXT_F, 0) \
    E("fcvt.s.w", 0xd0000053, 0xfff0007f, F_FP, FCVT_S_W, ISA_EXT_F, 0) \
    E("fcvt.wu.s", 0xc0100053, 0xfff0007f, F_FP, FCVT_WU_S, ISA_EXT_F, 0) \
    E("fcvt.s.wu", 0xd0100053, 0xfff0007f, F_FP, FCVT_S_WU, ISA_EXT_F, 0) \
    E("fcvt.l.s", 0xc0200053, 0xfff0007f, F_FP, FCVT_L_S, ISA_EXT_F, 64) \
    E("fcvt.s.l", 0xd0200053, 0xfff0007f, F_FP, FCVT_S_L, ISA_EXT_F, 64) \
    E("fcvt.lu.s", 0xc0300053, 0xfff0007f, F_FP, FCVT_LU_S, ISA_EXT_F, 64) \
    E("fcvt.s.lu", 0xd0300053, 0xfff0007f, F_FP, FCVT_S_LU, ISA_EXT_F, 64) \
    E("fld", 0x00003007, 0x0000707f, F_I, FLD, ISA_EXT_D, 0) \
    E("fsd", 0x00003027, 0x0000707f, F_S, FSD, ISA_EXT_D, 0) \
    E("fmadd.d", 0x02000043, 0x0600007f, F_FP_R4, FMADD_D, ISA_EXT_D, 0) \
    E("fmsub.d", 0x02000047, 0x0600007f, F_FP_R4, FMSUB_D, ISA_EXT_D, 0) \
    E("fnmsub.d", 0x0200004b, 0x0600007f, F_FP_R4, FNMSUB_D, ISA_EXT_D, 0) \
    E("fnmadd.d", 0x0200004f, 0x0600007f, F_FP_R4, FNMADD_D, ISA_EXT_D, 0) \
    E("fadd.d", 0x02000053, 0xfe00007f, F_FP, FADD_D, ISA_EXT_D, 0) \
    E("fsub.d", 0x0a000053, 0xfe00007f, F_FP, FSUB_D, ISA_EXT_D, 0) \
    E("fmul.d", 0x12000053, 0xfe00007f, F_FP, FMUL_D, ISA_EXT_D, 0) \
    E("fdiv.d", 0x1a000053, 0xfe00007f, F_FP, FDIV_D, ISA_EXT_D, 0) \
    E("fsqrt.d", 0x5a000053, 0xfff0007f, F_FP, FSQRT_D, ISA_EXT_D, 0) \
    E("fsgnj.d", 0x22000053, 0xfe00707f, F_R, FSGNJ_D, ISA_EXT_D, 0) \
    E("fsgnjn.d", 0x22001053, 0xfe00707f, F_R, FSGNJN_D, ISA_EXT_D, 0) \
    E("fsgnjx.d", 0x22002053, 0xfe00707f, F_R, FSGNJX_D, ISA_EXT_D, 0) \
    E("fmin.d", 0x2a000053, 0xfe00707f, F_R, FMIN_D, ISA_EXT_D, 0) \
    E("fmax.d", 0x2a001053, 0xfe00707f, F_R, FMAX_D, ISA_EXT_D, 0) \
    E("feq.d", 0xa2002053, 0xfe00707f, F_R, FEQ_D, ISA_EXT_D, 0) \
    E("flt.d", 0xa2001053, 0xfe00707f, F_R, FLT_D, ISA_EXT_D, 0) \
    E("fle.d", 0xa2000053, 0xfe00707f, F_R, FLE_D, ISA_EXT_D, 0) \
    E("fclass.d", 0xe2001053, 0xfff0707f, F_R1, FCLASS_D, ISA_EXT_D, 0) \
    E("fmv.x.d", 0xe2000053, 0xfff0707f, F_R1, FMV_X_D, ISA_EXT_D, 64) \
    E("fmv.d.x", 0xf2000053, 0xfff0707f, F_R1, FMV_D_X, ISA_EXT_D, 64) \
    E("fcvt.w.d", 0xc2000053, 0xfff0007f, F_FP, FCVT_W_D, ISA_EXT_D, 0) \
    E("fcvt.d.w", 0xd2000053, 0xfff0007f, F_FP, FCVT_D_W, ISA_EXT_D, 0) \
    E("fcvt.wu.d", 0xc2100053, 0xfff0007f, F_FP, FCVT_WU_D, ISA_EXT_D, 0) \
    E("fcvt.d.wu", 0xd2100053, 0xfff0007f, F_FP, FCVT_D_WU, ISA_EXT_D, 0) \
    E("fcvt.l.d", 0xc2200053, 0xfff0007f, F_FP, FCVT_L_D, ISA_EXT_D, 64) \
    E("fcvt.d.l", 0xd2200053, 0xfff0007f, F_FP, FCVT_D_L, ISA_EXT_D, 64) \
    E("fcvt.lu.d", 0xc2300053, 0xfff0007f, F_FP, FCVT_LU_D, ISA_EXT_D, 64) \
    E("fcvt.d.lu", 0xd2300053, 0xfff0007f, F_FP, FCVT_D_LU, ISA_EXT_D, 64) \
    E("fcvt.s.d", 0x40100053, 0xfff0007f, F_FP, FCVT_S_D, ISA_EXT_D, 0) \
    E("fcvt.d.s", 0x42000053, 0xfff0007f, F_FP, FCVT_D_S, ISA_EXT_D, 0) \
    /* --- C, floating point: the C and F or D extensions both --- */ \
    E("c.fld", 0x2000, 0xe003, F_CL_D, FLD, ISA_EXT_C | ISA_EXT_D, 0) \
    E("c.flw", 0x6000, 0xe003, F_CL_W, FLW, ISA_EXT_C | ISA_EXT_F, 32) \
    E("c.fsd", 0xa000, 0xe003, F_CS_D, FSD, ISA_EXT_C | ISA_EXT_D, 0) \
    E("c.fsw", 0xe000, 0xe003, F_CS_W, FSW, ISA_EXT_C | ISA_EXT_F, 32) \
    E("c.fldsp", 0x2002, 0xe003, F_CI_FLDSP, FLD, ISA_EXT_C | ISA_EXT_D, 0) \
    E("c.flwsp", 0x6002, 0xe003, F_CI_FLWSP, FLW, ISA_EXT_C | ISA_EXT_F, 32) \
    E("c.fsdsp", 0xa002, 0xe003, F_CSS_D, FSD, ISA_EXT_C | ISA_EXT_D, 0) \
    E("c.fswsp", 0xe002, 0xe003, F_CSS_W, FSW, ISA_EXT_C | ISA_EXT_F, 32)

/* clang-format on */
#endif
