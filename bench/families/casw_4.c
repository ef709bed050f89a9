#define N 4
#include "casw.c"
