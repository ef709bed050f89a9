// An index from a nondet input into an array of 1,000 ints stays symbolic (interp/
// SymbolicMemory.h: objects up to 4 KiB): the store may reach any element, so the check of
// element 500 fails for the one input that reaches it, found without trying the inputs one by
// one; without the check, "ok" covers every value of the input (no value fixed).
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck --check-prefix=BUG %s
// BUG: error: assertion failure: assertion 'a[500] != 5' failed
// BUG: nondet inputs:
// BUG-NEXT: thread 0 at {{.*}}symbolic_index_large_array.c:{{[0-9]+}}:{{[0-9]+}}: 500
// BUG: verdict: error (assertion failure)
// RUN: %bporcheck --no-progress -DFIXED %s | %FileCheck --check-prefix=OK %s
// OK: verdict: ok: no error in any schedule, every value of every nondet input (optimal DPOR, {{[0-9]+}} executions)
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int a[1000];
int x;
void *t(void *p) {
  x = 1;
  return 0;
}
int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 1000)
    return 0;
  a[i] = 5;
  pthread_join(h, 0);
  assert(a[999] != 5 || x == 1);
#ifndef FIXED
  assert(a[500] != 5);
#endif
  return 0;
}
