#include "mem/bus.h"

#include <stdlib.h>
#include <string.h>

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

bus_region_t *bus_add_ram(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags)
{
    uint8_t *host = calloc(1, size);
    if (!host)
        return NULL;
    bus_region_t *r = add_region(bus, name, base, size, flags | REGION_RAM);
    if (!r) {
        free(host);
        return NULL;
    }
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

void bus_free(bus_t *bus)
{
    for (unsigned k = 0; k < bus->n_regions; k++)
        free(bus->region[k].host);
    bus->n_regions = 0;
}

const bus_region_t *bus_find(const bus_t *bus, uint64_t addr, uint64_t len)
{
    for (unsigned k = 0; k < bus->n_regions; k++) {
        const bus_region_t *r = &bus->region[k];
        if (addr >= r->base && addr - r->base < r->size && len <= r->size - (addr - r->base))
            return r;
    }
    return NULL;
}

bus_status_t bus_read(const bus_t *bus, uint64_t addr, unsigned size, uint64_t *val)
{
    const bus_region_t *r = bus_find(bus, addr, size);
    if (!r)
        return BUS_FAULT;
    if (r->host) {
        uint64_t v = 0;
        memcpy(&v, r->host + (addr - r->base), size); /* little-endian host */
        *val = v;
        return BUS_OK;
    }
    if (!r->ops->read)
        return BUS_FAULT;
    return r->ops->read(r->opaque, addr - r->base, size, val);
}

bus_status_t bus_write(const bus_t *bus, uint64_t addr, unsigned size, uint64_t val)
{
    const bus_region_t *r = bus_find(bus, addr, size);
    if (!r)
        return BUS_FAULT;
    if (r->host) {
        memcpy(r->host + (addr - r->base), &val, size);
        return BUS_OK;
    }
    if (!r->ops->write)
        return BUS_FAULT;
    return r->ops->write(r->opaque, addr - r->base, size, val);
}

uint8_t *bus_ram_ptr(const bus_t *bus, uint64_t addr, uint64_t len)
{
    const bus_region_t *r = bus_find(bus, addr, len ? len : 1);
    return r && r->host ? r->host + (addr - r->base) : NULL;
}
