/* Input signals of the VeeR EL2 core that a device drives (dev_host_t.core_signal): the pins the
 * VeeR testbench toggles from its mailbox (docs/machine-veer-el2.md). */
#ifndef PMUSIM_CORE_VEER_EL2_SIGNALS_H
#define PMUSIM_CORE_VEER_EL2_SIGNALS_H

enum veer_signal {
    VEER_SIG_NMI = 1,    /* a rising edge of nmi_int: one NMI, mcause 0 */
    VEER_SIG_NMI_VECTOR, /* value: the nmi_vec input (handler address) */
    VEER_SIG_IRQ_PULSE,  /* value: an mip bit raised for one cycle (soft_int, timer_int) */
    VEER_SIG_DBUS_ERROR, /* the next D-bus transaction (load or store) gets a bus error */
    VEER_SIG_IBUS_ERROR, /* the next I-bus fetch gets a bus error */
    VEER_SIG_ECC_INJECT, /* value: enum veer_ecc_inject, errors injected into what is written next */
    VEER_SIG_EXT_LINE,   /* value: line | level << 8, an external interrupt line into the PIC */
    VEER_SIG_EXT_PULSE,  /* value: a line raised for one cycle */
    VEER_SIG_EXT_CLEAR,  /* every external line lowered */
};

enum veer_ecc_inject {
    VEER_ECC_OFF = 0,
    VEER_ECC_ICCM_SINGLE,
    VEER_ECC_ICCM_DOUBLE,
    VEER_ECC_DCCM_SINGLE,
    VEER_ECC_DCCM_DOUBLE,
    VEER_ECC_ICACHE, /* the next I-cache read of a line has a parity error */
};

#endif
