// A compare-and-swap spin lock: a failed CAS writes nothing new, so the spin is a cycle of
// states.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// The default is the reads-from search (its loop is an update loop, whose failed rounds are
// awaits): one execution per reads-from class, those in which a wait read in vain counted
// apart.
// DEFAULT: verdict: ok: no error in any schedule (reads-from search, 21 executions)
// DEFAULT-NEXT: executions: 21
// DEFAULT-NEXT: finished: 6, {{.*}}errors: 0, waited in vain: 15
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 89 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock;
int counter;

void *worker(void *arg) {
  int expected = 0;
  while (!atomic_compare_exchange_weak(&lock, &expected, 1))
    expected = 0;
  counter++;
  atomic_store(&lock, 0);
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
