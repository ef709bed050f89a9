// One data choice of a nondet draw ends the execution (the assertion fails for 7), the others
// let it go on. The error's traces differ in how many of t2's stores ran before it (none, one
// or two; t2 not yet created is a fourth), so every complete search must find it in 4
// executions, whichever choice comes first. Source-DPOR once put the thread's draw to sleep as
// the event of its last choice only: with 7 first, that event did not end the execution, so the
// sleeping draw stayed asleep past t2's stores and the traces with the stores before the error
// were never explored (docs/optimal-dpor.md, "Data choices").
//
// RUN: %expect-exit 1 %bporcheck --por=source --nondet-values=7,0 --keep-going --no-progress %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=source --nondet-values=0,7 --keep-going --no-progress %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=source --nondet-values=7,0,8 --keep-going --no-progress %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=optimal --nondet-values=7,0 --keep-going --no-progress %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=none --nondet-values=7,0 --keep-going --no-progress %s | %FileCheck %s --check-prefix=ALL
// CHECK: verdict: error (assertion failure), 1 distinct error in 4 executions
// ALL: verdict: error (assertion failure), 1 distinct error in
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x;

void *t1(void *arg) {
  int c = __VERIFIER_nondet_int();
  assert(c != 7);
  return 0;
}

void *t2(void *arg) {
  x = 1;
  x = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
