// Threads that race in pairs (the shape of seeds/004's Ccnf benchmark): thread i counts its own
// variable up STEPS times and then writes the variable it shares with thread i ^ 1. Only the two
// writes of a pair conflict: 2^(N/2) traces, while the interleavings, and the states a stateful
// search without reduction stores, grow as (STEPS + 2)^N. With -DSPIN the odd thread of each pair
// first spins until its partner has counted up: no execution bound then, and only cutoffs or
// stored states end the spins.
#include <pthread.h>

#ifndef N
#define N 4
#endif
#ifndef STEPS
#define STEPS 3
#endif

#include <stdatomic.h>

int own[N];
int shared[(N + 1) / 2];
atomic_int ready[(N + 1) / 2];

void *worker(void *arg) {
  int me = (int)(long)arg;
#ifdef SPIN
  if (me % 2)
    while (!atomic_load(&ready[me / 2])) {
    }
#endif
  for (int k = 0; k < STEPS; k++)
    own[me] = own[me] + 1;
#ifdef SPIN
  if (me % 2 == 0)
    atomic_store(&ready[me / 2], 1);
#endif
  shared[me / 2] = me;
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return 0;
}
