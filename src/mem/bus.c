#include "mem/bus.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static bool overlaps(const bus_t *bus, uint64_t base, uint64_t size)
{
    for (unsigned k = 0; k < bus->n_regions; k++) {
        const bus_region_t *r = &bus->region[k];
        if (base < r->base + r->size && r->base < base + size)
            return true;
    }
    return false;
}

static bus_region_t *add_region(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags)
{
    if (bus->n_regions == BUS_MAX_REGIONS || size == 0 || base + size < base || overlaps(bus, base, size))
        return NULL;
    bus_region_t *r = &bus->region[bus->n_regions++];
    memset(r, 0, sizeof *r);
    r->name = name;
    r->base = base;
    r->size = size;
    r->flags = flags;
    return r;
}

uint8_t *bus_host_map(uint64_t size)
{
    if (size == 0 || size > SIZE_MAX) {
        errno = ENOMEM;
        return NULL;
    }
    void *p =
        mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* Transparent huge pages where the host offers them (madvise mode): 2 MiB aligned, so that the
 * kernel can back the mapping with huge pages. Touching fresh 4 KiB pages is what a guest OS's
 * boot spends most of its host time on otherwise (one page fault per page, and on virtualised
 * hosts a costly one). */
#define HUGE_PAGE (2ull << 20)

uint8_t *bus_host_map_huge(uint64_t size)
{
    if (size < HUGE_PAGE || size > SIZE_MAX - HUGE_PAGE)
        return bus_host_map(size);
    uint8_t *p = bus_host_map(size + HUGE_PAGE);
    if (!p)
        return NULL;
    uintptr_t lo = (uintptr_t)p, at = (lo + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t end = lo + (uintptr_t)(size + HUGE_PAGE);
    uintptr_t used = at + (((uintptr_t)size + 4095) & ~(uintptr_t)4095);
    if (at > lo)
        munmap(p, at - lo);
    if (end > used)
        munmap((void *)used, end - used);
#ifdef MADV_HUGEPAGE
    (void)madvise((void *)at, (size_t)size, MADV_HUGEPAGE); /* only a hint: fine if refused */
#endif
    return (uint8_t *)at;
}

void bus_host_unmap(uint8_t *p, uint64_t size)
{
    if (p)
        munmap(p, (size_t)size);
}

void bus_host_zero(uint8_t *p, uint64_t n)
{
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t first = ((uintptr_t)p + page - 1) & ~(page - 1), last = ((uintptr_t)p + n) & ~(page - 1);
    if (n < 2 * page || first >= last) {
        memset(p, 0, (size_t)n);
        return;
    }
    /* the whole pages go back to the kernel, which gives zeroed pages again when touched */
    if (madvise((void *)(uintptr_t)first, (size_t)(last - first), MADV_DONTNEED) != 0) {
        memset(p, 0, (size_t)n);
        return;
    }
    memset(p, 0, (size_t)(first - (uintptr_t)p));
    memset((void *)(uintptr_t)last, 0, (size_t)((uintptr_t)p + n - last));
}

bus_region_t *bus_add_ram(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags)
{
    if (bus->n_regions == BUS_MAX_REGIONS || size == 0 || base + size < base || overlaps(bus, base, size)) {
        errno = EEXIST;
        return NULL;
    }
    /* an OS's RAM in huge pages; small RAMs keep small pages (a huge page costs its zeroing) */
    uint8_t *host = size >= BUS_HUGE_RAM ? bus_host_map_huge(size) : bus_host_map(size);
    if (!host)
        return NULL;
    bus_region_t *r = add_region(bus, name, base, size, flags | REGION_RAM);
    r->host = host;
    return r;
}

bus_region_t *bus_add_device(bus_t *bus, const char *name, uint64_t base, uint64_t size,
                             const device_ops_t *ops, void *opaque, unsigned flags)
{
    bus_region_t *r = add_region(bus, name, base, size, flags & ~(unsigned)REGION_RAM);
    if (r) {
        r->ops = ops;
        r->opaque = opaque;
    }
    return r;
}

bool bus_set_background(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags)
{
    if (bus->has_background || size == 0 || base + size < base || size > SIZE_MAX)
        return false;
    uint8_t *host = bus_host_map(size); /* reserved: the host commits pages the guest touches */
    if (!host)
        return false;
    bus->background =
        (bus_region_t){ .name = name, .base = base, .size = size, .flags = flags | REGION_RAM, .host = host };
    bus->has_background = true;
    return true;
}

bool bus_add_background_hole(bus_t *bus, uint64_t base, uint64_t size)
{
    if (bus->n_background_holes == sizeof(bus->background_hole) / sizeof(bus->background_hole[0]))
        return false;
    bus->background_hole[bus->n_background_holes++] = (struct bus_hole){ base, size };
    return true;
}

/* Does [addr, addr + len) touch a window the background memory leaves out? */
static bool in_background_hole(const bus_t *bus, uint64_t addr, uint64_t len)
{
    for (unsigned k = 0; k < bus->n_background_holes; k++) {
        const struct bus_hole *h = &bus->background_hole[k];
        if (h->base < addr + len && addr < h->base + h->size)
            return true;
    }
    return false;
}

bus_region_t *bus_add_background_window(bus_t *bus, const char *name, uint64_t base, uint64_t size,
                                        unsigned flags)
{
    const bus_region_t *bg = &bus->background;
    if (!bus->has_background || base < bg->base || base - bg->base > bg->size ||
        size > bg->size - (base - bg->base))
        return NULL;
    bus_region_t *r = add_region(bus, name, base, size, flags | REGION_RAM);
    if (r) {
        r->host = bg->host + (base - bg->base);
        r->borrowed = true;
    }
    return r;
}

void bus_free(bus_t *bus)
{
    for (unsigned k = 0; k < bus->n_regions; k++)
        if (!bus->region[k].borrowed)
            bus_host_unmap(bus->region[k].host, bus->region[k].size);
    bus->n_regions = 0;
    if (bus->has_background)
        bus_host_unmap(bus->background.host, bus->background.size);
    bus->has_background = false;
}

static bool region_holds(const bus_region_t *r, uint64_t addr, uint64_t len)
{
    return addr >= r->base && addr - r->base < r->size && len <= r->size - (addr - r->base);
}

const bus_region_t *bus_find(const bus_t *bus, uint64_t addr, uint64_t len)
{
    for (unsigned k = 0; k < bus->n_regions; k++) {
        const bus_region_t *r = &bus->region[k];
        if (region_holds(r, addr, len))
            return r;
    }
    if (bus->has_background && region_holds(&bus->background, addr, len) &&
        !in_background_hole(bus, addr, len)) {
        /* no region may overlap the access either */
        for (unsigned k = 0; k < bus->n_regions; k++)
            if (bus->region[k].base < addr + len && addr < bus->region[k].base + bus->region[k].size)
                return NULL;
        return &bus->background;
    }
    return NULL;
}

const bus_region_t *bus_region_span(const bus_t *bus, uint64_t addr, uint64_t *span_end)
{
    uint64_t next = UINT64_MAX; /* the lowest region start above addr */
    for (unsigned k = 0; k < bus->n_regions; k++) {
        const bus_region_t *r = &bus->region[k];
        if (region_holds(r, addr, 1)) {
            *span_end = r->base + r->size;
            return r;
        }
        if (r->base > addr && r->base < next)
            next = r->base;
    }
    const bus_region_t *bg = &bus->background;
    if (bus->has_background) {
        for (unsigned k = 0; k < bus->n_background_holes; k++) {
            const struct bus_hole *h = &bus->background_hole[k];
            if (addr >= h->base && addr - h->base < h->size) {
                uint64_t end = h->base + h->size;
                *span_end = next < end ? next : end; /* nothing but regions in a hole */
                return NULL;
            }
            if (h->base > addr && h->base < next)
                next = h->base;
        }
        if (region_holds(bg, addr, 1)) {
            uint64_t end = bg->base + bg->size;
            *span_end = next < end ? next : end;
            return bg;
        }
        if (bg->base > addr && bg->base < next)
            next = bg->base;
    }
    *span_end = next;
    return NULL;
}

uint8_t *bus_ram_ptr(const bus_t *bus, uint64_t addr, uint64_t len)
{
    const bus_region_t *r = bus_find(bus, addr, len ? len : 1);
    if (!r || !r->host)
        return NULL;
    ((bus_t *)bus)->host_ptrs++; /* the caller may write through it (the bus itself is never const) */
    return r->host + (addr - r->base);
}
