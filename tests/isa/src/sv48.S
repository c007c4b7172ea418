#define SV48 1
#include "vm.S"
