// Parallel sum (the family of seeds/004's sum benchmarks): N threads each add their own part to
// a shared total under one mutex. The critical sections can run in N! orders, each a
// Mazurkiewicz trace, but the state after some of them depends only on which threads have added:
// 2^N states. Cutoff events explore about that many.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;

void *worker(void *arg) {
  int part = (int)(long)arg + 1;
  pthread_mutex_lock(&m);
  total += part;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  assert(total == N * (N + 1) / 2);
  return 0;
}
