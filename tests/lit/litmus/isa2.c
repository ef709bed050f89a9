// ISA2: a chain of message passing over three threads (x, then y, then z). t2 seeing z but not
// x breaks the chain: allowed with relaxed accesses under RC11; forbidden under SC, TSO and RA,
// and under RC11 when each flag is a release store read by an acquire load (-DREL_ACQ). PSO
// reorders t0's two stores, so it allows it.
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK7 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK7 %s
// RUN: %expect-exit 1 %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=ERR8 %s
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

atomic_int x, y, z;
int r1, r2, r3;

void *t0(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  atomic_store_explicit(&y, 1, STORE);
  return 0;
}

void *t1(void *arg) {
  r1 = atomic_load_explicit(&y, LOAD);
  atomic_store_explicit(&z, 1, STORE);
  return 0;
}

void *t2(void *arg) {
  r2 = atomic_load_explicit(&z, LOAD);
  r3 = atomic_load_explicit(&x, memory_order_relaxed);
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
