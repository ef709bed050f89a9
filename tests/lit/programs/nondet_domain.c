// __VERIFIER_nondet_int explores every value of the domain; assume prunes paths.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --nondet-values=0,5,9 %s | %FileCheck --check-prefix=BIG %s
// CHECK: verdict: ok: no error in any schedule, nondet values in {-1, 0, 1}
// CHECK: executions: 3{{$}}
// One execution per value of the domain {-1, 0, 1}; -1 is pruned by the assume: 3.
// BIG: error: assertion failure: assertion 'x < 5' failed
// BIG: nondet value 5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0);
  assert(x < 5);
  return 0;
}
