// Variant of bench/bpor/fair_spin.c where the token holder passes the turn on before it has
// added to the count (the write of turn and the count update are swapped). The next thread
// can then take its turn and update count concurrently with the previous holder, and an
// update is lost: the assertion fails under some fair schedule with a preemption.
#include <assert.h>
#include <pthread.h>

#define THREADS 3

int turn;
int count;

static void take_turn(long id) {
  while (turn != id)
    ;
  int seen = count;
  turn = (id + 1) % THREADS; // BUG: handed over before the count is written back
  count = seen + 1;
}

void *runner(void *arg) {
  take_turn((long)arg);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (long i = 1; i < THREADS; i++)
    pthread_create(&t[i], 0, runner, (void *)i);
  take_turn(0);
  for (int i = 1; i < THREADS; i++)
    pthread_join(t[i], 0);
  assert(count == THREADS);
  return 0;
}
