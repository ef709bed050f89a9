// A signal sent before the consumer waits is lost: the consumer and main block for ever.
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck %s
// Under the weak models too (a wait in four steps, docs/weak-memory.md, "Condition variables").
// RUN: %expect-exit 1 %bporcheck --model=rc11 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --model=tso %s | %FileCheck %s
// CHECK: error: deadlock
// CHECK: cond-signal
// CHECK: cond-wait
// CHECK: verdict: error (deadlock)
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready = PTHREAD_COND_INITIALIZER;

void *consumer(void *arg) {
  pthread_mutex_lock(&lock);
  pthread_cond_wait(&ready, &lock);
  pthread_mutex_unlock(&lock);
  return 0;
}

void *producer(void *arg) {
  pthread_mutex_lock(&lock);
  pthread_cond_signal(&ready);
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t c, p;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(c, 0);
  pthread_join(p, 0);
  return 0;
}
