/* The RISC-V Linux Image boot header (loader/linux_image.h). */
#include "loader/linux_image.h"

#include <stdio.h>
#include <string.h>

#define HEADER_SIZE 64
#define MAGIC_OFFSET 48  /* "RISCV\0\0\0", deprecated since header version 0.2 */
#define MAGIC2_OFFSET 56 /* "RSC\x05" */

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (unsigned k = 8; k-- > 0;)
        v = v << 8 | p[k];
    return v;
}

bool linux_image_probe(const char *path, linux_image_header_t *hdr)
{
    unsigned char h[HEADER_SIZE];
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t n = fread(h, 1, sizeof h, f);
    fclose(f);
    if (n != sizeof h)
        return false;
    if (memcmp(h + MAGIC2_OFFSET, "RSC\x05", 4) != 0 && memcmp(h + MAGIC_OFFSET, "RISCV\0\0\0", 8) != 0)
        return false;
    hdr->text_offset = le64(h + 8);
    hdr->image_size = le64(h + 16);
    hdr->version = (uint32_t)le64(h + 32);
    return true;
}
