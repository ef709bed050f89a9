#define N 3
#include "cas_increment.c"
