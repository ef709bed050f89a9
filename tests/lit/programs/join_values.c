// Return values and pthread_exit values come back through join; self and equal behave.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 2{{$}}
// Only `exits` has a visible event (the load of main_thread); it falls before or after
// main's first join: 2.
#include <assert.h>
#include <pthread.h>

pthread_t main_thread;

void *returns(void *arg) { return (void *)((long)arg + 1); }

void *exits(void *arg) {
  assert(!pthread_equal(pthread_self(), main_thread));
  pthread_exit((void *)((long)arg * 2));
  return 0;
}

int main(void) {
  main_thread = pthread_self();
  assert(pthread_equal(main_thread, pthread_self()));
  pthread_t a, b;
  pthread_create(&a, 0, returns, (void *)10);
  pthread_create(&b, 0, exits, (void *)21);
  void *ra, *rb;
  pthread_join(a, &ra);
  pthread_join(b, &rb);
  assert((long)ra == 11 && (long)rb == 42);
  return 0;
}
