// SB with a seq_cst fence between each thread's store and load (relaxed accesses): the fences
// forbid both loads reading 0 under RC11 (its psc orders the fences), as mfence does under TSO
// and PSO; RA, which treats every fence as acq_rel, still allows it.
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=OK3 %s
// ERR4: verdict: error
// ERR4: executions: 4
// OK3: verdict: ok
// OK3: executions: 3
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *t0(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  atomic_thread_fence(memory_order_seq_cst);
  r0 = atomic_load_explicit(&y, memory_order_relaxed);
  return 0;
}

void *t1(void *arg) {
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  atomic_thread_fence(memory_order_seq_cst);
  r1 = atomic_load_explicit(&x, memory_order_relaxed);
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
