// N threads increment a counter with a weak compare-and-swap retry loop (which never fails
// spuriously here: sequential consistency). Each failed attempt reads the counter; it commutes
// with the other threads' loads and failed attempts, and stays ordered with the successful
// ones (docs/design.md, "Dependence"). Optimal DPOR explores 4, 48 and 1,536 executions for
// N = 2, 3, 4 (4, 66 and 5,208 while a failed compare-and-swap was a write): for N = 2 and 3
// the numbers of distinct traces exhaustive search finds (bpor_trace_soak --file checks the
// sets), for N = 4 the traces source-DPOR finds.
// RUN: %bporcheck -DN=2 %s | %FileCheck --check-prefix=N2 %s
// RUN: %bporcheck %s | %FileCheck --check-prefix=N3 %s
// RUN: %bporcheck -DN=4 %s | %FileCheck --check-prefix=N4 %s
// RUN: %bporcheck --por=source %s | %FileCheck --check-prefix=SOURCE3 %s
// RUN: %bporcheck -j 2 %s | %FileCheck --check-prefix=J2 %s
// RUN: %bporcheck --por=none %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --search=stateful %s | %FileCheck --check-prefix=OK %s
// N2: verdict: ok: no error in any schedule (optimal DPOR, 4 executions)
// N3: verdict: ok: no error in any schedule (optimal DPOR, 48 executions)
// N4: verdict: ok: no error in any schedule (optimal DPOR, 1536 executions)
// SOURCE3: verdict: ok: no error in any schedule (source-DPOR, 48 executions)
// J2: verdict: ok: no error in any schedule (optimal DPOR on 2 workers, 48 executions)
// OK: verdict: ok: no error in any schedule
//
// With RETRIES a thread asserts that it retried fewer than N - 1 times: it fails only when
// every other thread's increment lands between its load and its attempts, one after each. With
// --keep-going: 60 traces, 24 of them failing (90 and 48 before).
// RUN: %expect-exit 1 %bporcheck -DRETRIES %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRETRIES --keep-going %s | %FileCheck --check-prefix=ALL %s
// RUN: %expect-exit 1 %bporcheck -DRETRIES --por=dpor %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRETRIES --por=none %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRETRIES --por=unfolding %s \
// RUN:   | %FileCheck --check-prefix=ERROR %s
// ERROR: verdict: error (assertion failure)
// ALL: verdict: error (assertion failure), 1 distinct error in 24 executions
// ALL-NEXT: executions: 60{{$}}
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 3
#endif

atomic_int counter;

void *increment(void *arg) {
  int old = atomic_load(&counter), retries = 0;
  while (!atomic_compare_exchange_weak(&counter, &old, old + 1))
    ++retries;
#ifdef RETRIES
  assert(retries < N - 1);
#endif
  (void)retries;
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (int i = 0; i < N; ++i)
    pthread_create(&threads[i], 0, increment, 0);
  for (int i = 0; i < N; ++i)
    pthread_join(threads[i], 0);
  assert(atomic_load(&counter) == N);
  return 0;
}
