// A bug that needs exactly k deltas from round-robin order is found with --delta=k and not
// with k-1.
//
// Main creates one thread and both take turns: step i of main moves `turns` from 2i to 2i+1
// (M steps), step i of the other thread from 2i+1 to 2i+2 (N steps). A step whose turn has
// passed is skipped for good, so `turns` reaches M+N only if the M+N steps strictly alternate
// main, other, main, ... Each thread checks `turns != M + N` right after its loop, so the thread
// that takes the last step fails the check without another switch.
//
// The delta bound (Definition 2.10, dissertation; checker/bounds/DeltaBound.cpp) charges for
// running u the number of enabled threads before u in round-robin order starting at the thread
// that ran last. With two threads, switching away from a thread costs 1 if it is still enabled
// and 0 if it has ended or blocked. In the alternation, every thread that hands over the turn
// still has a step to take (it is enabled: it blocks nowhere in its loop) except at the last
// hand-over: there the thread that just took its last step can first run its check (which
// passes: one step is missing), then end (the other thread) or block in pthread_join (main),
// and the switch is free. So the bug needs M+N-2 deltas, and the schedule main (create, step 0),
// other (step 0), ..., last hand-over after the check, costs exactly that. Main's
// pthread_create is free: main keeps the highest priority after it.
//
// k = M+N-2. k = 1: M=2 N=1; k = 2: M=2 N=2; k = 3: M=3 N=2.
// Each variant is compiled once, as bporcheck compiles C input.
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DM=2 -DN=1 %s -o %t.21.bc
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DM=2 -DN=2 %s -o %t.22.bc
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DM=3 -DN=2 %s -o %t.32.bc
// RUN: %bporcheck --delta=0 %t.21.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --delta=1 %t.21.bc | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck --delta=1 %t.22.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --delta=2 %t.22.bc | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck --delta=2 %t.32.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --delta=3 %t.32.bc | %FileCheck --check-prefix=BUG %s
// Plain bounded search agrees with BPOR on both sides of the threshold.
// RUN: %bporcheck --por=none --delta=2 %t.32.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --por=none --delta=3 %t.32.bc | %FileCheck --check-prefix=BUG %s
// Iterative bounding stops at the first bound that finds it.
// RUN: %expect-exit 1 %bporcheck --iterate --delta=6 %t.32.bc | %FileCheck --check-prefixes=ITER,BUG %s
// ITER: bound 0: no error in any schedule within delta bound 0
// ITER-NEXT: bound 1: no error in any schedule within delta bound 1
// ITER-NEXT: bound 2: no error in any schedule within delta bound 2
// ITER-NEXT: bound 3: error found
// ITER-NOT: bound 4
// OK: verdict: ok: no error in any schedule within delta bound {{[0-9]}} (
// BUG: error: assertion failure: assertion 'turns != M + N' failed
// BUG: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>

int turns;

void *other(void *arg) {
  for (int i = 0; i < N; i++)
    if (turns == 2 * i + 1)
      turns = 2 * i + 2;
  assert(turns != M + N);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, other, 0);
  for (int i = 0; i < M; i++)
    if (turns == 2 * i)
      turns = 2 * i + 1;
  assert(turns != M + N);
  pthread_join(t, 0);
  return 0;
}
