/* C side of the trap entry in crt0.S. */
#include "pmusim_rt.h"

static rt_trap_handler_t rt_trap_handler;

rt_trap_handler_t rt_set_trap_handler(rt_trap_handler_t fn)
{
    rt_trap_handler_t old = rt_trap_handler;
    rt_trap_handler = fn;
    return old;
}

uintptr_t rt_trap_dispatch(rt_trap_frame_t *frame);

uintptr_t rt_trap_dispatch(rt_trap_frame_t *frame)
{
    rt_trap_handler_t fn = rt_trap_handler;
    if (fn)
        return fn(frame);
    rt_printf("unexpected trap mcause=0x%lx mepc=0x%lx mtval=0x%lx\n", (unsigned long)frame->mcause,
              (unsigned long)frame->mepc, (unsigned long)frame->mtval);
    rt_exit(3);
}
