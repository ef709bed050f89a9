// A recursive mutex may be locked twice by its owner; the other thread waits for both unlocks.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
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
