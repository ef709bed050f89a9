// Graphs that end with a thread stopped by a failed assumption under the weak-memory graph
// search (docs/weak-memory.md, "The search"): the stopped thread loops there forever, as
// SV-COMP defines __VERIFIER_assume, on inputs the program rules out, so the thread spinning
// for the lock it holds is no livelock (as for the searches under SC, where the reads-from search,
// which takes such loops under SC, once reported one); but the plain accesses before the
// assumption still race under RC11 (undefined behaviour where it happens), which the search
// once left unreported because no graph of the program finishes.
// RUN: %expect-exit 1 %bporcheck --no-progress -DRACE %s | %FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 0 %bporcheck --no-progress -DRACE --model=sc %s | %FileCheck %s --check-prefix=SC
// RUN: %expect-exit 0 %bporcheck --no-progress --model=rc11 --nondet=values --nondet-values=2 %s | %FileCheck %s --check-prefix=CUT
// RUN: %expect-exit 0 %bporcheck --no-progress --model=rc11 %s | %FileCheck %s --check-prefix=OK
// RACE: error: data race: this access and one by thread 1 (locker) at {{.*}}weak_memory_failed_assumption.c:30:9 are not ordered by happens-before under RC11
// SC: reads-from search under SC
// SC: verdict: ok: no error, but no execution finished: every one was cut by an assumption
// CUT: verdict: ok: no error, but no execution finished: every one was cut by an assumption
// OK: verdict: ok: no error in any schedule, every value of every nondet input (graph search under RC11
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

atomic_int lk;
int plain;

void *locker(void *arg) {
  while (atomic_exchange_explicit(&lk, 1, memory_order_acquire) == 1) {
  }
#ifdef RACE
  plain = 1;
  __VERIFIER_assume(0);
#else
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n != 2);
#endif
  atomic_store_explicit(&lk, 0, memory_order_release);
  return 0;
}

void *spinner(void *arg) {
#ifdef RACE
  int seen = plain;
  (void)seen;
#endif
  while (atomic_exchange_explicit(&lk, 1, memory_order_acquire) == 1) {
  }
  atomic_store_explicit(&lk, 0, memory_order_release);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, locker, 0);
  pthread_create(&b, 0, spinner, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
