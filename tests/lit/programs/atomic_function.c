// A __VERIFIER_atomic_ function runs as one indivisible step.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 5{{$}}
// Two threads with n visible events each, started by main's two creates and waited for
// by its two joins, interleave in sum_{k=0..n} C(2n+1-k, n) ways (k = events the first
// thread runs before the second create): 5, 19, 69 for n = 1, 2, 3.
// Here n = 1: each atomic function call is one event.
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
