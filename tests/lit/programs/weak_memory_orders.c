// Message passing with memory orders. Relaxed orders let the reader see the flag and not the
// data (C11, and ARM or POWER hardware): by default a program whose atomics use orders weaker
// than seq_cst is checked under RC11, which finds that (exit 1). With release/acquire orders
// RC11 proves it (exit 0); with seq_cst orders the default is SC and optimal DPOR. A search the
// user chose runs under sequential consistency: the verdict names the weaker orders as a
// coverage gap and the exit code is 4 (incomplete); --model=sc asks for them to be checked as
// seq_cst (exit 0, no gap). SV-COMP mode checks its tasks under sequential consistency.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck --check-prefix=RC11-ERROR %s
// RUN: %expect-exit 0 %bporcheck -DACQREL %s | %FileCheck --check-prefix=RC11-OK %s
// RUN: %expect-exit 0 %bporcheck -DSEQCST %s | %FileCheck --check-prefix=SEQCST %s
// RUN: %expect-exit 1 %bporcheck -DBUG -DACQREL %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 4 %bporcheck --por=optimal %s | %FileCheck --check-prefix=GAP %s
// RUN: %expect-exit 4 %bporcheck --por=optimal -DACQREL %s | %FileCheck --check-prefix=GAP %s
// RUN: %expect-exit 4 %bporcheck --por=optimal --json %s | %FileCheck --check-prefix=JSON %s
// RUN: %expect-exit 0 %bporcheck --model=sc %s | %FileCheck --check-prefix=SC %s
// RUN: %bporcheck --svcomp --property=%S/../svcomp/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=SVCOMP %s
// RC11-ERROR: bporcheck: {{.*}}weak_memory_orders.c: graph search under RC11, one execution per consistent graph
// RC11-ERROR: error: assertion failure
// RC11-ERROR: store global data := 1
// RC11-ERROR: load global flag = 1 (from step 3)
// RC11-ERROR: load global data = 0 (the initial value, although step 2 stored to it)
// RC11-ERROR: verdict: error (assertion failure)
// RC11-ERROR: executions: 2
// RC11-OK: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 2 executions)
// SEQCST: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// BUG: verdict: error (assertion failure)
// GAP: verdict: ok: no error in any schedule, but not every behaviour was covered: 4 atomic operations of the program with a memory order weaker than seq_cst (relaxed, acquire or release), the first at {{.*}}weak_memory_orders.c:{{[0-9]+}}:{{[0-9]+}}, were checked as sequentially consistent
// JSON: "complete": false
// SC: verdict: ok: no error in any schedule (optimal DPOR under SC, 2 executions)
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
