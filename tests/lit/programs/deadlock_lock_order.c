// Opposite lock orders deadlock.
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck %s
// CHECK: error: deadlock
// CHECK: verdict: error (deadlock)
#include <pthread.h>

pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER, second = PTHREAD_MUTEX_INITIALIZER;

void *forward(void *arg) {
  pthread_mutex_lock(&first);
  pthread_mutex_lock(&second);
  pthread_mutex_unlock(&second);
  pthread_mutex_unlock(&first);
  return 0;
}

void *backward(void *arg) {
  pthread_mutex_lock(&second);
  pthread_mutex_lock(&first);
  pthread_mutex_unlock(&first);
  pthread_mutex_unlock(&second);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, forward, 0);
  pthread_create(&b, 0, backward, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
