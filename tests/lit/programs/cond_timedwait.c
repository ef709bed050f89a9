// pthread_cond_timedwait may time out: both outcomes are explored.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DNEVER_TIMES_OUT %s | %FileCheck --check-prefix=TIMEOUT %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 3{{$}}
// The signaller runs its whole section before main locks (1); or main waits first and
// then either times out before the signaller locks (1) or is woken after it (1): 3.
// TIMEOUT: error: assertion failure: assertion 'r == 0' failed
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int signalled;

void *signaller(void *arg) {
  pthread_mutex_lock(&m);
  signalled = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  struct timespec when = {0, 0};
  pthread_t t;
  pthread_create(&t, 0, signaller, 0);
  pthread_mutex_lock(&m);
  int r = 0;
  if (!signalled)
    r = pthread_cond_timedwait(&c, &m, &when);
  assert(r == 0 || r == ETIMEDOUT);
#ifdef NEVER_TIMES_OUT
  assert(r == 0);
#endif
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
