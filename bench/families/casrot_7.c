#define N 7
#include "casrot.c"
