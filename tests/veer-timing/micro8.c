/* Driver of the micro-cases in micro8.S (vt-micro8); see micro.c and README.md. */
#include "micro_ext.h"

#define MICRO8_LIST(X) X(m8_root0) X(m8_root_far)
MICRO8_LIST(DECL)

int main(void)
{
    micro("root0-ext", m8_root0);
    micro("root-far-ext", m8_root_far);
    vt_done();
    return 0;
}
