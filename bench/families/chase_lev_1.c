#define N 1
#include "chase_lev.c"
