// R: t0 writes x=1 then y=1; t1 writes y=2 then reads x. t1 reading x=0 while y ends at 2
// needs t1's load to pass its own store (TSO's store buffer): allowed under TSO, PSO, RA and
// RC11 with relaxed accesses; forbidden under SC, and under RC11 with seq_cst accesses
// (-DSC_ACCESSES).
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=sc --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=pso --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=rc11 --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK3 %s
// ERR4: verdict: error
// ERR4: executions: 4
// OK3: verdict: ok
// OK3: executions: 3
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SC_ACCESSES
#define ORDER memory_order_seq_cst
#else
#define ORDER memory_order_relaxed
#endif

atomic_int x, y;
int r1;

void *t0(void *arg) {
  atomic_store_explicit(&x, 1, ORDER);
  atomic_store_explicit(&y, 1, ORDER);
  return 0;
}

void *t1(void *arg) {
  atomic_store_explicit(&y, 2, ORDER);
  r1 = atomic_load_explicit(&x, ORDER);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r1 == 0 && atomic_load_explicit(&y, memory_order_relaxed) == 2));
  return 0;
}
