#define N 6
#include "fetch_add.c"
