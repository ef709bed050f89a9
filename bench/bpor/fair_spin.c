// A spin-waiting fairness test in the spirit of the dissertation's Fair microbenchmark
// (Table 8.1: three threads access shared variables in a loop and wait for one another to
// modify them before leaving the loop). main and two workers pass a token round a ring by
// spinning on a shared turn variable (ROUNDS turns each) and add to a shared count while they
// hold it. Two threads spin at the same time, so without a fair bound a spinner may run for
// ever while the token holder never runs (a livelock); the fair bound (Algorithm 13,
// dissertation) cuts those unfair schedules and keeps the search finite. It never saturates:
// a higher fair bound always unrolls the spin cycles once more (8.4, "Fair").
#include <assert.h>
#include <pthread.h>

#ifndef THREADS
#define THREADS 3
#endif
#ifndef ROUNDS
#define ROUNDS 1
#endif

int turn;
int count;

static void take_turns(long id) {
  for (int round = 0; round < ROUNDS; round++) {
    while (turn != id)
      ;
    count++;
    turn = (id + 1) % THREADS;
  }
}

void *runner(void *arg) {
  take_turns((long)arg);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (long i = 1; i < THREADS; i++)
    pthread_create(&t[i], 0, runner, (void *)i);
  take_turns(0);
  for (int i = 1; i < THREADS; i++)
    pthread_join(t[i], 0);
  assert(count == THREADS * ROUNDS);
  return 0;
}
