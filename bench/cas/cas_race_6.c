#define N 6
#include "cas_race.c"
