/* The F and D handlers of the interpreter: included by exec_template.h inside the executor
 * function, so they use its macros. Only a hart with F decodes these operations, so a core without
 * an FPU never reaches them. Every one first checks mstatus.FS (Off: illegal instruction); the
 * arithmetic is in fpu.c. */
/* clang-format off */
#define FP_ENABLED() do { \
        if (unlikely(!(h->csr.mstatus & MSTATUS_FS))) TRAP(CAUSE_ILLEGAL_INSN, INFO.raw); \
    } while (0)

#define FLOAD(type, box) do { \
        FP_ENABLED(); \
        uint64_t a_ = ADDR, off_ = a_ - h->ram_base; \
        type v_; \
        if (likely(off_ < h->fast_size && !(a_ & (sizeof(type) - 1)))) { \
            memcpy(&v_, h->ram + off_, sizeof v_); \
        } else { \
            uint64_t w_; \
            mem_result_t r_ = mem_load_slow(h, a_, sizeof(type), &w_, b->events[i - b->insn], \
                                          (unsigned)(i - b->insn)); \
            if (unlikely(r_ == MEM_FAULT)) goto trap_mid_block; \
            v_ = (type)w_; \
        } \
        h->f[i->rd & 31] = (box) | v_; \
        h->csr.mstatus |= MSTATUS_FS; \
        NEXT(); \
    } while (0)

#define FSTORE(type) do { \
        FP_ENABLED(); \
        uint64_t a_ = ADDR, off_ = a_ - h->ram_base; \
        type v_ = (type)h->f[i->rs2]; \
        if (likely(off_ < h->fast_size && !(a_ & (sizeof(type) - 1)) && \
                   !(h->store_watch[off_ >> 9] & (1u << ((off_ >> 6) & 7))))) { \
            memcpy(h->ram + off_, &v_, sizeof v_); \
        } else { \
            mem_result_t r_ = mem_store_slow(h, a_, sizeof(type), (uint64_t)v_, b->events[i - b->insn], \
                                            (unsigned)(i - b->insn)); \
            if (unlikely(r_ != MEM_OK)) { \
                if (r_ == MEM_FAULT) goto trap_mid_block; \
                goto stop_after_insn; \
            } \
        } \
        NEXT(); \
    } while (0)

L_FLW: FLOAD(uint32_t, FPU_BOX);
L_FLD: FLOAD(uint64_t, 0);
L_FSW: FSTORE(uint32_t);
L_FSD: FSTORE(uint64_t);
L_FADD_S: L_FSUB_S: L_FMUL_S: L_FDIV_S: L_FADD_D: L_FSUB_D: L_FMUL_D: L_FDIV_D:
L_FMADD_S: L_FMSUB_S: L_FNMSUB_S: L_FNMADD_S: L_FMADD_D: L_FMSUB_D: L_FNMSUB_D: L_FNMADD_D:
L_FSQRT_S: L_FSGNJ_S: L_FSGNJN_S: L_FSGNJX_S: L_FMIN_S: L_FMAX_S: L_FEQ_S: L_FLT_S: L_FLE_S:
L_FCLASS_S: L_FMV_X_W: L_FMV_W_X: L_FCVT_W_S: L_FCVT_WU_S: L_FCVT_L_S: L_FCVT_LU_S:
L_FCVT_S_W: L_FCVT_S_WU: L_FCVT_S_L: L_FCVT_S_LU:
L_FSQRT_D: L_FSGNJ_D: L_FSGNJN_D: L_FSGNJX_D: L_FMIN_D: L_FMAX_D: L_FEQ_D: L_FLT_D: L_FLE_D:
L_FCLASS_D: L_FMV_X_D: L_FMV_D_X: L_FCVT_W_D: L_FCVT_WU_D: L_FCVT_L_D: L_FCVT_LU_D:
L_FCVT_D_W: L_FCVT_D_WU: L_FCVT_D_L: L_FCVT_D_LU: L_FCVT_S_D: L_FCVT_D_S: {
    FP_ENABLED();
    int r_ = fpu_exec(h, INFO.op, i);
    if (unlikely(r_ != 0)) {
        if (r_ == FPU_ILLEGAL) TRAP(CAUSE_ILLEGAL_INSN, INFO.raw);
        DYN(FP_SUBNORMAL);
    }
    NEXT();
}

#undef FP_ENABLED
#undef FLOAD
#undef FSTORE
/* clang-format on */
