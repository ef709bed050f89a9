// casrot: N threads pass a word round a rotation with one compare-and-swap each: thread i
// (1..N) changes it from i - 1 to i. Thread i succeeds only if thread i - 1 succeeded before
// it; otherwise it fails and reads whichever value it saw. Each trace is the run of successes
// from thread 1 and where the failed attempts fall among them (docs/results.md, "Lock-free and
// barrier families against GenMC": the scenario of GenMC's test synthetic/casrot, written
// anew, seq_cst). casrot_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 4
#endif

atomic_int word;

void *rotate(void *arg) {
  int to = (int)(long)arg;
  int from = to - 1;
  atomic_compare_exchange_strong(&word, &from, to);
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, rotate, (void *)(i + 1));
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  assert(atomic_load(&word) <= N);
  return 0;
}
