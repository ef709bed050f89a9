#define N 4
#include "treiber_stack.c"
