/* The device classes machine descriptions can name. */
#include <string.h>

#include "dev/devices.h"

static const device_class_t *const all_classes[] = {
    &uart16550_class,
    &clint_class,
    &sifive_test_class,
    &veer_mailbox_class,
};

const device_class_t *device_class_find(const char *name)
{
    for (size_t k = 0; k < sizeof(all_classes) / sizeof(all_classes[0]); k++)
        if (strcmp(all_classes[k]->name, name) == 0)
            return all_classes[k];
    return NULL;
}
