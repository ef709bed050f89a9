// Each worker claims a slot whose index is a nondet input that an assumption restricts to
// [0, 3): the index is used as data (no value classes), so the plain draw would be {-1, 0, 1}
// and miss slot 2. The assumption's values are drawn instead (passes/AssumedValues.h): the
// slot-2 bug is found, and without it the verdict covers every value of the input.
// RUN: %expect-exit 1 %bporcheck -DSLOT_TWO_BUG %s | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --search=stateful %s | %FileCheck --check-prefix=STATEFUL %s
// The plain draw misses it, and says what it covered:
// RUN: %bporcheck --nondet-values=-1,0,1 -DSLOT_TWO_BUG %s | %FileCheck --check-prefix=WITHOUT %s
// BUG: error: assertion failure: assertion 'owner[2] != 2' failed
// BUG: thread 2 (worker) nondet value 2
// WITHOUT: verdict: ok: no error in any schedule, nondet values in {-1, 0, 1}
// OK: verdict: ok: no error in any schedule, every value of every nondet input (optimal DPOR, 18 executions)
// STATEFUL: verdict: ok: no error in any schedule, every value of every nondet input (stateful search
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int owner[3];
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int me = (int)(long)arg;
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= i && i < 3);
  pthread_mutex_lock(&lock);
  if (owner[i] == 0)
    owner[i] = me;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1L);
  pthread_create(&b, 0, worker, (void *)2L);
  pthread_join(a, 0);
  pthread_join(b, 0);
#ifdef SLOT_TWO_BUG
  assert(owner[2] != 2);
#endif
  assert(owner[0] + owner[1] + owner[2] >= 1);
  return 0;
}
