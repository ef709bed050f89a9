#define N 9
#include "casrot.c"
