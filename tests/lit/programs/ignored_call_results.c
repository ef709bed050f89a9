// An update whose result a function returns, called as a statement (passes/IgnoredCallResults.h):
// the call goes to a copy of the function that returns nothing, where the update's result (and
// the sum computed from it) is ignored, so the update commutes with the other ignored ones. Each
// thread takes a ticket (a read update) and then calls bump(): 36 traces for three threads, as
// exhaustive search finds (bpor_trace_soak --file tests/lit/programs/ignored_call_results.c);
// 90 when bump()'s update counted as read. With the call's result used (-DUSED), 90.
// RUN: %bporcheck --no-progress %s | %FileCheck %s
// RUN: %bporcheck --no-progress -DUSED %s | %FileCheck --check-prefix=USED %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 36 executions)
// USED: verdict: ok: no error in any schedule (optimal DPOR, 90 executions)
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;
int tickets[3], bumped[3];

static int bump(void) { return atomic_fetch_add(&counter, 1) + 1; }

void *work(void *arg) {
  long i = (long)arg;
  tickets[i] = atomic_fetch_add(&counter, 1);
#ifdef USED
  bumped[i] = bump();
#else
  bump();
#endif
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return 0;
}
