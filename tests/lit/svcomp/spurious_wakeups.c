// SV-COMP mode explores spurious wakeups of pthread_cond_wait: a wait without a loop around it
// can return before the condition holds. A wait loop stays correct: the stateless searches
// let each thread wake spuriously at most once per execution, and the stateful search, which
// then takes over, lets it wake any number of times (a wait loop returns to a visited state),
// so the answer is TRUE.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DLOOP %s | %FileCheck --check-prefix=LOOP %s
// Without --spurious-wakeups the plain mode finds no error; with it, the same one.
// RUN: %bporcheck --no-progress %s | %FileCheck --check-prefix=PLAIN %s
// RUN: %expect-exit 1 %bporcheck --no-progress --spurious-wakeups %s | %FileCheck --check-prefix=PLAIN-SPURIOUS %s
// FALSE: SV-COMP result: false(unreach-call)
// LOOP: search: stateful search
// LOOP: reason: no execution calls reach_error() (stateful search
// LOOP-NEXT: SV-COMP result: true
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
