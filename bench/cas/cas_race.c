// N threads race one strong compare-and-swap on an owner word; one wins, the others fail
// (docs/results.md, "Failed compare-and-swaps and trylocks read"). cas_race_4.c, _6.c and _8.c
// set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 4
#endif

atomic_int owner;

void *contend(void *arg) {
  int zero = 0;
  atomic_compare_exchange_strong(&owner, &zero, (int)(long)arg);
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; ++i)
    pthread_create(&threads[i], 0, contend, (void *)(i + 1));
  for (int i = 0; i < N; ++i)
    pthread_join(threads[i], 0);
  assert(atomic_load(&owner) != 0);
  return 0;
}
