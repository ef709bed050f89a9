// A data choice inside an atomic block: the runtime runs no other thread until the block ends,
// whatever their footprints, so the unfolding search must treat the block as dependent with
// every transition of another thread (a nondet that touches nothing included). Before it did,
// it took thread b's nondet as independent of the block and found the program
// "non-deterministic" (a task of SV-COMP, qrcu-1, was answered wrongly that way).
// RUN: %bporcheck --por=unfolding --nondet-values=0,1 --keep-going --no-progress %s | %FileCheck %s
// RUN: %bporcheck --por=optimal --nondet-values=0,1 --keep-going --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule, nondet values in {0, 1}
// RUN: %expect-exit 1 %bporcheck --por=unfolding --nondet-values=0,1 --no-progress -DVISIBLE %s | %FileCheck --check-prefix=VISIBLE %s
// VISIBLE: error: assertion failure: assertion 'x != 1' failed
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x, y;

void *a(void *arg) {
#ifndef VISIBLE
  __VERIFIER_atomic_begin();
#endif
  x = 1;
  int v = __VERIFIER_nondet_int();
  x = v ? 2 : 3;
#ifndef VISIBLE
  __VERIFIER_atomic_end();
#endif
  return 0;
}

void *b(void *arg) {
  int w = __VERIFIER_nondet_int();
  y = w;
  assert(x != 1);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
