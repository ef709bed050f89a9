// An exchange loop and a fetch_add(0) handshake: the spinning read-modify-writes leave memory as
// they found it.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// The default is the reads-from search (its loop is an update loop, whose failed rounds are
// awaits): one execution per reads-from class, those in which a wait read in vain counted
// apart.
// DEFAULT: verdict: ok: no error in any schedule (reads-from search, 5 executions)
// DEFAULT-NEXT: executions: 5
// DEFAULT-NEXT: finished: 2, {{.*}}errors: 0, waited in vain: 3
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 45 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock, ready;
int data, counter;

void *producer(void *arg) {
  data = 42;
  atomic_store(&ready, 1);
  while (atomic_exchange(&lock, 1)) {
  }
  counter++;
  atomic_store(&lock, 0);
  return 0;
}

void *consumer(void *arg) {
  while (atomic_fetch_add(&ready, 0) == 0) {
  }
  assert(data == 42);
  while (atomic_exchange(&lock, 1)) {
  }
  counter++;
  atomic_store(&lock, 0);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  assert(counter == 2);
  return 0;
}
