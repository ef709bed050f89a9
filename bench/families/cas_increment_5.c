#define N 5
#include "cas_increment.c"
