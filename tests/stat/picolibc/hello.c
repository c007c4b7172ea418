/* Built with Debian's stock picolibc as docs/usage.md says ("Programs built with Debian's
 * picolibc"): prints a line through semihosting and returns 42 from main, which must come out as
 * pmusim's exit status (on RV32 only SYS_EXIT_EXTENDED carries it, which picolibc uses once the
 * :semihosting-features probe reports SH_EXT_EXIT_EXTENDED). */
#include <stdio.h>

int main(void)
{
    printf("hello from picolibc\n");
    return 42;
}
