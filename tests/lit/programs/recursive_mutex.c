// A recursive mutex may be locked twice by its owner; the other thread waits for both unlocks.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 101{{$}}
// Each thread's 9 events (lock, lock, load+store of depth, the assert's load, load+store,
// unlock, unlock) form one critical section; as in locked_counter.c, (9+1)^2 schedules put
// the first-created thread's section first and 1 puts the other's first: 101.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m;
int depth, max_seen;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  depth++;
  assert(depth == 1);
  depth--;
  pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &attr);
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_mutex_destroy(&m);
  return 0;
}
