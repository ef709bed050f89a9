// The rounding functions on a nondet double stay symbolic (docs/design.md, "Floating point"):
// floor, ceil, trunc, round and rint as IEEE roundToIntegral in their directions. rint rounds
// the tie 2.5 to even (2) where round takes it away from zero (3), and only x == 2.5 tells them
// apart: the search finds that input (TIE). The bounds of floor and ceil, and round's ties, hold
// for every input (OK). Kept concrete, each call fixed x to one value and answered "ok, but not
// every behaviour was covered" on both.
// RUN: %expect-exit 1 %bporcheck -DTIE %s | %FileCheck --check-prefix=TIE %s
// RUN: %bporcheck %s | %FileCheck --check-prefix=OK %s
// TIE: error: assertion failure: assertion 'rint(x) != 2.0 || x != 2.5' failed
// TIE: nondet inputs:
// TIE-NEXT: thread 1 at {{.*}}: {{.*}}2.5
// OK: verdict: ok: no error in any schedule, every value of every nondet input
#include <assert.h>
#include <math.h>
#include <pthread.h>

extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);

double rounded[4];

void *rounder(void *arg) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > -4.0 && x < 4.0);
#ifdef TIE
  assert(rint(x) != 2.0 || x != 2.5);
#else
  assert(round(x) != 2.0 || x != 2.5);
  assert(floor(x) <= x && x <= ceil(x) && ceil(x) - floor(x) <= 1.0);
  assert(fabs(trunc(x)) <= fabs(x));
#endif
  rounded[0] = floor(x);
  rounded[1] = ceil(x);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, rounder, 0);
  pthread_join(t, 0);
  assert(rounded[0] <= rounded[1]);
  return 0;
}
