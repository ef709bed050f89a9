#define N 2
#include "chase_lev.c"
