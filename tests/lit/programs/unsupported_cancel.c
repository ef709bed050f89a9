// pthread_cancel is refused by name and line (cancellation points are not modelled).
// RUN: %expect-exit 3 %bporcheck %s 2>&1 | %FileCheck %s
// CHECK: pthread_cancel is not supported
// CHECK-NEXT: in thread 0 (main) at {{.*}}unsupported_cancel.c:12
#include <pthread.h>

void *worker(void *arg) { return arg; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_cancel(t);
  pthread_join(t, 0);
  return 0;
}
