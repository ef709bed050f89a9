// A handshake on compare-and-swap: the consumer waits until it can move `state` from READY to
// TAKEN (a failed CAS leaves it as it was), the producer then waits for TAKEN. Correct, and
// verified by default without any bound.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search,
// RUN: %expect-exit 1 %bporcheck --no-progress -DBROKEN %s | %FileCheck --check-prefix=BROKEN %s
// BROKEN: error: assertion failure: assertion 'data == 42' failed
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

enum { EMPTY, READY, TAKEN };
atomic_int state = EMPTY;
int data;

void *consumer(void *arg) {
  int expected = READY;
  while (!atomic_compare_exchange_strong(&state, &expected, TAKEN))
    expected = READY;
  assert(data == 42);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, consumer, 0);
#ifdef BROKEN
  atomic_store(&state, READY);
  data = 42;
#else
  data = 42;
  atomic_store(&state, READY);
#endif
  while (atomic_load(&state) != TAKEN) {
  }
  pthread_join(t, 0);
  return 0;
}
