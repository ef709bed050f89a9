#define N 5
#include "barrier_phases.c"
