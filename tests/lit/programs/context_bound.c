// A bug that needs exactly k context switches is found with --contexts=k and not with k-1.
//
// Main creates one thread and both take turns: step i of main moves `turns` from 2i to 2i+1
// (M steps), step i of the other thread from 2i+1 to 2i+2 (N steps). A step whose turn has
// passed is skipped for good, so `turns` reaches M+N only if the M+N steps strictly alternate
// main, other, main, ... Each thread checks `turns != M + N` right after its loop, so the thread
// that takes the last step fails the check without another switch.
//
// The context bound (Definition 2.8, dissertation; checker/bounds/ContextBound.cpp) counts every
// change of the running thread, main's included, and nothing else: the first transition is free
// and main's pthread_create is part of its first run. Between two steps of one thread the other
// must take its step, so every one of the M+N-1 alternations is a context switch, and the
// schedule main (create, step 0), other (step 0), main (step 1), ... has exactly M+N-1. Main's
// final join comes after its check and plays no part in the bug.
//
// k = M+N-1. k = 1: M=1 N=1; k = 2: M=2 N=1; k = 3: M=2 N=2.
// Each variant is compiled once, as bporcheck compiles C input.
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DM=1 -DN=1 %s -o %t.11.bc
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DM=2 -DN=1 %s -o %t.21.bc
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DM=2 -DN=2 %s -o %t.22.bc
// RUN: %bporcheck --contexts=0 %t.11.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --contexts=1 %t.11.bc | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck --contexts=1 %t.21.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --contexts=2 %t.21.bc | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck --contexts=2 %t.22.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --contexts=3 %t.22.bc | %FileCheck --check-prefix=BUG %s
// Plain bounded search agrees with BPOR on both sides of the threshold.
// RUN: %bporcheck --por=none --contexts=2 %t.22.bc | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --por=none --contexts=3 %t.22.bc | %FileCheck --check-prefix=BUG %s
// Iterative bounding stops at the first bound that finds it.
// RUN: %expect-exit 1 %bporcheck --iterate --contexts=6 %t.22.bc | %FileCheck --check-prefixes=ITER,BUG %s
// ITER: bound 0: no error in any schedule with at most 0 context switches
// ITER-NEXT: bound 1: no error in any schedule with at most 1 context switch (
// ITER-NEXT: bound 2: no error in any schedule with at most 2 context switches
// ITER-NEXT: bound 3: error found
// ITER-NOT: bound 4
// OK: verdict: ok: no error in any schedule with at most {{[0-9]}} context switch
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
