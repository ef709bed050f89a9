// Which symbolic decisions depend on each other (docs/design.md, "Symbolic data"). Branches of
// different threads on one nondet input commute: each explores every feasible outcome, so one
// execution per combination of outcomes is enough (the first program: 4 feasible combinations,
// and a few executions cut where one is infeasible, such as x == 1 and x == 2: 3 for
// source-DPOR, 4 for optimal DPOR, which tries an outcome after the events of other threads
// that do not depend on the branch, docs/optimal-dpor.md, "Data choices"). An assumption
// depends on every other decision: here the branch must run before it for the error to happen.
// RUN: %bporcheck -DBRANCHES --por=optimal %s | %FileCheck --check-prefix=OPTIMAL %s
// RUN: %bporcheck -DBRANCHES --por=source %s | %FileCheck --check-prefix=BRANCHES %s
// RUN: %bporcheck -DBRANCHES --por=dpor %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DBRANCHES --preemptions=3 %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck -DASSUME --por=optimal %s | %FileCheck --check-prefix=ASSUME %s
// RUN: %expect-exit 1 %bporcheck -DASSUME --por=source %s | %FileCheck --check-prefix=ASSUME %s
// RUN: %expect-exit 1 %bporcheck -DASSUME --por=dpor %s | %FileCheck --check-prefix=ASSUME %s
// RUN: %expect-exit 1 %bporcheck -DASSUME --preemptions=1 %s | %FileCheck --check-prefix=ASSUME %s
// RUN: %expect-exit 1 %bporcheck -DASSUME --por=none %s | %FileCheck --check-prefix=ASSUME %s
// BRANCHES: verdict: ok: no error in any schedule, every value of every nondet input ({{.*}}, 7 executions)
// BRANCHES: finished: 4, infeasible (assume): 3,
// OPTIMAL: verdict: ok: no error in any schedule, every value of every nondet input ({{.*}}, 8 executions)
// OPTIMAL: finished: 4, infeasible (assume): 4,
// OK: verdict: ok: no error in any schedule, every value of every nondet input
// ASSUME: error: assertion failure: assertion '0' failed
// ASSUME: branch on nondet input: true
// ASSUME: nondet inputs:
// ASSUME-NEXT: thread 0 at {{.*}}: 2
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int x, r1, r2, r3;

#ifdef BRANCHES
void *one(void *arg) {
  if (x == 1)
    r1 = 1;
  return 0;
}
void *two(void *arg) {
  if (x == 2)
    r2 = 1;
  return 0;
}
void *three(void *arg) {
  if (x > 0)
    r3 = 1;
  return 0;
}
int main(void) {
  pthread_t a, b, c;
  // Arithmetic keeps the input symbolic (only compared with constants, it would be drawn from
  // its value classes, passes/NondetDomain.h).
  x = __VERIFIER_nondet_int() % 8;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_create(&c, 0, three, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  assert(!(r1 && r2));
  assert(!r1 || r3);
  return 0;
}
#endif

#ifdef ASSUME
void *constrain(void *arg) {
  __VERIFIER_assume(x == 1);
  return 0;
}
void *check(void *arg) {
  if (x == 2)
    assert(0);
  return 0;
}
int main(void) {
  pthread_t a, b;
  x = __VERIFIER_nondet_int() % 8;
  pthread_create(&a, 0, constrain, 0);
  pthread_create(&b, 0, check, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
#endif
