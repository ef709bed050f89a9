// A spin lock on __sync_lock_test_and_set / __sync_lock_release (GCC builtins), three workers.
// The release is weaker than seq_cst, so the default model is RC11; the loop's only effect is
// the exchange, and an iteration that read the lock held wrote the 1 that was there, so its
// back edge is an await (docs/weak-memory.md, "Spin loops"): the 3! orders of the critical
// sections, each ending with the others' waits read stale (blocked).
// RUN: %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 24 executions)
// DEFAULT-NEXT: executions: 24
// DEFAULT-NEXT: finished: 6, {{.*}}waited in vain: 18
// Under sequential consistency (the stateful search, which a spin lock makes the choice) the
// release's order is the coverage gap (exit 4, incomplete).
// RUN: %expect-exit 4 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule, but not every behaviour was covered: {{.*}} (stateful search, 89 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>

volatile int lock;
int counter;

void *worker(void *arg) {
  while (__sync_lock_test_and_set(&lock, 1)) {
  }
  counter++;
  __sync_lock_release(&lock);
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  assert(counter == 3);
  return 0;
}
