// cas_spinlock: N threads each take a test-and-set spin lock built from compare_exchange
// (retry until the lock word goes from 0 to 1), add one to a plain counter inside, and
// release the lock with a store of 0. Main checks the counter. A thread may retry for as long
// as another holds the lock, so the program has cycles and bporcheck's default is the
// stateful search (docs/results.md, "Lock-free and barrier families against GenMC": the
// scenario of GenMC's test saver/spin-cas3 with a counter in the critical section, written
// anew, seq_cst). With -DTTAS a thread first waits for the lock with loads
// (test-and-test-and-set): a spin loop, which --spin-assume makes an await, so that the
// stateless searches end; -DBLOCK_FAILED_CAS below. cas_spinlock_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef BLOCK_FAILED_CAS
// One attempt, and an execution in which it fails ends there: what GenMC's spin-assume
// transformation makes of the retry loop, whose failed iteration changes nothing.
void __VERIFIER_assume(int condition);
#endif

#ifndef N
#define N 3
#endif

atomic_int lock;
int counter;

void *locked_increment(void *arg) {
  (void)arg;
#ifdef TTAS
  for (;;) {
    while (atomic_load(&lock) != 0) {
    }
    int expected = 0;
    if (atomic_compare_exchange_strong(&lock, &expected, 1))
      break;
  }
#elif defined(BLOCK_FAILED_CAS)
  int expected = 0;
  __VERIFIER_assume(atomic_compare_exchange_strong(&lock, &expected, 1));
#else
  int expected = 0;
  while (!atomic_compare_exchange_strong(&lock, &expected, 1))
    expected = 0;
#endif
  counter++;
  atomic_store(&lock, 0);
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (int i = 0; i < N; i++)
    pthread_create(&threads[i], 0, locked_increment, 0);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  assert(counter == N);
  return 0;
}
