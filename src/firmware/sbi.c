#include "firmware/sbi.h"
int sbi_attach(machine_t *m, const void *dtb, const char *dtb_name)
{
    (void)m;
    (void)dtb;
    (void)dtb_name;
    return -1;
}
