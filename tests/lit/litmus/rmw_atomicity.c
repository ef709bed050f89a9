// Read-modify-writes are atomic under every model: two relaxed fetch_adds and a relaxed
// compare-and-swap loop never lose an increment, and exactly one of two CASes from 0 wins.
// Under SC (optimal DPOR) a failed attempt of the loop reads the counter and commutes with the
// other thread's load of it, and the two fetch_adds, whose results are ignored, commute: 18
// traces, as exhaustive search finds (bpor_trace_soak --file; 30 while a failed
// compare-and-swap counted as a write, 26 while the fetch_adds were ordered). The graph
// searches of the other models order the two fetch_adds in coherence: 26 graphs.
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK18 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK26 %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=OK26 %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=OK26 %s
// RUN: %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=OK34 %s
// OK18: verdict: ok
// OK18: executions: 18
// OK26: verdict: ok
// OK26: executions: 26
// OK34: verdict: ok
// OK34: executions: 34
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter, winner;
int won[2];

void *worker(void *arg) {
  int id = (int)(long)arg;
  atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  int expected = 0;
  won[id] = atomic_compare_exchange_strong_explicit(&winner, &expected, id + 1,
                                                    memory_order_relaxed, memory_order_relaxed);
  int seen = atomic_load_explicit(&counter, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(&counter, &seen, seen + 1, memory_order_relaxed,
                                                memory_order_relaxed))
    ;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)0);
  pthread_create(&b, 0, worker, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(atomic_load_explicit(&counter, memory_order_relaxed) == 4);
  assert(won[0] + won[1] == 1);
  return 0;
}
