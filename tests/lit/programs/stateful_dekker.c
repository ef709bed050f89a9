// Textbook Dekker mutual exclusion with sequentially consistent atomics, two rounds per thread.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: verdict: ok: no error in any schedule (stateful search,
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 628 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int wants[2], turn;
int inside;

void *proc(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  for (int round = 0; round < 2; round++) {
    atomic_store(&wants[me], 1);
    while (atomic_load(&wants[other])) {
      if (atomic_load(&turn) != me) {
        atomic_store(&wants[me], 0);
        while (atomic_load(&turn) != me) {
        }
        atomic_store(&wants[me], 1);
      }
    }
    inside++;
    assert(inside == 1);
    inside--;
    atomic_store(&turn, other);
    atomic_store(&wants[me], 0);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, proc, (void *)0L);
  pthread_create(&b, 0, proc, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
