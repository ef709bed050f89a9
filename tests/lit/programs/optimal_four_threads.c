// Four threads whose assertion fails in exactly one of the 195 traces (the combination of
// values below): t1 reads z = 1, between t3's two stores to z, while t0 reads y and x before t2
// stores them. Optimal DPOR once answered "ok" here when the threads were created in the order
// t3, t2, t1, t0 (it found the failure in the other order): it cut each wakeup sequence at the
// race's later event, so that the sequence reversing the race of t3's z = 3 with t1's load of
// z was t1's load alone, and the sleeping t2 (whose store x = 1 the search had explored first
// further up) counted as a weak initial of it although t0 must read x before that store; the
// sequence was dropped as explored (docs/optimal-dpor.md, "Wakeup sequences are the whole
// notdep"). Every complete search must find it, in both creation orders, with SC atomics and
// with plain ints. (Exhaustive search runs for over ten minutes on it.)
//
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DPLAIN %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DPLAIN -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -j 2 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -j 3 -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=source %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=source -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=dpor %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=dpor -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --preemptions=40 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --preemptions=40 -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding --cutoffs=false %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding --cutoffs=false -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --search=stateful %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --search=stateful -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --search=stateful --state-por %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --search=stateful --state-por -DFWD %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --strategy=best-first %s | %FileCheck %s
// CHECK: error: assertion failure: assertion '!(a0 == 0 && a1 == 0 && a2 == 2 && a3 == 0 && a4 == 3 && b0 == 1)' failed
// CHECK: verdict: error (assertion failure)
//
// One execution per trace, the failing one included, in both orders and on several workers:
// RUN: %expect-exit 1 %bporcheck --keep-going %s | %FileCheck --check-prefix=TRACES %s
// RUN: %expect-exit 1 %bporcheck --keep-going -DFWD %s | %FileCheck --check-prefix=TRACES %s
// RUN: %expect-exit 1 %bporcheck --keep-going -j 2 %s | %FileCheck --check-prefix=TRACES %s
// RUN: %expect-exit 1 %bporcheck --keep-going -j 3 -DFWD %s | %FileCheck --check-prefix=TRACES %s
// RUN: %expect-exit 1 %bporcheck --keep-going --por=unfolding --cutoffs=false %s | %FileCheck --check-prefix=TRACES %s
// TRACES: finished: 194, infeasible (assume): 0, sleep-set blocked: 0, bound blocked: 0, errors: 1
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef PLAIN
int w, x, y, z;
#define LOAD(v) (v)
#define STORE(v, value) ((v) = (value))
#else
atomic_int w, x, y, z;
#define LOAD(v) atomic_load(&(v))
#define STORE(v, value) atomic_store(&(v), (value))
#endif
int a0, a1, a2, a3, a4, b0;

void *t0(void *arg) {
  a0 = LOAD(y);
  a1 = LOAD(z);
  a2 = LOAD(w);
  a3 = LOAD(x);
  a4 = LOAD(z);
  return 0;
}
void *t1(void *arg) {
  b0 = LOAD(z);
  return 0;
}
void *t2(void *arg) {
  STORE(x, 1);
  STORE(y, 2);
  STORE(x, 3);
  return 0;
}
void *t3(void *arg) {
  STORE(z, 1);
  STORE(w, 2);
  STORE(z, 3);
  STORE(w, 4);
  return 0;
}

int main(void) {
  pthread_t h[4];
#ifdef FWD
  pthread_create(&h[0], 0, t0, 0);
  pthread_create(&h[1], 0, t1, 0);
  pthread_create(&h[2], 0, t2, 0);
  pthread_create(&h[3], 0, t3, 0);
#else
  pthread_create(&h[3], 0, t3, 0);
  pthread_create(&h[2], 0, t2, 0);
  pthread_create(&h[1], 0, t1, 0);
  pthread_create(&h[0], 0, t0, 0);
#endif
  for (int i = 0; i < 4; i++)
    pthread_join(h[i], 0);
  assert(!(a0 == 0 && a1 == 0 && a2 == 2 && a3 == 0 && a4 == 3 && b0 == 1));
  return 0;
}
