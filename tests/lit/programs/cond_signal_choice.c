// pthread_cond_signal may wake either of two waiters. Here `one` starts waiting before `two`
// (two waits for a flag one sets under the lock before it waits), main signals once, and the
// woken thread records itself in `first`. A checker that always wakes the oldest waiter never
// sees first == 2.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --model=pso %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'first == 1' failed
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER, one_waits = PTHREAD_COND_INITIALIZER,
               both_wait = PTHREAD_COND_INITIALIZER, done = PTHREAD_COND_INITIALIZER;
int one_waiting, two_waiting, first;

void *one(void *arg) {
  pthread_mutex_lock(&m);
  one_waiting = 1;
  pthread_cond_signal(&one_waits);
  pthread_cond_wait(&c, &m);
  if (!first) {
    first = 1;
    pthread_cond_signal(&done);
  }
  pthread_mutex_unlock(&m);
  return 0;
}

void *two(void *arg) {
  pthread_mutex_lock(&m);
  while (!one_waiting)
    pthread_cond_wait(&one_waits, &m);
  two_waiting = 1;
  pthread_cond_signal(&both_wait);
  pthread_cond_wait(&c, &m);
  if (!first) {
    first = 2;
    pthread_cond_signal(&done);
  }
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_mutex_lock(&m);
  while (!two_waiting)
    pthread_cond_wait(&both_wait, &m);
  pthread_cond_signal(&c); // both wait on c now: wakes one of them
  while (!first)
    pthread_cond_wait(&done, &m);
  pthread_cond_broadcast(&c); // release the other
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(first == 1);
  return 0;
}
