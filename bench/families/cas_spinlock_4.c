#define N 4
#include "cas_spinlock.c"
