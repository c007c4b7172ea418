/* Physical address space: RAM regions with a host-memory fast path, devices on a slow path. */
#ifndef PMUSIM_MEM_BUS_H
#define PMUSIM_MEM_BUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Result of a device or bus access. Anything but BUS_OK becomes an access fault. */
typedef enum bus_status {
    BUS_OK = 0,
    BUS_FAULT, /* nothing there, or the device refused the access */
} bus_status_t;

/* A memory-mapped device. read/write get the offset inside the device window and an access size
 * of 1, 2, 4 or 8 bytes. Devices are plain data plus callbacks; `opaque` is the device's state. */
typedef struct device_ops {
    bus_status_t (*read)(void *opaque, uint64_t off, unsigned size, uint64_t *val);
    bus_status_t (*write)(void *opaque, uint64_t off, unsigned size, uint64_t val);
} device_ops_t;

/* Region kinds. Core-local regions (DCCM, ICCM, PIC on VeeR) are flagged for PMU address events. */
enum region_flags {
    REGION_RAM = 1u << 0,           /* backed by host memory */
    REGION_EXEC = 1u << 1,          /* instruction fetch allowed */
    REGION_CORE_LOCAL = 1u << 2,    /* tightly coupled memory: not an external bus access */
    REGION_SIDE_EFFECT = 1u << 3,   /* non-idempotent: misaligned accesses trap (VeeR) */
    REGION_WORD_ONLY = 1u << 4,     /* only aligned 32-bit accesses; others are access faults */
    REGION_UNMAPPED = 1u << 5,      /* machine descriptions: a window the background memory leaves out */
    REGION_UNCACHED = 1u << 6,      /* coherent machines: memory the caches never hold */
    REGION_UNCACHED_ACCEL = 1u << 7 /* coherent machines: uncached accelerated memory */
};

typedef struct bus_region {
    const char *name;
    uint64_t base, size;
    unsigned flags;
    uint8_t *host;           /* REGION_RAM: backing store */
    bool borrowed;           /* host belongs to the background memory (a window onto it) */
    const device_ops_t *ops; /* devices */
    void *opaque;
} bus_region_t;

#define BUS_MAX_REGIONS 24

typedef struct bus {
    bus_region_t region[BUS_MAX_REGIONS];
    unsigned n_regions;
    /* Memory behind every address no region claims (the VeeR testbench's sparse memory): host
     * memory reserved for the whole range and committed by the host when first touched. */
    bus_region_t background;
    bool has_background;
    struct bus_hole {
        uint64_t base, size;
    } background_hole[4]; /* windows the background memory leaves out: unclaimed addresses there fault */
    unsigned n_background_holes;
    /* Host pointers into guest memory bus_ram_ptr handed out (HTIF, semihosting and SBI buffers,
     * DMA): the host may have written guest memory where no store watch sees it. fence.i drops
     * decoded code only when this moved (cpu/block_cache.c). */
    uint64_t host_ptrs;
    /* Counts what may end a hart's wait sooner than the run loop last computed: device writes,
     * changes of any hart's interrupt lines, devices' deadlines moved (machine.c, "sleeping harts"). */
    uint64_t wake_events;
    /* Counts device reads and writes: a lone running hart goes on into its next turn only while
     * no device was touched since the run loop last asked the sources (machine.c, "lone turns"). */
    uint64_t io_events;
} bus_t;

/* Guest memory is mapped, not allocated: zeroed pages appear as the guest touches them, so a large
 * RAM that a program barely uses costs nothing, and a size the host cannot map fails cleanly
 * (NULL, errno ENOMEM) instead of aborting in an allocator. */
uint8_t *bus_host_map(uint64_t size);
/* The same, backed by transparent huge pages where the host offers them: for large memories a
 * guest fills fast (an OS's RAM, decoded blocks, translated code); bus_host_unmap frees it. */
uint8_t *bus_host_map_huge(uint64_t size);
/* RAM regions of this size or more are mapped with bus_host_map_huge. */
#define BUS_HUGE_RAM (32ull << 20)
void bus_host_unmap(uint8_t *p, uint64_t size);
/* Zeroes n bytes of memory from bus_host_map without committing it: whole pages are handed back
 * to the host (they read 0 and are committed again when touched), only partial pages are written.
 * So a program's .bss of any size costs nothing until the program uses it. */
void bus_host_zero(uint8_t *p, uint64_t n);

/* Adds a region; returns NULL when it overlaps another one or the table is full (errno EEXIST),
 * or when the host cannot provide the memory (errno ENOMEM). */
bus_region_t *bus_add_ram(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags);
bus_region_t *bus_add_device(bus_t *bus, const char *name, uint64_t base, uint64_t size,
                             const device_ops_t *ops, void *opaque, unsigned flags);
/* Sets the background memory [base, base + size); false when it cannot be reserved. */
bool bus_set_background(bus_t *bus, const char *name, uint64_t base, uint64_t size, unsigned flags);
/* Leaves [base, base + size) out of the background memory: there only regions answer. */
bool bus_add_background_hole(bus_t *bus, uint64_t base, uint64_t size);
/* Adds a RAM region that is a window onto the background memory (same bytes, its own flags). */
bus_region_t *bus_add_background_window(bus_t *bus, const char *name, uint64_t base, uint64_t size,
                                        unsigned flags);
void bus_free(bus_t *bus);

/* The region holding [addr, addr+len), or NULL. */
const bus_region_t *bus_find(const bus_t *bus, uint64_t addr, uint64_t len);
/* The region holding addr, or NULL; *span_end is where that region (or the hole holding addr)
 * ends: the next address that may belong to something else (UINT64_MAX at the top). */
const bus_region_t *bus_region_span(const bus_t *bus, uint64_t addr, uint64_t *span_end);

/* Host pointer for [addr, addr+len) if it lies inside one RAM region, else NULL (loader, HTIF). */
uint8_t *bus_ram_ptr(const bus_t *bus, uint64_t addr, uint64_t len);

#endif
