// Two increments under a mutex are never lost.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 26{{$}}
// Each thread's 4 events (lock, load, store, unlock) form one critical section. If A's
// section runs first: main's second create falls in 5 places relative to A's events, and
// main's first join in 5 places among B's events: 25. If B's section runs first, main has
// already created both threads and everything else is forced: 1. Total 26.
#include <assert.h>
#include <pthread.h>

int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *increment(void *arg) {
  pthread_mutex_lock(&lock);
  counter = counter + 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, increment, 0);
  pthread_create(&b, 0, increment, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
