// An error-checking mutex reports relock (EDEADLK) and foreign unlock (EPERM) instead of
// blocking or corrupting.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 1{{$}}
// One thread: 1.
#include <assert.h>
#include <errno.h>
#include <pthread.h>

pthread_mutex_t m;

int main(void) {
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &attr);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == EDEADLK);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == EPERM);
  return 0;
}
