// N threads each add to one counter with a fetch_add whose result they ignore; main checks the
// sum (docs/results.md, "Commuting updates and barriers"). fetch_add_6.c and _8.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 6
#endif

atomic_int counter;

void *add(void *arg) {
  atomic_fetch_add(&counter, (int)(long)arg);
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, add, (void *)(i + 1));
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  assert(atomic_load(&counter) == N * (N + 1) / 2);
  return 0;
}
