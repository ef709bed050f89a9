#define N 5
#include "cas_spinlock.c"
