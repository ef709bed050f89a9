// A spin lock on __sync_lock_test_and_set / __sync_lock_release (GCC builtins), three workers.
// The builtins are acquire and release operations: checked as sequentially consistent, which
// the verdict says, with the incomplete exit code.
// RUN: %expect-exit 4 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: verdict: ok: no error in any schedule, but not every behaviour was covered: {{[0-9]+}} atomic operations with a memory order weaker than seq_cst (relaxed, acquire or release), the first at {{.*}}stateful_spin_sync_tas.c:{{[0-9]+}}:3, were checked as sequentially consistent: the behaviours only weaker memory models allow were not explored (stateful search,
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
