// Updates whose results the program ignores commute (docs/design.md, "Commuting updates"):
// N threads each doing atomic_fetch_add, __sync_fetch_and_add and atomic_fetch_sub as
// statements have one trace, where every order of the 3N updates was one before (N = 6: 720
// orders of the threads). With a read of the counter after the updates, each read tells how
// many updates came before it: for N = 3, 73 traces, as exhaustive search finds
// (bpor_trace_soak --file tests/lit/programs/fetch_add_statements.c -DN=3 -DREAD).
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %bporcheck -DN=3 -DREAD %s | %FileCheck --check-prefix=READ %s
// RUN: %bporcheck -DN=3 -DREAD --por=source %s | %FileCheck --check-prefix=READ-SOURCE %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
// READ: verdict: ok: no error in any schedule (optimal DPOR, 73 executions)
// READ-SOURCE: verdict: ok: no error in any schedule (source-DPOR, 73 executions)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 6
#endif

atomic_int counter;
int plain, seen[N];

void *update(void *arg) {
  atomic_fetch_add(&counter, 3);
  __sync_fetch_and_add(&plain, 1);
  atomic_fetch_sub(&counter, 1);
#ifdef READ
  seen[(long)arg] = atomic_load(&counter);
#endif
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, update, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  assert(atomic_load(&counter) == 2 * N && plain == N);
  return 0;
}
