// -j N: optimal DPOR (and source-DPOR) divided among N worker threads explores every trace
// once, as one thread does: the same finished executions (36 traces here: three threads each
// write x and read it back, (3!)^2; with the assertion, 29 finished and 16 that fail it), none
// sleep-set blocked for optimal DPOR, the same errors, found by any worker and reported with
// the first model's trace.
// The searches that do not divide their tree refuse -j; a program whose spin loop makes the
// default mode choose the stateful search runs it on one thread and says so. A program that
// fails before its first visible operation is one execution, whoever finds it.
// RUN: %bporcheck --no-progress -j 1 %s | %FileCheck --check-prefix=ONE %s
// RUN: %bporcheck --no-progress -j 2 %s | %FileCheck --check-prefix=TWO %s
// The value may follow the option directly, as make's does.
// RUN: %bporcheck --no-progress -j2 %s | %FileCheck --check-prefix=TWO %s
// RUN: %bporcheck --no-progress --jobs=3 --search=source %s | %FileCheck --check-prefix=THREE %s
// RUN: not %bporcheck --no-progress -j 2 --keep-going -DBUG %s | %FileCheck --check-prefix=BUG %s
// RUN: not %bporcheck --no-progress -j 1 --keep-going -DBUG %s | %FileCheck --check-prefix=BUG %s
// RUN: not %bporcheck --no-progress -j 2 -DBUG %s | %FileCheck --check-prefix=FIRST %s
// RUN: not %bporcheck --no-progress -j 2 --search=dpor %s 2>&1 | %FileCheck --check-prefix=REFUSED %s
// ONE: verdict: ok: no error in any schedule (optimal DPOR, 36 executions)
// ONE: finished: 36,
// TWO: verdict: ok: no error in any schedule (optimal DPOR on 2 workers, 36 executions)
// TWO: finished: 36, infeasible (assume): 0, sleep-set blocked: 0,
// THREE: (source-DPOR on 3 workers,
// THREE: finished: 36,
// BUG: assertion 'seen != 2 || k != 0' failed
// BUG: verdict: error (assertion failure), 1 distinct error in 16 executions
// BUG: finished: 29, {{.*}} errors: 16
// FIRST: thread {{[0-9]}} (worker)  load global x = 2
// FIRST: verdict: error (assertion failure)
// RUN: %bporcheck --no-progress -j 2 -DSPIN %s | %FileCheck --check-prefix=SPIN %s
// RUN: not %bporcheck --no-progress -j 2 -DEARLY %s | %FileCheck --check-prefix=EARLY %s
// REFUSED: -j 2: the dpor search runs on one thread; -j divides --search=optimal and --search=source
// SPIN: -j 2: this program needs the stateful search, which runs on one thread
// SPIN: verdict: ok: no error in any schedule (stateful search,
// EARLY: verdict: error (assertion failure)
// EARLY-NEXT: executions: 1
#include <assert.h>
#include <pthread.h>

int x;

void *worker(void *arg) {
  long k = (long)arg;
  x = (int)k;
  int seen = x;
#ifdef BUG
  assert(seen != 2 || k != 0);
#endif
  return (void *)(long)seen;
}

#ifdef SPIN
volatile int flag;
void *setter(void *arg) {
  flag = 1;
  return arg;
}
#endif

int main(void) {
#ifdef EARLY
  assert(x == 1);
#endif
#ifdef SPIN
  pthread_t s;
  pthread_create(&s, 0, setter, 0);
  while (!flag)
    ;
  pthread_join(s, 0);
#endif
  pthread_t t[3];
  for (long k = 0; k < 3; k++)
    pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 3; k++)
    pthread_join(t[k], 0);
  return 0;
}
