#define N 4
#include "cas_race.c"
