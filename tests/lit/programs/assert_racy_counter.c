// The lost update: found, traced, saved, and replayed to the same error.
// RUN: %expect-exit 1 %bporcheck --por=none --save-trace=%t.sched %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --replay=%t.sched %s | %FileCheck --check-prefix=REPLAY %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed
// CHECK: trace (
// CHECK: create thread 1
// CHECK: load global counter = 0
// CHECK: load global counter = 0
// CHECK: store global counter := 1
// CHECK: store global counter := 1
// CHECK: verdict: error (assertion failure)
// CHECK: schedule saved to
// REPLAY: error: assertion failure: assertion 'counter == 2' failed
// REPLAY: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>

int counter;

void *increment(void *arg) {
  int seen = counter;
  counter = seen + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, increment, 0);
  pthread_create(&b, 0, increment, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
