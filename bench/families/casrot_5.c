#define N 5
#include "casrot.c"
