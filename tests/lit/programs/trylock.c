// trylock succeeds on a free mutex and fails with EBUSY on a held one; both outcomes occur.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=none -DSHOW_BUSY %s | %FileCheck --check-prefix=BUSY %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 3{{$}}
// The holder's lock+unlock run entirely before main's trylock (1), around it so that
// trylock fails (1), or after main's trylock succeeded and main unlocked (1): 3.
// BUSY: error: assertion failure
// BUSY: trylock
#include <assert.h>
#include <errno.h>
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *holder(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, holder, 0);
  int r = pthread_mutex_trylock(&m);
  assert(r == 0 || r == EBUSY);
#ifdef SHOW_BUSY
  assert(r == 0);
#endif
  if (r == 0)
    pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
