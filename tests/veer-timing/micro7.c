/* Driver of the micro-cases in micro7.S (vt-micro7); see micro.c and README.md. */
#include "micro_ext.h"

#define MICRO7_LIST(X) X(m7_sift_branches) X(m7_sift_plain) X(m7_sift_taken) X(m7_sift_sameword) X(m7_exit_pair) X(m7_exit_single)
MICRO7_LIST(DECL)

int main(void)
{
    micro("sift-branches-ext", m7_sift_branches);
    micro("sift-plain-ext", m7_sift_plain);
    micro("sift-taken-ext", m7_sift_taken);
    micro("sift-sameword-ext", m7_sift_sameword);
    micro("exit-pair-ext", m7_exit_pair);
    micro("exit-single-ext", m7_exit_single);
    vt_done();
    return 0;
}
