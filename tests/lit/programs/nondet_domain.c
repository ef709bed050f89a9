// By default every __VERIFIER_nondet_int value is explored (symbolically, with Z3): the bug at
// x >= 5 is found with a value that shows it. With --nondet=values only the --nondet-values
// are (the default domain {-1, 0, 1} misses the bug); assume prunes paths in both. (x is used in
// arithmetic: a value only compared with constants is drawn by its classes, nondet_compared.c.)
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck --check-prefix=SYMBOLIC %s
// RUN: %bporcheck --nondet=values --por=none %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --nondet-values=0,5,9 %s | %FileCheck --check-prefix=BIG %s
// SYMBOLIC: error: assertion failure: assertion 'x + 1 < 6' failed
// SYMBOLIC: 1  thread 0 (main)  assume on nondet input holds
// SYMBOLIC: 2  thread 0 (main)  branch on nondet input: false
// SYMBOLIC: nondet inputs:
// SYMBOLIC-NEXT: thread 0 at {{.*}}nondet_domain.c:[[#@LINE+13]]:11: {{[0-9]+}}
// SYMBOLIC: executions: 1{{$}}
// The first execution takes the assume (one outcome) and the failing outcome of `x + 1 < 6`.
// CHECK: verdict: ok: no error in any schedule, nondet values in {-1, 0, 1}
// CHECK: executions: 3{{$}}
// One execution per value of the domain {-1, 0, 1}; -1 is pruned by the assume: 3.
// BIG: error: assertion failure: assertion 'x + 1 < 6' failed
// BIG: nondet value 5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0);
  assert(x + 1 < 6);
  return 0;
}
