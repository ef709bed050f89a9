// 2+2W: t0 writes x=1 then y=2, t1 writes y=1 then x=2. Both variables ending at 1 needs each
// thread's second store to come first in coherence: allowed under PSO (stores to different
// variables leave in any order), RA and RC11 with relaxed or release stores; forbidden under
// SC and TSO, and under RC11 with seq_cst stores (-DSC_ACCESSES).
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK3 %s
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
#define STORE memory_order_seq_cst
#else
#define STORE memory_order_relaxed
#endif

atomic_int x, y;

void *t0(void *arg) {
  atomic_store_explicit(&x, 1, STORE);
  atomic_store_explicit(&y, 2, STORE);
  return 0;
}

void *t1(void *arg) {
  atomic_store_explicit(&y, 1, STORE);
  atomic_store_explicit(&x, 2, STORE);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(atomic_load_explicit(&x, memory_order_relaxed) == 1 &&
           atomic_load_explicit(&y, memory_order_relaxed) == 1));
  return 0;
}
