// A plain C99 'inline' function (no 'extern' declaration, so C99 gives it no external
// definition) is run with the body the program gives, as gcc's GNU89 semantics and SV-COMP's
// tasks expect: the checker must see the increment and find the lost update.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed
#include <assert.h>
#include <pthread.h>

int counter;

inline void increment(void) { counter = counter + 1; }

void *worker(void *arg) {
  increment();
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
