#define N 3
#include "ms_queue.c"
