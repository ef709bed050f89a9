// Unlocking a mutex the thread does not hold.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: threads API misuse: {{.*}}unlock
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_mutex_unlock(&m);
  return 0;
}
