// An atomic block whose step stops inside it: at a nondet draw (-DDRAW, with --nondet-values),
// or at a branch on a value another thread made symbolic (the default). Until the block ends no
// other thread runs, so its step disables every other thread: its event conflicts with every
// event, and a race with a later step of the block (the draw, the decision) can only be
// reversed before the whole block. The pass used to name such a block's footprint (x1), so
// optimal DPOR reversed t1's read of a0 against main's exchange by a wakeup sequence that put
// the block first and t1's read after it, where t1 is disabled, and dropped it: 14 executions
// where there are 22 traces (-DDRAW), 11 where there are 17 (symbolic), and source-DPOR and
// DPOR missed some too (docs/design.md, "Atomic blocks").
//
// RUN: %expect-exit 1 %bporcheck --por=optimal --keep-going --no-progress %s | %FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 1 %bporcheck --por=optimal -j 2 --keep-going --no-progress %s | %FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 1 %bporcheck --por=source --keep-going --no-progress %s | %FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 1 %bporcheck --por=dpor --keep-going --no-progress %s | %FileCheck %s --check-prefix=SYM
// RUN: %expect-exit 1 %bporcheck --por=unfolding --keep-going --no-progress %s | %FileCheck %s --check-prefix=ERR
// SYM: 1 distinct error in 7 executions
// SYM: executions: 17
// ERR: 1 distinct error in 7 executions
//
// RUN: %bporcheck -DDRAW --nondet-values=0,1 --por=optimal --no-progress %s | %FileCheck %s --check-prefix=DRAW
// RUN: %bporcheck -DDRAW --nondet-values=0,1 --por=optimal -j 2 --no-progress %s | %FileCheck %s --check-prefix=DRAW
// RUN: %bporcheck -DDRAW --nondet-values=0,1 --por=source --no-progress %s | %FileCheck %s --check-prefix=DRAW
// RUN: %bporcheck -DDRAW --nondet-values=0,1 --por=dpor --no-progress %s | %FileCheck %s --check-prefix=DRAW
// RUN: %bporcheck -DDRAW --nondet-values=0,1 --preemptions=20 --no-progress %s | %FileCheck %s --check-prefix=DRAW
// RUN: %bporcheck -DDRAW --nondet-values=0,1 --por=unfolding --cutoffs=false --no-progress %s | %FileCheck %s --check-prefix=DRAW
// DRAW: executions: 22
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x1;
atomic_int a0;

void *t2(void *arg) {
  __VERIFIER_atomic_begin();
#ifdef DRAW
  int v = x1;
  if (__VERIFIER_nondet_int())
    x1 = v + 1;
#else
  assert(x1 != 2);
#endif
  __VERIFIER_atomic_end();
  return 0;
}

void *t1(void *arg) {
  atomic_load(&a0);
  return 0;
}

int main(void) {
  pthread_t h0, h1;
  pthread_create(&h0, 0, t1, 0);
  pthread_create(&h1, 0, t2, 0);
#ifdef DRAW
  x1 = 5;
  atomic_exchange(&a0, 3);
#else
  unsigned char c = __VERIFIER_nondet_uchar();
  __sync_fetch_and_xor(&x1, c & 3);
  atomic_exchange(&a0, c % 4);
#endif
  pthread_join(h0, 0);
  pthread_join(h1, 0);
  return 0;
}
