// cas_increment: N threads each add one to a counter with the usual retry loop: read the
// counter, then compare_exchange_weak the value read plus one until it succeeds (a failed
// attempt hands back the value it saw, which the next attempt adds to). Main checks the sum.
// Under sequential consistency the weak compare-and-swap never fails spuriously, so a thread
// retries exactly when another thread's increment came between its read and its attempt
// (docs/results.md, "Lock-free and barrier families against GenMC"; GenMC's test suite has no
// such test). cas_increment_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

atomic_int counter;

void *increment(void *arg) {
  (void)arg;
  int seen = atomic_load(&counter);
  while (!atomic_compare_exchange_weak(&counter, &seen, seen + 1)) {
  }
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (int i = 0; i < N; i++)
    pthread_create(&threads[i], 0, increment, 0);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  assert(atomic_load(&counter) == N);
  return 0;
}
