/* Driver of the micro-cases in micro4.S (vt-micro4); see micro.c and README.md. */
#include "micro_ext.h"

#define MICRO4_LIST(X) \
    X(m4_store_load4_use) \
    X(m4_store_load5_use) \
    X(m4_store_load6_use) \
    X(m4_store_load8_use) X(m4_store_load11_use) X(m4_load_use_alu) X(m4_store_load4_br) X(m4_load_use_br) \
        X(m4_store_load8_load2) X(m4_load_load2)
MICRO4_LIST(DECL)

int main(void)
{
    micro("store-load4-use-ext", m4_store_load4_use);
    micro("store-load5-use-ext", m4_store_load5_use);
    micro("store-load6-use-ext", m4_store_load6_use);
    micro("store-load8-use-ext", m4_store_load8_use);
    micro("store-load11-use-ext", m4_store_load11_use);
    micro("load-use-alu-ext", m4_load_use_alu);
    micro("store-load4-br-ext", m4_store_load4_br);
    micro("load-use-br-ext", m4_load_use_br);
    micro("store-load8-load2-ext", m4_store_load8_load2);
    micro("load-load2-ext", m4_load_load2);
    vt_done();
    return 0;
}
