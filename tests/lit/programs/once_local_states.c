// The end of a pthread_once routine is a visible step on the control (once_end) that enables the
// waiting caller's once_begin and is dependent with it, so every complete search reaches the 20
// local states exhaustive search reaches. Two traces (which worker's once_begin goes first);
// main's two creates are shared by both. Per trace: the runner's once_begin, load, store and
// once_end (4), the other's once_begin after that once_end (1, it ends its thread), main's two
// joins, its load of initialised and its exit (4): 2 + 2 * 9 = 20.
// RUN: %expect-exit 0 %bporcheck --por=none --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --por=dpor --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --por=source --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --por=optimal --hash-states %s | %FileCheck %s
// RUN: %expect-exit 0 %bporcheck --preemptions=2 --hash-states %s | %FileCheck %s
// CHECK: verdict: ok
// CHECK: unique local states: 20{{$}}
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int initialised;

void init(void) { initialised++; }

void *worker(void *arg) {
  pthread_once(&once, init);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return initialised == 1 ? 0 : 1;
}
