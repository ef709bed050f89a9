// Atomics with memory orders weaker than seq_cst run as sequentially consistent: message passing
// with relaxed orders (which the C11 model lets fail: the reader may see the flag and not the
// data) gets no "ok" that claims every behaviour. The verdict names the first such operation in
// the program's own code and the exit code is 4 (incomplete). With seq_cst orders the verdict
// is a plain "ok". An error found is an error under every model (exit 1). SV-COMP mode checks
// its tasks under sequential consistency.
// RUN: %expect-exit 4 %bporcheck %s | %FileCheck --check-prefix=RELAXED %s
// RUN: %expect-exit 4 %bporcheck -DACQREL %s | %FileCheck --check-prefix=RELAXED %s
// RUN: %expect-exit 0 %bporcheck -DSEQCST %s | %FileCheck --check-prefix=SEQCST %s
// RUN: %expect-exit 1 %bporcheck -DBUG %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 4 %bporcheck --json %s | %FileCheck --check-prefix=JSON %s
// RUN: %bporcheck --svcomp --property=%S/../svcomp/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=SVCOMP %s
// RELAXED: verdict: ok: no error in any schedule, but not every behaviour was covered: {{[0-9]+}} atomic operation{{s?}} with a memory order weaker than seq_cst (relaxed, acquire or release), the first at {{.*}}weak_memory_orders.c:{{[0-9]+}}:{{[0-9]+}}, {{was|were}} checked as sequentially consistent
// SEQCST: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// BUG: verdict: error (assertion failure)
// JSON: "complete": false
// SVCOMP: SV-COMP result: true
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#if defined(SEQCST)
#define STORE memory_order_seq_cst
#define LOAD memory_order_seq_cst
#elif defined(ACQREL)
#define STORE memory_order_release
#define LOAD memory_order_acquire
#else
#define STORE memory_order_relaxed
#define LOAD memory_order_relaxed
#endif

atomic_int data, flag;

void *writer(void *arg) {
  atomic_store_explicit(&data, 1, STORE);
  atomic_store_explicit(&flag, 1, STORE);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  if (atomic_load_explicit(&flag, LOAD)) {
#ifdef BUG
    assert(atomic_load_explicit(&data, LOAD) == 2);
#else
    assert(atomic_load_explicit(&data, LOAD) == 1);
#endif
  }
  pthread_join(t, 0);
  return 0;
}
