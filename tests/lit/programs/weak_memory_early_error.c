// An error before the program's first visible operation (main's assertion, before it touches
// anything shared): the graph search starts from the empty graph, whose model has already
// failed, and reports it under every model (it counted the execution and said "ok").
// RUN: %expect-exit 1 %bporcheck --no-progress --model=sc %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=tso %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=pso %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=ra %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=rc11 %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'ready' failed in int main(void)
// CHECK: verdict: error (assertion failure)
#include <assert.h>
#include <stdatomic.h>

atomic_int flag;

int main(void) {
  int ready = 0;
  assert(ready);
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  return 0;
}
