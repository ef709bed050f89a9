// Both threads wait on a semaphore that nobody posts.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: deadlock
#include <pthread.h>
#include <semaphore.h>

sem_t s;

void *waiter(void *arg) {
  sem_wait(&s);
  return 0;
}

int main(void) {
  sem_init(&s, 0, 0);
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_join(t, 0);
  return 0;
}
