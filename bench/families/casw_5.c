#define N 5
#include "casw.c"
