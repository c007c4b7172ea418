/* GCR registers and pmusim's qualifier bits, for the guest tests (docs/mips-cm.md). */
#include <stdint.h>

#ifndef GCR
#define GCR 0x16100000ul /* -M p8700,gcr-base= moves it: the test is built with -DGCR=... */
#endif
#define REG(off) (*(volatile uint32_t *)(GCR + (off)))
#define REG64(off) (*(volatile uint64_t *)(GCR + (off)))
#define GCR_CONFIG 0x0000
#define GCR_BASE 0x0008
#define GCR_REV 0x0030
#define GCR_L2_CONFIG 0x0130
#define PC_CTL 0x6100
#define PC_OV 0x6120
#define PC_EVENT 0x6130
#define PC_CYCLE 0x6180
#define PC_QUAL0 0x6190
#define PC_CNT0 0x6198
#define PC_QUAL1 0x61A0
#define PC_CNT1 0x61A8

#define CTL_INT_EN (1u << 30)
#define CTL_OVF_STOP (1u << 29)
#define CTL_ON_ALL 0x150u
#define CTL_RESET_ALL (CTL_ON_ALL << 1) /* each Reset bit sits above its CountOn bit */

#define DMA 0x16000000ul
#define DMA_REG(off) (*(volatile uint64_t *)(DMA + (off)))
