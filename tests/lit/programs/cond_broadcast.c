// A broadcast wakes every waiter; each re-checks the predicate.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t go = PTHREAD_COND_INITIALIZER;
int started, woken;

void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  while (!started)
    pthread_cond_wait(&go, &m);
  woken++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, waiter, 0);
  pthread_create(&b, 0, waiter, 0);
  pthread_mutex_lock(&m);
  started = 1;
  pthread_cond_broadcast(&go);
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(woken == 2);
  return 0;
}
