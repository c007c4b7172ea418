/* What a debugger (the gdb stub, src/debug/) sets on harts: breakpoints and watchpoints.
 *
 * Nothing here costs anything on the fast path while no debugger is attached (hart_t.debug is
 * NULL). Breakpoints are instructions whose decoded handler is replaced by OP_DEBUG_BREAK when
 * their block is built; changing the breakpoints drops every decoded block. Watchpoints take
 * every load and store of the hart off the inline RAM path while any exists, and the slow path
 * checks them. */
#ifndef PMUSIM_CPU_DEBUG_H
#define PMUSIM_CPU_DEBUG_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

#define DEBUG_MAX_POINTS 64

enum debug_watch_kind { DEBUG_WATCH_WRITE = 1, DEBUG_WATCH_READ = 2, DEBUG_WATCH_ACCESS = 3 };

/* Breakpoints and watchpoints, shared by the harts of a machine. */
typedef struct debug_points {
    uint64_t bp[DEBUG_MAX_POINTS];
    unsigned n_bp;
    struct debug_watch {
        uint64_t addr, len;
        enum debug_watch_kind kind;
    } wp[DEBUG_MAX_POINTS];
    unsigned n_wp;
} debug_points_t;

/* What stopped a hart (STOP_DEBUG). */
enum debug_hit { DEBUG_HIT_NONE = 0, DEBUG_HIT_BREAK, DEBUG_HIT_WATCH };

typedef struct hart_debug {
    debug_points_t *points;
    /* A hart resuming at a breakpoint executes that instruction once instead of stopping again. */
    bool skip_armed;
    uint64_t skip_pc;
    enum debug_hit hit;
    enum debug_watch_kind hit_kind;
    uint64_t hit_addr; /* the watched access's address */
} hart_debug_t;

/* Attaches (d != NULL) or detaches a debugger's state; drops the hart's decoded blocks. */
void debug_attach(hart_t *h, hart_debug_t *d);
/* Call on every hart after changing the points: blocks are decoded again with the new
 * breakpoints, and the inline memory path follows whether any watchpoint exists. */
void debug_points_changed(hart_t *h);

/* Block building: replaces the handler of each instruction of b at a breakpoint. */
void debug_patch_block(const hart_t *h, block_t *b);
/* The memory slow path: whether an access [addr, addr + size) hits a watchpoint (store: a write);
 * if so the hart stops (STOP_DEBUG) after the instruction. */
bool debug_check_access(hart_t *h, uint64_t addr, unsigned size, bool store);

#endif
