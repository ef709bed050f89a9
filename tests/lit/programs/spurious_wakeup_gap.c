// A correct wait loop under --spurious-wakeups: with one spurious wakeup per thread and
// execution the stateless searches cannot see `waits` reach 3, so their "ok" says what the cap
// left out (and --json says the verdict is not complete). The stateful search needs no cap: a
// wait loop that wakes spuriously returns to a state it has visited, and it finds the third wait.
// RUN: %expect-exit 4 %bporcheck --spurious-wakeups %s | %FileCheck --check-prefix=CAPPED %s
// CAPPED: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 condition wait began after its thread had used up its spurious wakeups (one per thread and execution)
// RUN: %expect-exit 4 %bporcheck --spurious-wakeups --json %s | %FileCheck --check-prefix=JSON %s
// JSON: "complete": false
// RUN: not %bporcheck --spurious-wakeups --search=stateful %s | %FileCheck --check-prefix=STATEFUL %s
// STATEFUL: error: assertion failure: assertion 'waits < 3' failed
// RUN: %bporcheck %s | %FileCheck --check-prefix=PLAIN %s
// PLAIN: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>

bool ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = true;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t thread;
  int waits = 0;
  pthread_create(&thread, 0, producer, 0);
  pthread_mutex_lock(&m);
  while (!ready) {
    waits++;
    pthread_cond_wait(&cv, &m);
  }
  assert(waits < 3); // POSIX allows any number of spurious wakeups
  pthread_mutex_unlock(&m);
  pthread_join(thread, 0);
  return 0;
}
