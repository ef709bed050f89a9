#define N 3
#include "chase_lev.c"
