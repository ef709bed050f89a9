// Best-first search (--strategy=best-first): every schedule with c preemptions runs before any
// with c + 1, each completed level is reported as it completes, and the bug that needs two
// preemptions is found in level 2. With a bound the search stops there; in random
// order (BF(Random)) or guided by DPOR within a bound it finds the bug too. --find-bug runs
// best-first BPOR with a time budget.
// RUN: %expect-exit 1 %bporcheck --strategy=best-first %s | %FileCheck %s
// RUN: %bporcheck --strategy=best-first --preemptions=1 %s | %FileCheck --check-prefix=LIMIT %s
// RUN: %expect-exit 1 %bporcheck --strategy=best-first --best-first-priority=random --seed=2 %s | %FileCheck --check-prefix=FOUND %s
// RUN: %expect-exit 1 %bporcheck --strategy=best-first --best-first-priority=dpor --preemptions=2 %s | %FileCheck --check-prefix=FOUND %s
// RUN: %expect-exit 1 %bporcheck --find-bug %s | %FileCheck --check-prefix=HUNT %s
// RUN: %expect-exit 2 %bporcheck --find-bug --preemptions=2 %s 2>&1 | %FileCheck --check-prefix=USAGE %s
// CHECK: bporcheck: {{.*}}best_first.c: best-first BPOR (fewest preemptions first)
// CHECK-NEXT: bound 0: no error in any schedule with at most 0 preemptions (1 execution)
// CHECK-NEXT: bound 1: no error in any schedule with at most 1 preemption (1 execution)
// CHECK-NEXT: bound 2: error found (1 execution)
// CHECK-NEXT: error: assertion failure: assertion 'x != 1' failed
// CHECK: verdict: error (assertion failure)
// LIMIT: bound 1: no error in any schedule with at most 1 preemption (1 execution)
// LIMIT: verdict: ok: no error in any schedule with at most 1 preemption (best-first BPOR (fewest preemptions first, preemption bound 1), 2 executions)
// FOUND: verdict: error (assertion failure)
// HUNT: best-first BPOR (fewest preemptions first)
// HUNT: verdict: error (assertion failure)
// USAGE: --find-bug chooses its own search
#include <assert.h>
#include <pthread.h>

int x;

static void *writer(void *arg) {
  x = 1; // a value that lives only between these two writes
  x = 0;
  return 0;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, 0, writer, 0);
  // Seeing 1 takes two preemptions: main to the writer, and the writer back to main.
  assert(x != 1);
  pthread_join(thread, 0);
  return 0;
}
