// A program that creates threads without end (as many SV-COMP tasks do) meets the runtime's
// thread limit: the fork that fails creates no thread, and the unfolding search reports the
// limit as the other searches do instead of binding a thread that does not exist.
// RUN: %expect-exit 3 %bporcheck --por=unfolding --no-progress %s | %FileCheck %s
// RUN: %expect-exit 3 %bporcheck --por=optimal --no-progress %s | %FileCheck %s
// CHECK: error: resource limit: more than {{[0-9]+}} threads
// CHECK: verdict: error (resource limit)
#include <pthread.h>

void *worker(void *arg) { return 0; }

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
}
