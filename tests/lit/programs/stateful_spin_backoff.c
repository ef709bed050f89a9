// A test-and-test-and-set lock with bounded exponential backoff (a local counter that does not
// escape) and a heartbeat store of a constant in the waiting loop of main.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: verdict: ok: no error in any schedule (stateful search,
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 568 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock, done, heartbeat;
int counter;

void acquire(void) {
  int backoff = 1;
  for (;;) {
    while (atomic_load(&lock)) {
      for (int i = 0; i < backoff; i++)
        atomic_thread_fence(memory_order_seq_cst);
      if (backoff < 4)
        backoff *= 2;
    }
    if (!atomic_exchange(&lock, 1))
      return;
  }
}

void *worker(void *arg) {
  acquire();
  counter++;
  atomic_store(&lock, 0);
  atomic_fetch_add(&done, 1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  while (atomic_load(&done) < 2)
    atomic_store(&heartbeat, 1);
  assert(counter == 2);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
