#define N 8
#include "fetch_add.c"
