/* Driver of the micro-cases in micro9.S (vt-micro9); see micro.c and README.md. */
#include "micro_ext.h"

#define MICRO9_LIST(X) X(m9_flush_store) X(m9_jal_store) X(m9_flush_pair) X(m9_jal_pair)
MICRO9_LIST(DECL)

int main(void)
{
    micro("flush-store-ext", m9_flush_store);
    micro("jal-store-ext", m9_jal_store);
    micro("flush-pair-ext", m9_flush_pair);
    micro("jal-pair-ext", m9_jal_pair);
    vt_done();
    return 0;
}
