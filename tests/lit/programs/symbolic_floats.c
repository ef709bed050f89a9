// Floats and doubles computed from nondet inputs stay symbolic, in Z3's theory of IEEE floats
// (symbolic/FloatExpressions.cpp): a count of threads made a double, a width divided among
// them, sums taken under a lock in any order, compared. __VERIFIER_nondet_float gives every
// float, fractions, infinities and NaNs included, not only integers. printf of a symbolic value
// whose result is ignored, and a pointer to symbolic doubles handed to a new thread, fix
// nothing. Each run is complete: "every value of every nondet input".
// RUN: %bporcheck %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck -DTHIRDS %s | %FileCheck --check-prefix=THIRDS %s
// RUN: %expect-exit 1 %bporcheck -DFRACTION %s | %FileCheck --check-prefix=FRACTION %s
// RUN: %expect-exit 1 %bporcheck -DNAN %s | %FileCheck --check-prefix=NAN %s
// RUN: %bporcheck -DNAN -DNAN_EXCLUDED %s | %FileCheck --check-prefix=OK %s
// OK: verdict: ok: no error in any schedule, every value of every nondet input
// THIRDS: error: assertion failure
// THIRDS-NOT: invalid pointer
// THIRDS: nondet inputs:
// THIRDS-NEXT: thread 0 at {{.*}}symbolic_floats.c:{{[0-9]+}}:{{[0-9]+}}: 3
// FRACTION: error: assertion failure
// FRACTION: nondet inputs:
// FRACTION-NEXT: thread 0 at {{.*}}: 0.1{{[0-9]+}}
// NAN: error: assertion failure
// NAN: nondet inputs:
// NAN-NEXT: thread 0 at {{.*}}: {{-?}}nan
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

double total;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *add(void *arg) {
  double part = *(double *)arg;
  pthread_mutex_lock(&lock);
  total += part;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
#if defined(FRACTION)
  float x = __VERIFIER_nondet_float();
  assert(!(x > 0.1f && x < 0.2f));
#elif defined(NAN)
  float x = __VERIFIER_nondet_float();
#ifdef NAN_EXCLUDED
  __VERIFIER_assume(x == x);
#endif
  assert(x == x || x > 0);
#else
  int n = __VERIFIER_nondet_int();
  // More values than an assumption's values drawn plainly (passes/AssumedValues.h): symbolic.
  __VERIFIER_assume(n > 0 && n <= 100);
  printf("%d intervals\n", n);
  double width = 1.0 / n;
  double parts[2] = {width, width};
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, add, &parts[i]);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  assert(total == 2 * width);
#ifdef THIRDS
  assert(!(total > 0.6 && total < 0.7)); // n == 3
#endif
#endif
  return 0;
}
