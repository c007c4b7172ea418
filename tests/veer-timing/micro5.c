/* Driver of the micro-cases in micro5.S (vt-micro5); see micro.c and README.md. */
#include "micro_ext.h"

#define MICRO5_LIST(X) \
    X(m5_store_load9_use) X(m5_store_load10_use) X(m5_store_load9_load2) X(m5_store_load10_load2)
MICRO5_LIST(DECL)

int main(void)
{
    micro("store-load9-use-ext", m5_store_load9_use);
    micro("store-load10-use-ext", m5_store_load10_use);
    micro("store-load9-load2-ext", m5_store_load9_load2);
    micro("store-load10-load2-ext", m5_store_load10_load2);
    vt_done();
    return 0;
}
