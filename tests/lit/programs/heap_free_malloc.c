// Threads that allocate and free a block of their own touch no shared object: the allocation's
// name (thread, count) is the thread's own, so every complete search reaches the 7 local states
// exhaustive search reaches (thread 0: create, create, join, join, exit; threads 1 and 2 each
// one state for free; with addresses in schedule order the reduced searches would miss some).
// RUN: %expect-exit 0 %bporcheck --por=none --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --por=dpor --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --por=source --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --por=optimal --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --preemptions=2 --hash-states %s | %FileCheck %s
// CHECK: verdict: ok
// CHECK: unique local states: 7
#include <pthread.h>
#include <stdlib.h>

void *worker(void *arg) {
  free(malloc(4));
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
