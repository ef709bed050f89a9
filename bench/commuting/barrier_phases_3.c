#define N 3
#include "barrier_phases.c"
