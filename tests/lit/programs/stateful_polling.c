// Lock, check, unlock polling: the waiting thread's critical section only reads.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: verdict: ok: no error in any schedule (stateful search,
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 14 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int ready, value;

void *setter(void *arg) {
  pthread_mutex_lock(&m);
  value = 7;
  ready = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  for (;;) {
    pthread_mutex_lock(&m);
    if (ready) {
      pthread_mutex_unlock(&m);
      break;
    }
    pthread_mutex_unlock(&m);
  }
  assert(value == 7);
  pthread_join(t, 0);
  return 0;
}
