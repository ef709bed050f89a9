// --keep-going counts every execution that ends in an error but keeps one report (with its
// trace) per distinct error, so that a long run stays bounded in memory and output. Two
// threads each add one to a counter without a lock; optimal DPOR runs the 4 traces of their
// four accesses (R1 W1 R2 W2, R2 W2 R1 W1, and both reads before W1 W2 or W2 W1: reads commute),
// of which the last 2 lose an update: one report (the first trace) for both.
// RUN: %expect-exit 1 %bporcheck --keep-going --no-progress %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed
// CHECK-NEXT: in thread 0 (main) at
// CHECK-NEXT: (2 executions ended in this error; the first one's trace:)
// CHECK-NOT: error: assertion failure
// CHECK: verdict: error (assertion failure), 1 distinct error in 2 executions
// CHECK: executions: 4
#include <assert.h>
#include <pthread.h>

int counter;

void *worker(void *arg) {
  counter = counter + 1;
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
