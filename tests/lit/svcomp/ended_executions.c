// abort(), exit(), a failed assumption (assume_abort_if_not), a failed assert() and a deadlock
// end an execution without violating unreach-call: only reach_error() does.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DREACHABLE %s | %FileCheck --check-prefix=FALSE %s
// CHECK: reason: no execution calls reach_error() ({{.*}}; {{[0-9]+}} ended by abort or a failed assert, {{[0-9]+}} deadlocked)
// CHECK-NEXT: SV-COMP result: true
// FALSE: SV-COMP result: false(unreach-call)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
void reach_error() {}
void assume_abort_if_not(int cond) {
  if (!cond)
    abort();
}
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  unsigned char how = __VERIFIER_nondet_uchar();
  assume_abort_if_not(how < 5);
  if (how == 0)
    exit(0);
  if (how == 1)
    assert(how == 0);
  if (how == 2) {
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m); // a normal mutex locked twice: a deadlock
  }
#ifdef REACHABLE
  if (how == 4)
    reach_error();
#endif
  return 0;
}
