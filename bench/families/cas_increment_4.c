#define N 4
#include "cas_increment.c"
