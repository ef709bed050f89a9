// S: t0 writes x=2 then y=1; t1 reads y and writes x=1. t1 reading y=1 while x ends at 2 needs
// t1's store to precede t0's in coherence although t0's first store came before the flag t1
// read: allowed with relaxed accesses under RC11, and under PSO; forbidden under SC, TSO and
// RA, and under RC11 with a release flag read by an acquire load (-DREL_ACQ).
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=sc --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=pso --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=ra --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=rc11 --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK3 %s
// ERR4: verdict: error
// ERR4: executions: 4
// OK3: verdict: ok
// OK3: executions: 3
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef REL_ACQ
#define LOAD memory_order_acquire
#define STORE memory_order_release
#else
#define LOAD memory_order_relaxed
#define STORE memory_order_relaxed
#endif

atomic_int x, y;
int r1;

void *t0(void *arg) {
  atomic_store_explicit(&x, 2, memory_order_relaxed);
  atomic_store_explicit(&y, 1, STORE);
  return 0;
}

void *t1(void *arg) {
  r1 = atomic_load_explicit(&y, LOAD);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1 == 1 && atomic_load_explicit(&x, memory_order_relaxed) == 2));
  return 0;
}
