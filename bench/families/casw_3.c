#define N 3
#include "casw.c"
