// A C11 atomic_flag spin lock: the stateful search verifies it completely without any bound (a
// failed test_and_set writes back the value it read, so the spinning thread returns to a state
// it has visited).
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// The default is the reads-from search (its loop is an update loop, whose failed rounds are
// awaits): one execution per reads-from class, those in which a wait read in vain counted
// apart.
// DEFAULT: verdict: ok: no error in any schedule (reads-from search, 4 executions)
// DEFAULT-NEXT: executions: 4
// DEFAULT-NEXT: finished: 2, {{.*}}errors: 0, waited in vain: 2
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 29 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_flag lock = ATOMIC_FLAG_INIT;
int counter;

void *worker(void *arg) {
  while (atomic_flag_test_and_set(&lock)) {
  }
  counter++;
  atomic_flag_clear(&lock);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(counter == 2);
  return 0;
}
