// IRIW (independent reads of independent writes): two writers, two readers that read the two
// variables in opposite orders. The readers disagreeing on the order of the writes is allowed
// where stores are not seen by all threads at once: under RA and RC11 with relaxed or
// acquire loads (-DACQUIRE); forbidden under SC, TSO and PSO (their stores reach one memory),
// and under RC11 when every access is seq_cst (-DSC_ACCESSES).
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK15 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK15 %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=OK15 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=ERR16 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=ERR16 %s
// RUN: %bporcheck --model=sc --keep-going -DACQUIRE %s | %FileCheck --check-prefix=OK15 %s
// RUN: %bporcheck --model=tso --keep-going -DACQUIRE %s | %FileCheck --check-prefix=OK15 %s
// RUN: %bporcheck --model=pso --keep-going -DACQUIRE %s | %FileCheck --check-prefix=OK15 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going -DACQUIRE %s | %FileCheck --check-prefix=ERR16 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going -DACQUIRE %s | %FileCheck --check-prefix=ERR16 %s
// RUN: %bporcheck --model=sc --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK15 %s
// RUN: %bporcheck --model=tso --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK15 %s
// RUN: %bporcheck --model=pso --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK15 %s
// RUN: %expect-exit 1 %bporcheck --model=ra --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=ERR16 %s
// RUN: %bporcheck --model=rc11 --keep-going -DSC_ACCESSES %s | %FileCheck --check-prefix=OK15 %s
// ERR16: verdict: error
// ERR16: executions: 16
// OK15: verdict: ok
// OK15: executions: 15
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#if defined(SC_ACCESSES)
#define LOAD memory_order_seq_cst
#define STORE memory_order_seq_cst
#elif defined(ACQUIRE)
#define LOAD memory_order_acquire
#define STORE memory_order_release
#else
#define LOAD memory_order_relaxed
#define STORE memory_order_relaxed
#endif

atomic_int x, y;
int a0, a1, b0, b1;

void *writeX(void *arg) {
  atomic_store_explicit(&x, 1, STORE);
  return 0;
}

void *writeY(void *arg) {
  atomic_store_explicit(&y, 1, STORE);
  return 0;
}

void *readXY(void *arg) {
  a0 = atomic_load_explicit(&x, LOAD);
  a1 = atomic_load_explicit(&y, LOAD);
  return 0;
}

void *readYX(void *arg) {
  b0 = atomic_load_explicit(&y, LOAD);
  b1 = atomic_load_explicit(&x, LOAD);
  return 0;
}

int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, writeX, 0);
  pthread_create(&t[1], 0, writeY, 0);
  pthread_create(&t[2], 0, readXY, 0);
  pthread_create(&t[3], 0, readYX, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  assert(!(a0 == 1 && a1 == 0 && b0 == 1 && b1 == 0));
  return 0;
}
