// A nondet int the program only compares with constants is drawn from one value of each class
// those comparisons cannot tell apart (passes/NondetDomain.h), so even plain values cover it
// completely: the stateful search, which needs plain values, answers TRUE for a spinning
// program whose choices are `if (__VERIFIER_nondet_int())`, and the value 1001 below is found.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DBUG %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --nondet=values %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --nondet=values -DBUG %s | %FileCheck --check-prefix=FALSE %s
// RUN: %expect-exit 1 %bporcheck --no-progress --nondet=values -DBUG %s | %FileCheck --check-prefix=VALUE %s
// TRUE: search: stateful search
// TRUE: SV-COMP result: true
// FALSE: SV-COMP result: false(unreach-call)
// VALUE: nondet value 1001
// VALUE: verdict: error
#include <pthread.h>
void reach_error() {}
extern int __VERIFIER_nondet_int(void);
volatile int flag;
volatile int chosen;

void *waiter(void *arg) {
  while (!flag) // a spin loop: the stateful search decides
    ;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  int x = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int())
    chosen = 1;
  if (x > 1000 && x != 5000 && x < 1002) {
#ifdef BUG
    reach_error();
#endif
  }
  flag = 1;
  pthread_join(t, 0);
  return 0;
}
