#define N 2
#include "ms_queue.c"
