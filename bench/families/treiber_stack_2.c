#define N 2
#include "treiber_stack.c"
