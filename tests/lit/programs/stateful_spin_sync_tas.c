// A spin lock on __sync_lock_test_and_set / __sync_lock_release (GCC builtins), three workers.
// The release is weaker than seq_cst, so the default model is RC11; its graph search does not
// support a loop that waits for another thread yet, says so, and checks the program under
// sequential consistency instead, with the release as the coverage gap (exit 4, incomplete).
// RUN: %expect-exit 4 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: bporcheck: {{.*}}stateful_spin_sync_tas.c: an execution went on for more than 150 events under RC11, as a loop that waits for another thread does (not supported under RC11 yet); checking under sequential consistency instead
// DEFAULT: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 atomic operation of the program with a memory order weaker than seq_cst (relaxed, acquire or release), the first at {{.*}}stateful_spin_sync_tas.c:20:3, was checked as sequentially consistent: the behaviours only weaker memory models allow were not explored (stateful search,
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
