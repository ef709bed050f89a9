// Helpers that return updates, nested, of two kinds (add and or), with several returns, and a
// re-read after them (passes/IgnoredCallResults.h): 26 traces, as exhaustive search finds
// (bpor_trace_soak --file tests/lit/programs/ignored_call_results_nested.c); 34 when the updates
// the calls ignore counted as read.
// RUN: %bporcheck --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 26 executions)
#include <stdatomic.h>
#include <pthread.h>
atomic_int c, f; int seen[3];
static int inner(int k) { if (k) return atomic_fetch_add(&c, k) * 2; return atomic_fetch_or(&f, 1) - 1; }
static int outer(int k) { return inner(k) + 3; }
void *w(void *a) { long i = (long)a; outer(1); inner(0); outer(0); seen[i] = atomic_load(&c) + atomic_load(&f); return 0; }
int main(void) { pthread_t t[2]; for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, w, (void *)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0); return 0; }
