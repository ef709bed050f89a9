// An atomic block whose footprint the pass cannot name (it indexes an array by a value it
// reads) and that fails its assertion keeps, as its event, what it touched before it stopped:
// x0 read, arr[0] written. With the pessimistic footprint (conflicts with everything that has
// one) it seemed dependent with main's join, so the reversal of t1's store before the failing
// block was inserted although the sleeping join was a weak initial of it; the block that then
// ran (x0 == 1, no failure) did not touch the join, and the execution ended sleep-set blocked
// (trace-set soak seed 20004723).
// RUN: %expect-exit 1 %bporcheck --por=optimal --keep-going %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=none --keep-going %s | %FileCheck --check-prefix=NONE %s
// CHECK: 1 distinct error in 11 executions
// CHECK: executions: 54
// CHECK-NEXT: finished: 43, infeasible (assume): 0, sleep-set blocked: 0,
// NONE: verdict: error (assertion failure), 1 distinct error in
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x0, arr[3];

void *t3(void *arg) {
  int r = 0;
  x0 = x0 + 1;
  __VERIFIER_atomic_begin();
  arr[(unsigned)r % 3] = 1;
  assert(x0 != 2);
  __VERIFIER_atomic_end();
  return 0;
}

void *t2(void *arg) {
  x0 = 1;
  return 0;
}

void *t1(void *arg) {
  x0 = 1;
  return 0;
}

int main(void) {
  pthread_t h0, h1, h2;
  pthread_create(&h0, 0, t1, 0);
  pthread_create(&h1, 0, t2, 0);
  pthread_create(&h2, 0, t3, 0);
  pthread_join(h1, 0);
  return 0;
}
