// A test-and-set spinlock whose acquisition retries without bound, three threads incrementing a
// counter under it: the unfolding search with cutoffs terminates and proves the count right;
// with the lock left out of one thread (-DRACY) it finds the lost update. The stateful search
// agrees.
// RUN: %expect-exit 0 %bporcheck --por=unfolding --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (unfolding POR (cutoffs)
// RUN: %expect-exit 1 %bporcheck --por=unfolding --no-progress -DRACY %s | %FileCheck --check-prefix=RACY %s
// RUN: %expect-exit 1 %bporcheck --search=stateful --no-progress -DRACY %s | %FileCheck --check-prefix=RACY %s
// RACY: error: assertion failure: assertion 'counter == 3' failed
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock;
int counter;

void acquire(void) {
  while (atomic_exchange(&lock, 1)) {
  }
}

void release(void) { atomic_store(&lock, 0); }

void *worker(void *arg) {
#ifdef RACY
  if (arg) {
    counter++;
    return 0;
  }
#endif
  acquire();
  counter++;
  release();
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(counter == 3);
  return 0;
}
