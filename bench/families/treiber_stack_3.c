#define N 3
#include "treiber_stack.c"
