// MP (message passing): a writer stores data then a flag; a reader that sees the flag must see
// the data. Allowed to fail with relaxed accesses under RC11, and under PSO, which lets the two
// stores reach memory out of order (TSO keeps them in order); forbidden under SC and TSO, and
// under RA and RC11 once the flag is a release store read by an acquire load (-DREL_ACQ), or
// with a release fence before the flag and an acquire fence after it (-DFENCES).
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=OK3 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=ERR4 %s
// RUN: %bporcheck --model=sc --keep-going -DFENCES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=tso --keep-going -DFENCES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=pso --keep-going -DFENCES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=ra --keep-going -DFENCES %s | %FileCheck --check-prefix=OK3 %s
// RUN: %bporcheck --model=rc11 --keep-going -DFENCES %s | %FileCheck --check-prefix=OK3 %s
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

#if defined(REL_ACQ)
#define FLAG_STORE memory_order_release
#define FLAG_LOAD memory_order_acquire
#else
#define FLAG_STORE memory_order_relaxed
#define FLAG_LOAD memory_order_relaxed
#endif

atomic_int data, flag;
int seenFlag, seenData;

void *writer(void *arg) {
  atomic_store_explicit(&data, 1, memory_order_relaxed);
#ifdef FENCES
  atomic_thread_fence(memory_order_release);
#endif
  atomic_store_explicit(&flag, 1, FLAG_STORE);
  return 0;
}

void *reader(void *arg) {
  seenFlag = atomic_load_explicit(&flag, FLAG_LOAD);
#ifdef FENCES
  atomic_thread_fence(memory_order_acquire);
#endif
  seenData = atomic_load_explicit(&data, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(seenFlag == 1 && seenData == 0));
  return 0;
}
