// casw: N threads each try to claim a word with one compare-and-swap from 0 to 1, and then
// overwrite it with a value of their own (3 or more), whether they claimed it or not. Only a
// compare-and-swap that runs before every write succeeds; the others fail and read the write
// they see. The traces are the orders of the writes and, for each failed compare-and-swap,
// which write it read (docs/results.md, "Lock-free and barrier families against GenMC": the
// scenario of GenMC's test synthetic/casw, written anew, all seq_cst). casw_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

atomic_int word;

void *claim_then_store(void *arg) {
  int id = (int)(long)arg;
  int expected = 0;
  atomic_compare_exchange_strong(&word, &expected, 1);
  atomic_store(&word, id + 3);
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, claim_then_store, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  assert(atomic_load(&word) >= 3);
  return 0;
}
