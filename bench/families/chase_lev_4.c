#define N 4
#include "chase_lev.c"
