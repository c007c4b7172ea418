/* HTIF, the Spike host interface: the guest stores a command to `tohost`, the host clears `tohost`
 * once it has taken it and answers through `fromhost`.
 *
 * A command is device (bits 63:56), command (55:48) and payload (47:0):
 *   device 0 (syscall proxy), command 0: payload odd  = exit with status payload >> 1
 *                                         payload even = address of a magic_mem block
 *   device 1 (console),       command 1: put the character payload & 0xff
 * magic_mem is 8 uint64_t words, {syscall number, arg0, arg1, ...}, as riscv-pk builds it; the
 * result goes back into word 0 and the host then writes 1 to fromhost. */
#include <errno.h>

#include "dev/devices.h"

#define HTIF_DEV_SYSCALL 0u
#define HTIF_DEV_CONSOLE 1u
#define HTIF_CONSOLE_PUTCHAR 1u

/* riscv-pk / Linux generic syscall numbers */
#define HTIF_SYS_WRITE 64u
#define HTIF_SYS_EXIT 93u
#define HTIF_SYS_EXIT_GROUP 94u

#define HTIF_MAGIC_WORDS 8u

static void htif_store64(const htif_t *t, uint64_t addr, uint64_t value)
{
    uint8_t *p = addr ? bus_ram_ptr(t->host->bus, addr, 8) : NULL;
    if (p)
        dev_put_le(p, 8, value);
}

/* Runs one proxied system call; returns its result (negative errno on failure). */
static int64_t htif_syscall(const htif_t *t, const uint64_t *arg)
{
    switch (arg[0]) {
    case HTIF_SYS_WRITE: {
        uint64_t fd = arg[1], buf = arg[2], len = arg[3];
        if (fd != 1 && fd != 2)
            return -EBADF;
        if (len == 0)
            return 0;
        const uint8_t *p = bus_ram_ptr(t->host->bus, buf, len);
        if (!p)
            return -EFAULT;
        t->host->console_write(t->host->ctx, p, (size_t)len);
        return (int64_t)len;
    }
    case HTIF_SYS_EXIT:
    case HTIF_SYS_EXIT_GROUP: t->host->guest_exit(t->host->ctx, (int)arg[1]); return 0;
    default: return -ENOSYS;
    }
}

void htif_tohost_write(const htif_t *t, uint64_t value)
{
    unsigned dev = (unsigned)(value >> 56);
    unsigned cmd = (unsigned)(value >> 48) & 0xFFu;
    uint64_t payload = value & 0xFFFFFFFFFFFFull;

    if (value == 0)
        return; /* the guest clearing tohost: nothing to do */

    /* Spike takes the command by clearing tohost before acting on it. */
    htif_store64(t, t->tohost, 0);

    if (dev == HTIF_DEV_SYSCALL && cmd == 0) {
        if (payload & 1) {
            t->host->guest_exit(t->host->ctx, (int)(payload >> 1));
            return;
        }
        uint8_t *block = bus_ram_ptr(t->host->bus, payload, HTIF_MAGIC_WORDS * 8);
        if (!block)
            return; /* no memory to answer into: ignore the request */
        uint64_t arg[HTIF_MAGIC_WORDS];
        for (unsigned i = 0; i < HTIF_MAGIC_WORDS; i++)
            arg[i] = dev_get_le(block + 8 * i, 8);
        dev_put_le(block, 8, (uint64_t)htif_syscall(t, arg));
        htif_store64(t, t->fromhost, 1); /* response: device 0, command 0, payload 1 */
    } else if (dev == HTIF_DEV_CONSOLE && cmd == HTIF_CONSOLE_PUTCHAR) {
        uint8_t ch = (uint8_t)payload;
        t->host->console_write(t->host->ctx, &ch, 1);
        /* Spike acknowledges a putchar with the same device/command and 0x100 | ch. */
        htif_store64(t, t->fromhost, (value & ~0xFFFFFFFFFFFFull) | 0x100u | ch);
    }
    /* Anything else (console reads, unknown devices) is ignored: there is no input. */
}
