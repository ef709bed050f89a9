// A __VERIFIER_atomic_ function runs as one indivisible step.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>

int counter;

void __VERIFIER_atomic_increment(void) {
  int v = counter;
  counter = v + 1;
}

void *worker(void *arg) {
  __VERIFIER_atomic_increment();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
