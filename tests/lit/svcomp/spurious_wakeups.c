// SV-COMP mode explores spurious wakeups of pthread_cond_wait: a wait without a loop around it
// can return before the condition holds. A wait loop stays correct, but each thread wakes
// spuriously at most once per execution, so that search is not complete: unknown, not true.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DLOOP %s | %FileCheck --check-prefix=UNKNOWN %s
// Without --spurious-wakeups the plain mode finds no error; with it, the same one.
// RUN: %bporcheck --no-progress %s | %FileCheck --check-prefix=PLAIN %s
// RUN: %expect-exit 1 %bporcheck --no-progress --spurious-wakeups %s | %FileCheck --check-prefix=PLAIN-SPURIOUS %s
// FALSE: SV-COMP result: false(unreach-call)
// UNKNOWN: reason: a thread waited on a condition variable again after its spurious wakeup
// UNKNOWN-NEXT: SV-COMP result: unknown
// PLAIN: verdict: ok: no error in any schedule
// PLAIN-SPURIOUS: error: assertion failure: reach_error() was called
#include <pthread.h>
void reach_error() {}
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
int ready;

void *waiter(void *arg) {
  pthread_mutex_lock(&lock);
#ifdef LOOP
  while (!ready)
#else
  if (!ready)
#endif
    pthread_cond_wait(&cond, &lock);
  if (!ready)
    reach_error();
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_mutex_lock(&lock);
  ready = 1;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&lock);
  pthread_join(t, 0);
  return 0;
}
