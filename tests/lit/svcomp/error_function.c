// Under unreach-call the call of reach_error() is the violation, whatever its body: empty, or
// calling __assert_fail (which bporcheck would otherwise report as a failed assert).
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DASSERTING_BODY %s | %FileCheck %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DNO_RACE %s | %FileCheck --check-prefix=TRUE %s
// CHECK: error: assertion failure: reach_error() was called
// CHECK-NEXT: in thread 0 (main) at {{.*}}error_function.c:{{[0-9]+}}
// CHECK: reason: the execution above calls reach_error()
// CHECK-NEXT: SV-COMP result: false(unreach-call)
// TRUE: reason: no execution calls reach_error()
// TRUE-NEXT: SV-COMP result: true
#include <pthread.h>
extern void __assert_fail(const char *, const char *, unsigned, const char *);
#ifdef ASSERTING_BODY
void reach_error() { __assert_fail("0", "error_function.c", 3, "reach_error"); }
#else
void reach_error() {}
#endif
int x;
void *writer(void *arg) {
#ifndef NO_RACE
  x = 1;
#endif
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  if (x == 1)
    reach_error();
  pthread_join(t, 0);
  return 0;
}
