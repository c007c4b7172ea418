/* Driver of the micro-cases in micro6.S (vt-micro6); see micro.c and README.md. */
#include "micro_ext.h"

#define MICRO6_LIST(X) X(m6_store_load4_load1) X(m6_load_load1) X(m6_load_load1_store2)
MICRO6_LIST(DECL)

int main(void)
{
    micro("store-load4-load1-ext", m6_store_load4_load1);
    micro("load-load1-ext", m6_load_load1);
    micro("load-load1-store2-ext", m6_load_load1_store2);
    vt_done();
    return 0;
}
