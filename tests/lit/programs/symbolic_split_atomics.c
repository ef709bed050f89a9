// A word that a compare-and-swap or a fetch_add reads holds a value computed from a nondet input.
// The compare-and-swap splits the word's bytes into their values first, as a call splits an
// argument (docs/design.md, "Values fixed by splitting"); the fetch_add, inside an atomic block,
// keeps the word's expression ("Atomic updates"). So every search covers each of the 4 values
// of `n`. Fixing the bytes instead answered "ok, but not every behaviour was covered" on all
// three programs and missed both errors.
// RUN: %bporcheck --por=unfolding %s | %FileCheck --check-prefix=OK %s
// With a second compare-and-swap in the adder's place (-DTWO_CAS), its split is a decision
// inside the atomic block, which stops the block's step there; the unfolding search once took
// the claimer's events after that step as enabled and refused the program as
// "non-deterministic" (docs/unfolding.md).
// RUN: %bporcheck -DTWO_CAS --por=unfolding %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DTWO_CAS --por=optimal %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DTWO_CAS --por=source %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --por=optimal %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --por=source %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --por=dpor %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --por=none %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck -DCLAIM --por=optimal %s | %FileCheck --check-prefix=CLAIM %s
// RUN: %expect-exit 1 %bporcheck -DCLAIM --por=unfolding %s | %FileCheck --check-prefix=CLAIM %s
// RUN: %expect-exit 1 %bporcheck -DADD --por=unfolding %s | %FileCheck --check-prefix=ADD %s
// RUN: %expect-exit 1 %bporcheck -DCLAIM --por=source %s | %FileCheck --check-prefix=CLAIM %s
// RUN: %expect-exit 1 %bporcheck -DCLAIM --por=none %s | %FileCheck --check-prefix=CLAIM %s
// RUN: %expect-exit 1 %bporcheck -DCLAIM --preemptions=2 %s | %FileCheck --check-prefix=CLAIM %s
// RUN: %expect-exit 1 %bporcheck -DADD --por=optimal %s | %FileCheck --check-prefix=ADD %s
// RUN: %expect-exit 1 %bporcheck -DADD --por=dpor %s | %FileCheck --check-prefix=ADD %s
// RUN: %expect-exit 1 %bporcheck -DADD --preemptions=2 %s | %FileCheck --check-prefix=ADD %s
// With 64 values (-DWIDE, more than a split covers) the word is fixed with loss, and the answer
// says so (exit 4), never "ok" for every value.
// RUN: %expect-exit 4 %bporcheck -DWIDE -DCLAIM %s | %FileCheck --check-prefix=WIDE %s
// OK: verdict: ok: no error in any schedule, every value of every nondet input
// WIDE: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 time a value computed from nondet inputs was fixed to one value (1 as an argument of a library function)
// CLAIM: error: assertion failure: assertion '!claimed' failed
// CLAIM: nondet inputs:
// CLAIM-NEXT: thread 0 at {{.*}}: {{[0-9]+$}}
// ADD: error: assertion failure: assertion 'old != 3' failed
// ADD: nondet inputs:
// ADD-NEXT: thread 0 at {{.*}}: {{[0-9]+$}}
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

atomic_uint slot;
atomic_uint counter;
int claimed;

void *claimer(void *arg) {
  unsigned expected = 4;
  if (atomic_compare_exchange_strong(&slot, &expected, 5))
    claimed = 1;
  return 0;
}

void *adder(void *arg) {
  __VERIFIER_atomic_begin();
#ifdef TWO_CAS
  unsigned old = 0;
  atomic_compare_exchange_strong(&counter, &old, 9);
#else
  unsigned old = atomic_fetch_add(&counter, 1);
#endif
  __VERIFIER_atomic_end();
#ifdef ADD
  assert(old != 3);
#endif
  return 0;
}

int main(void) {
#ifdef WIDE
  unsigned n = __VERIFIER_nondet_uint() % 64;
#else
  unsigned n = __VERIFIER_nondet_uint() % 4;
#endif
  slot = 2 * n;
  counter = n;
  pthread_t a, b;
  pthread_create(&a, 0, claimer, 0);
  pthread_create(&b, 0, adder, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
#ifdef CLAIM
  assert(!claimed);
#endif
  return 0;
}
