// WRC (write-to-read causality): t0 writes x; t1 reads it and writes y; t2 reads y then x.
// t2 seeing y but not x breaks causality: allowed with relaxed accesses under RC11; forbidden
// under SC, TSO, PSO and RA, and under RC11 when t1's store is a release and the loads that
// read it are acquires (-DREL_ACQ).
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=OK7 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=ERR8 %s
// RUN: %bporcheck --model=sc --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=tso --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=pso --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=ra --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=rc11 --keep-going -DREL_ACQ %s | %FileCheck --check-prefix=OK7 %s
// ERR8: verdict: error
// ERR8: executions: 8
// OK7: verdict: ok
// OK7: executions: 7
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
int r1, r2, r3;

void *t0(void *arg) {
  atomic_store_explicit(&x, 1, STORE);
  return 0;
}

void *t1(void *arg) {
  r1 = atomic_load_explicit(&x, LOAD);
  atomic_store_explicit(&y, 1, STORE);
  return 0;
}

void *t2(void *arg) {
  r2 = atomic_load_explicit(&y, LOAD);
  r3 = atomic_load_explicit(&x, LOAD);
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_create(&c, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  assert(!(r1 == 1 && r2 == 1 && r3 == 0));
  return 0;
}
