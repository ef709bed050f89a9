#define N 3
#include "cas_spinlock.c"
