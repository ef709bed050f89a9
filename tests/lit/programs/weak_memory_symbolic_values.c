// A nondet value stored to an atomic and read, under RC11, after a later store to it: the
// weak-memory graph search gives each read the value of the write it reads, a plain number,
// so symbolic values are split (few values) or fixed (any int) where they enter shared
// memory (docs/design.md, "Symbolic values under a weak memory model"). Under RA the acquire
// read of `published` orders the later store first, so no value fails. Left symbolic, the
// read of the older value would take memory's latest expression and miss n = 12346.
// RUN: %expect-exit 4 %bporcheck --no-progress %s | %FileCheck %s --check-prefix=WIDE
// RUN: %expect-exit 1 %bporcheck --no-progress --nondet=values --nondet-values=0,12346 %s | %FileCheck %s --check-prefix=ERROR
// RUN: %expect-exit 1 %bporcheck --no-progress -DFEW_VALUES %s | %FileCheck %s --check-prefix=ERROR
// RUN: %expect-exit 0 %bporcheck --no-progress -DFEW_VALUES --model=ra %s | %FileCheck %s --check-prefix=RA
// RUN: %expect-exit 0 %bporcheck --no-progress -DFEW_VALUES --model=sc %s | %FileCheck %s --check-prefix=SC
// WIDE: graph search under RC11
// WIDE: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 time a value computed from nondet inputs was fixed to one value (1 as an address or value of a shared-memory access under a weak memory model)
// ERROR: load global x = {{[0-9]+}} (from step {{[0-9]+}}, although step {{[0-9]+}} stored to it)
// ERROR: verdict: error (assertion failure)
// RA: verdict: ok: no error in any schedule, every value of every nondet input (graph search under RA
// SC: verdict: ok: no error in any schedule, every value of every nondet input
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

#ifdef FEW_VALUES
#define BAD 3
#else
#define BAD 12346
#endif

atomic_int x, published;

static void *writer(void *arg) {
  int n = __VERIFIER_nondet_int();
#ifdef FEW_VALUES
  __VERIFIER_assume(n >= 0 && n < 4);
#endif
  atomic_store_explicit(&x, n * 3 + 1, memory_order_relaxed);
  atomic_store_explicit(&x, 7, memory_order_relaxed);
  atomic_store_explicit(&published, 1, memory_order_relaxed);
  return 0;
}

static void *reader(void *arg) {
  if (atomic_load_explicit(&published, memory_order_relaxed)) {
    int r = atomic_load_explicit(&x, memory_order_relaxed);
    assert(r != BAD * 3 + 1); // relaxed: the older value may be read
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
