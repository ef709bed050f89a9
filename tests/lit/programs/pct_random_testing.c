// Random testing with PCT priorities (--por=pct): a bug hunt, never a complete search. The
// same seed gives the same executions, so the first error is found after the same number of
// them; a correct program is "ok so far", incomplete.
// RUN: %expect-exit 1 %bporcheck --por=pct --seed=1 --no-progress %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed
// CHECK: verdict: error (assertion failure)
// RUN: %expect-exit 4 %bporcheck --por=pct --no-progress --max-executions=200 -DLOCKED %s | %FileCheck --check-prefix=LOCKED %s
// LOCKED: verdict: ok so far: no error in the 200 executions explored, search incomplete (stopped by the execution limit (200 executions); random testing (PCT, depth 3, seed 1))
// RUN: %expect-exit 2 %bporcheck --pct-depth=2 %s 2>&1 | %FileCheck --check-prefix=USAGE %s
// USAGE: --pct-depth applies only to --por=pct, --seed to --por=pct and --best-first-priority=random
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *worker(void *arg) {
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  int seen = counter;
  counter = seen + 1;
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
