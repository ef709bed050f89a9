// LB (load buffering): each thread loads one variable, then stores 1 to the other. Both loads
// reading 1 needs each store to come before the load before it in program order: forbidden
// under every model here (RC11 forbids any cycle of program order and reads-from, "no thin
// air"), even with relaxed accesses.
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=OK3 %s
// OK3: verdict: ok
// OK3: executions: 3
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *t0(void *arg) {
  r0 = atomic_load_explicit(&x, memory_order_relaxed);
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  return 0;
}

void *t1(void *arg) {
  r1 = atomic_load_explicit(&y, memory_order_relaxed);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r0 == 1 && r1 == 1));
  return 0;
}
