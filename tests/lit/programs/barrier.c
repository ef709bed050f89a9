// Nothing after the barrier runs before everything before it; exactly one waiter is the
// serial thread.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 180{{$}}
// Each thread: fetch_add, barrier arrival, then a departure of its own (enabled once both
// have arrived), and the thread that arrived second (the serial thread) does fetch_add before
// its load. The schedules are the linear extensions of that partial order with main's
// creates and joins: 180 (an enumeration of this model by hand gives the same number; 100
// while the last arrival returned at once without a departure).
#include <assert.h>
#include <pthread.h>

pthread_barrier_t barrier;
int arrived, serial;

void *worker(void *arg) {
  __atomic_fetch_add(&arrived, 1, __ATOMIC_SEQ_CST);
  int r = pthread_barrier_wait(&barrier);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD)
    __atomic_fetch_add(&serial, 1, __ATOMIC_SEQ_CST);
  else
    assert(r == 0);
  assert(arrived == 2);
  return 0;
}

int main(void) {
  pthread_barrier_init(&barrier, 0, 2);
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(serial == 1);
  pthread_barrier_destroy(&barrier);
  return 0;
}
