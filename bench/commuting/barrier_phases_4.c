#define N 4
#include "barrier_phases.c"
