// N threads, two pthread_barrier_wait phases: each writes its own slot, waits, sums every
// slot into its own, waits, and checks a neighbour's sum (docs/results.md, "Commuting updates
// and barriers"). barrier_phases_3.c, _4.c and _5.c set N.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif

pthread_barrier_t barrier;
int slot[N], sum[N];

void *worker(void *arg) {
  long id = (long)arg;
  slot[id] = (int)id + 1;
  pthread_barrier_wait(&barrier);
  int s = 0;
  for (int i = 0; i < N; i++)
    s += slot[i];
  sum[id] = s;
  pthread_barrier_wait(&barrier);
  assert(sum[(id + 1) % N] == N * (N + 1) / 2);
  return 0;
}

int main(void) {
  pthread_t threads[N];
  pthread_barrier_init(&barrier, 0, N);
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  return 0;
}
