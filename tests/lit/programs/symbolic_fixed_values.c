// Values the checker must fix (a library function's argument, an operation it keeps concrete)
// are first split by decisions where the path allows at most 16 of them, so fixing them loses
// no value (docs/design.md, "Values fixed by splitting"). A worker pool sized by a nondet input,
// as SV-COMP's pthread-C-DAC programs are: malloc's size is fixed, each of the 4 sizes the
// check allows is covered (1 + 2 + 6 + 24 orders of the workers' increments, and the 2 early
// returns: the decisions that split the size cut no execution), and the search answers for
// every value. Fixing the size to its first value instead covers n == 1 alone and
// misses POOL_BUG.
// RUN: %bporcheck %s | %FileCheck --check-prefix=POOL %s
// RUN: %expect-exit 1 %bporcheck -DPOOL_BUG %s | %FileCheck --check-prefix=POOL-BUG %s
// RUN: %expect-exit 1 %bporcheck -DFLOOR_BUG %s | %FileCheck --check-prefix=FLOOR-BUG %s
// RUN: %bporcheck -DFLOOR %s | %FileCheck --check-prefix=FLOOR %s
// RUN: %expect-exit 4 %bporcheck -DWIDE %s | %FileCheck --check-prefix=WIDE %s
// Once the split fixed n, every value computed from it is a plain value: the workers' double
// arithmetic asks the solver nothing (the midpoint rule for pi with n intervals, a thread each).
// RUN: %bporcheck -DINTEGRATE %s | %FileCheck --check-prefix=INTEGRATE %s
// RUN: %expect-exit 1 %bporcheck -DINTEGRATE -DTOLERANCE=0.01 %s | %FileCheck --check-prefix=INTEGRATE-BUG %s
// INTEGRATE: verdict: ok: no error in any schedule, every value of every nondet input (optimal DPOR, 34 executions)
// INTEGRATE: finished: 33, infeasible (assume): 1,
// INTEGRATE-BUG: error: assertion failure
// INTEGRATE-BUG: store global intervals := {{[12] }}
// POOL: verdict: ok: no error in any schedule, every value of every nondet input (optimal DPOR, 35 executions)
// POOL: finished: 35, infeasible (assume): 0,
// POOL-BUG: error: assertion failure: assertion 'total == expected' failed
// POOL-BUG: split nondet value: not least
// POOL-BUG: split nondet value: least allowed
// POOL-BUG: nondet inputs:
// POOL-BUG-NEXT: thread 0 at {{.*}}: 3
// FLOOR-BUG: error: assertion failure: assertion 'bucket != 2' failed
// FLOOR-BUG: thread 0 (main) nondet value 5
// FLOOR: verdict: ok: no error in any schedule, every value of every nondet input (optimal DPOR, 6 executions)
// WIDE: not every behaviour was covered: 1 time a value computed from nondet inputs was fixed to one value (1 as an argument of a library function)
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int total;

void *worker(void *arg) {
  int id = (int)(long)arg;
  pthread_mutex_lock(&lock);
  total += id + 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

#ifdef INTEGRATE
#ifndef TOLERANCE
#define TOLERANCE 0.1
#endif
int intervals;
double width, area;

void *integrate(void *arg) {
  int id = (int)(long)arg;
  double mine = 0;
  for (int i = id; i < intervals; i += intervals) {
    double x = (i + 0.5) * width;
    mine += 4.0 / (1.0 + x * x);
  }
  pthread_mutex_lock(&lock);
  area += mine * width;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  intervals = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 < intervals && intervals <= 4);
  pthread_t *threads = malloc(sizeof(pthread_t) * intervals);
  if (!threads)
    return 0;
  width = 1.0 / intervals;
  for (int i = 0; i < intervals; i++)
    pthread_create(&threads[i], 0, integrate, (void *)(long)i);
  for (int i = 0; i < intervals; i++)
    pthread_join(threads[i], 0);
  assert(fabs(area - 3.14159265) < TOLERANCE);
  free(threads);
  return 0;
}
#else
int main(void) {
  int n = __VERIFIER_nondet_int();
#if defined(FLOOR) || defined(FLOOR_BUG)
  // floor() is kept concrete: its argument, a double computed from n, is split first.
  __VERIFIER_assume(0 <= n && n < 6);
  int bucket = (int)floor(n / 2.5);
#ifdef FLOOR_BUG
  assert(bucket != 2); // n == 5 only
#else
  assert(bucket <= 2);
#endif
  return 0;
#else
#ifdef WIDE
  __VERIFIER_assume(0 < n && n < 1000); // too many sizes to split: one is fixed
#else
  if (n <= 0 || n > 4) // a check, not an assumption: n stays symbolic (passes/AssumedValues.h)
    return 0;
#endif
  pthread_t *threads = malloc(sizeof(pthread_t) * n);
  if (!threads)
    return 0;
#ifdef WIDE
  free(threads);
  return 0;
#endif
  for (int i = 0; i < n; i++)
    pthread_create(&threads[i], 0, worker, (void *)(long)i);
  for (int i = 0; i < n; i++)
    pthread_join(threads[i], 0);
  int expected = n * (n + 1) / 2;
#ifdef POOL_BUG
  if (n == 3)
    expected++;
#endif
  assert(total == expected);
  free(threads);
  return 0;
#endif
}
#endif
