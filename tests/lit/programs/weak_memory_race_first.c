// Under RC11 a plain read that races with a write is undefined behaviour: the error is the
// race, not the assertion on the value it read (stale here: the relaxed flag orders nothing).
// With release/acquire all the way the program is correct.
// RUN: %expect-exit 1 %bporcheck --no-progress -DRELAY_ORDER=memory_order_relaxed %s | %FileCheck %s
// RUN: %bporcheck --no-progress -DRELAY_ORDER=memory_order_release %s | %FileCheck %s --check-prefix=OK
// CHECK: error: data race: this access and one by thread 0 (main) at {{.*}}weak_memory_race_first.c:[[@LINE+31]]:3 are not ordered by happens-before under RC11
// CHECK: verdict: error (data race)
// OK: verdict: ok: no error in any schedule (graph search under RC11
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int relayed, published;
int data;

void *publisher(void *arg) {
  data = 5;
  atomic_store_explicit(&published, 1, memory_order_release);
  pthread_exit(arg);
}

void *relay(void *arg) {
  pthread_t p;
  pthread_create(&p, 0, publisher, 0);
  pthread_detach(p);
  while (atomic_load_explicit(&published, memory_order_acquire) == 0) {
  }
  atomic_store_explicit(&relayed, 1, RELAY_ORDER);
  return arg;
}

int main(void) {
  pthread_t r;
  pthread_create(&r, 0, relay, 0);
  while (atomic_load_explicit(&relayed, memory_order_acquire) == 0) {
  }
  assert(data == 5);
  return 0;
}
