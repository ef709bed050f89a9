// SB (store buffering): each thread stores to one variable and loads the other. Both loads
// reading 0 needs a store to wait in a buffer past the other thread's load: allowed by TSO,
// PSO, RA and RC11 with relaxed or release/acquire accesses; forbidden by SC, and by RC11 when
// all four accesses are seq_cst (-DSC_ACCESSES), which TSO also honours (a seq_cst store is
// an xchg). Four consistent graphs where the outcome is allowed, three where it is not.
// RUN: %bporcheck --model=sc %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=rc11 -DSC_ACCESSES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso -DSC_ACCESSES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=ra -DSC_ACCESSES %s | %FileCheck --check-prefix=ERR %s
// OK3: verdict: ok
// OK3: executions: 3
// ERR4: verdict: error (assertion failure)
// ERR4: executions: 4
// ERR4-NEXT: finished: 3, {{.*}} errors: 1
// ERR: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SC_ACCESSES
#define LOAD memory_order_seq_cst
#define STORE memory_order_seq_cst
#else
#define LOAD memory_order_relaxed
#define STORE memory_order_relaxed
#endif

atomic_int x, y;
int r0, r1;

void *t0(void *arg) {
  atomic_store_explicit(&x, 1, STORE);
  r0 = atomic_load_explicit(&y, LOAD);
  return 0;
}

void *t1(void *arg) {
  atomic_store_explicit(&y, 1, STORE);
  r1 = atomic_load_explicit(&x, LOAD);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r0 == 0 && r1 == 0));
  return 0;
}
