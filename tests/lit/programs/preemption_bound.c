// A bug that needs exactly k preemptions is found with --preemptions=k and not with k-1.
//
// Thread one takes steps 0..M-1 and thread two steps 0..N-1; step i of thread one moves `turns`
// from 2i to 2i+1, step i of thread two from 2i+1 to 2i+2. `turns` reaches M+N only if the
// threads strictly alternate, one, two, one, ... Every switch of that alternation is a
// preemption except the one after a thread's last step (it has ended): with M = N+1 that is
// 2N-1 preemptions, with M = N it is 2N-2. Main's switches are free: after its second create it
// blocks in a join.
//
// k = 1: M=2 N=1; k = 2: M=2 N=2; k = 3: M=3 N=2.
// RUN: %bporcheck --preemptions=0 -DM=2 -DN=1 %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --preemptions=1 -DM=2 -DN=1 %s | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck --preemptions=1 -DM=2 -DN=2 %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --preemptions=2 -DM=2 -DN=2 %s | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck --preemptions=2 -DM=3 -DN=2 %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --preemptions=3 -DM=3 -DN=2 %s | %FileCheck --check-prefix=BUG %s
// Plain bounded search agrees with BPOR on both sides of the threshold.
// RUN: %bporcheck --por=none --preemptions=2 -DM=3 -DN=2 %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --por=none --preemptions=3 -DM=3 -DN=2 %s | %FileCheck --check-prefix=BUG %s
// Iterative bounding stops at the first bound that finds it.
// RUN: %expect-exit 1 %bporcheck --iterate --preemptions=5 -DM=3 -DN=2 %s | %FileCheck --check-prefixes=ITER,BUG %s
// ITER: bound 0: no error in any schedule with at most 0 preemptions
// ITER-NEXT: bound 1: no error in any schedule with at most 1 preemption
// ITER-NEXT: bound 2: no error in any schedule with at most 2 preemptions
// ITER-NEXT: bound 3: error found
// OK: verdict: ok: no error in any schedule with at most {{[0-9]}} preemption
// BUG: error: assertion failure: assertion 'turns != M + N' failed
// BUG: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>

int turns;

void *one(void *arg) {
  for (int i = 0; i < M; i++)
    if (turns == 2 * i)
      turns = 2 * i + 1;
  return 0;
}

void *two(void *arg) {
  for (int i = 0; i < N; i++)
    if (turns == 2 * i + 1)
      turns = 2 * i + 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(turns != M + N);
  return 0;
}
