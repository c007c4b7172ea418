/* Raw binary images: the file's bytes at one address. */
#include "loader/raw_load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int raw_fail(const elf_target_t *target, const char *path, int fd, const char *fmt, const char *detail)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, detail);
    diag_error(target->diag, "%s: %s", path, msg);
    if (fd >= 0)
        close(fd);
    return -1;
}

int raw_load(const elf_target_t *target, const char *path, uint64_t addr, elf_image_t *img)
{
    struct stat st;
    char where[160];

    memset(img, 0, sizeof(*img));
    /* the type first: a FIFO or a device is never opened */
    if (stat(path, &st) != 0)
        return raw_fail(target, path, -1, "%s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return raw_fail(target, path, -1, "%s", "is not a regular file, not a program image");
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return raw_fail(target, path, -1, "%s", strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return raw_fail(target, path, fd, "%s", "is not a regular file, not a program image");
    uint64_t size = (uint64_t)st.st_size;
    if (size == 0)
        return raw_fail(target, path, fd, "%s", "is empty: a raw binary needs at least one instruction");
    uint64_t last = addr + size - 1;
    uint8_t *dst = last >= addr && (target->xlen == 64 || last <= UINT32_MAX)
                       ? bus_ram_ptr(target->bus, addr, size)
                       : NULL;
    if (!dst) {
        snprintf(where, sizeof(where),
                 "%llu bytes at 0x%llx (--load-addr) do not fit in one memory of machine %s",
                 (unsigned long long)size, (unsigned long long)addr, target->name);
        return raw_fail(target, path, fd, "%s", where);
    }
    /* Straight into guest memory: a bounce buffer would touch every page twice more (a large
     * initrd's pages are what a boot's start-up spends its time on). A failed read clears what it
     * wrote, so no partial image is left. */
    uint64_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, dst + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            bus_host_zero(dst, got);
            return raw_fail(target, path, fd, "%s", n < 0 ? strerror(errno) : "changed while being read");
        }
        got += (uint64_t)n;
    }
    close(fd);
    img->path = strdup(path);
    img->xlen = target->xlen;
    img->entry = addr;
    return 0;
}
