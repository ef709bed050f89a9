// A failed __VERIFIER_assume stops its thread for good; the other threads go on. t stores 1 to x
// and then fails its assumption: main may read x between the two, so reach_error() is reachable
// (in that execution t has not evaluated its assumption yet). Had the failed assumption ended
// the whole execution, the store and the assumption would form one transition and no schedule
// would let main read 1.
// RUN: not %bporcheck --por=none --keep-going %s | %FileCheck %s
// RUN: not %bporcheck --por=dpor --keep-going %s | %FileCheck %s
// RUN: not %bporcheck --por=source --keep-going %s | %FileCheck %s
// RUN: not %bporcheck --por=optimal --keep-going %s | %FileCheck %s
// RUN: not %bporcheck --preemptions=1 --keep-going %s | %FileCheck %s
// CHECK: reach_error() was called
// CHECK: executions: 2{{$}}
// CHECK: finished: 0, infeasible (assume): 1, {{.*}} errors: 1{{$}}
#include <pthread.h>

extern void __VERIFIER_assume(int);
extern void reach_error(void);

int x;

void *t(void *arg) {
  x = 1;
  __VERIFIER_assume(0);
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  if (x == 1)
    reach_error();
  pthread_join(h, 0);
  return 0;
}
