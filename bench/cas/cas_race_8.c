#define N 8
#include "cas_race.c"
