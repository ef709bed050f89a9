// Unfolding-based POR with cutoff events verifies programs whose spin loops never end without a
// bound (seeds/004, section 5.2): Peterson's algorithm without the store to `turn` lets both
// threads in, found and replayed; with it (-DFIXED) the search is complete. Without cutoffs an
// unfair schedule spins until --max-depth and the answer is inconclusive.
// RUN: %expect-exit 1 %bporcheck --por=unfolding --no-progress --save-trace=%t.sched %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --replay=%t.sched %s | %FileCheck --check-prefix=REPLAY %s
// CHECK: error: assertion failure: assertion 'inside == 1' failed
// CHECK: verdict: error (assertion failure)
// REPLAY: error: assertion failure: assertion 'inside == 1' failed
// RUN: %expect-exit 0 %bporcheck --por=unfolding --no-progress -DFIXED %s | %FileCheck --check-prefix=FIXED %s
// FIXED: verdict: ok: no error in any schedule (unfolding POR (cutoffs), {{[0-9]+}} executions; cutoff events: whether every execution ends is not checked (--search=stateful finds livelocks))
// FIXED: unfolding: {{[0-9]+}} events, {{[1-9][0-9]*}} cutoffs
// RUN: %expect-exit 0 %bporcheck --por=unfolding --alternatives=1 --no-progress -DFIXED %s | %FileCheck --check-prefix=PARTIAL %s
// PARTIAL: verdict: ok: no error in any schedule (unfolding POR (cutoffs, 1-partial alternatives)
// RUN: %expect-exit 3 %bporcheck --por=unfolding --cutoffs=false --max-depth=300 --no-progress -DFIXED %s | %FileCheck --check-prefix=NOCUT %s
// NOCUT: verdict: inconclusive: an execution went on for more than 300 steps
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag0, flag1, turn;
int inside;

void *t0(void *a) {
  atomic_store(&flag0, 1);
#ifdef FIXED
  atomic_store(&turn, 1);
#endif
  while (atomic_load(&flag1) && atomic_load(&turn) == 1) {
  }
  inside++;
  assert(inside == 1);
  inside--;
  atomic_store(&flag0, 0);
  return 0;
}

void *t1(void *a) {
  atomic_store(&flag1, 1);
  atomic_store(&turn, 0);
  while (atomic_load(&flag0) && atomic_load(&turn) == 0) {
  }
  inside++;
  assert(inside == 1);
  inside--;
  atomic_store(&flag1, 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
