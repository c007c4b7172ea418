/* A plain implementation of mem/bus.h for unit tests (the real one is src/mem/bus.c). */
#include <stdlib.h>
#include <string.h>

#include "mem/bus.h"

static bus_region_t *stub_bus_add(bus_t *bus, const char *name, uint64_t base, uint64_t size,
                                  unsigned flags)
{
    if (bus->n_regions == BUS_MAX_REGIONS || size == 0)
        return NULL;
    for (unsigned i = 0; i < bus->n_regions; i++) {
        const bus_region_t *r = &bus->region[i];
        if (base < r->base + r->size && r->base < base + size)
            return NULL;
    }
    bus_region_t *r = &bus->region[bus->n_regions++];
    *r = (bus_region_t){ .name = name, .base = base, .size = size, .flags = flags };
    return r;
}

bus_region_t *bus_add_ram(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags)
{
    bus_region_t *r = stub_bus_add(bus, name, base, size, flags | REGION_RAM);
    if (r && !(r->host = calloc(1, size))) {
        bus->n_regions--;
        return NULL;
    }
    return r;
}

bus_region_t *bus_add_device(bus_t *bus, const char *name, uint64_t base, uint64_t size,
                             const device_ops_t *ops, void *opaque, unsigned flags)
{
    bus_region_t *r = stub_bus_add(bus, name, base, size, flags & ~(unsigned)REGION_RAM);
    if (r) {
        r->ops = ops;
        r->opaque = opaque;
    }
    return r;
}

void bus_free(bus_t *bus)
{
    for (unsigned i = 0; i < bus->n_regions; i++)
        free(bus->region[i].host);
    memset(bus, 0, sizeof(*bus));
}

const bus_region_t *bus_find(const bus_t *bus, uint64_t addr, uint64_t len)
{
    for (unsigned i = 0; i < bus->n_regions; i++) {
        const bus_region_t *r = &bus->region[i];
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
    if (r->ops)
        return r->ops->read(r->opaque, addr - r->base, size, val);
    uint64_t v = 0;
    for (unsigned i = size; i-- > 0;)
        v = (v << 8) | r->host[addr - r->base + i];
    *val = v;
    return BUS_OK;
}

bus_status_t bus_write(const bus_t *bus, uint64_t addr, unsigned size, uint64_t val)
{
    const bus_region_t *r = bus_find(bus, addr, size);
    if (!r)
        return BUS_FAULT;
    if (r->ops)
        return r->ops->write(r->opaque, addr - r->base, size, val);
    for (unsigned i = 0; i < size; i++, val >>= 8)
        r->host[addr - r->base + i] = (uint8_t)val;
    return BUS_OK;
}

uint8_t *bus_ram_ptr(const bus_t *bus, uint64_t addr, uint64_t len)
{
    const bus_region_t *r = bus_find(bus, addr, len ? len : 1);
    return r && r->host ? r->host + (addr - r->base) : NULL;
}
