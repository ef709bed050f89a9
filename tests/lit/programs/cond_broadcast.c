// A broadcast wakes every waiter; each re-checks the predicate.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %bporcheck --model=rc11 %s | %FileCheck %s
// RUN: %bporcheck --model=tso %s | %FileCheck %s
// RUN: %bporcheck --por=none -DSMALL %s | %FileCheck --check-prefix=SMALL %s
// SMALL: verdict: ok: no error in any schedule
// SMALL: executions: 2{{$}}
// Exhaustive count on the small variant (one waiter): either the waiter locks first, sees
// started == 0 and waits (main's section and the wakeup are then forced), or main's section
// runs first and the waiter never waits: 2.
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
#ifndef SMALL
  pthread_create(&b, 0, waiter, 0);
#endif
  pthread_mutex_lock(&m);
  started = 1;
  pthread_cond_broadcast(&go);
  pthread_mutex_unlock(&m);
  pthread_join(a, 0);
#ifndef SMALL
  pthread_join(b, 0);
#endif
  #ifdef SMALL
  assert(woken == 1);
#else
  assert(woken == 2);
#endif
  return 0;
}
