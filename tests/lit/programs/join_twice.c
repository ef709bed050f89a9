// Joining a thread that was already joined.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: threads API misuse: {{.*}}join
#include <pthread.h>

void *work(void *arg) { return 0; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, work, 0);
  pthread_join(t, 0);
  pthread_join(t, 0);
  return 0;
}
