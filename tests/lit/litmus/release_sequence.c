// Release sequences: t0 writes data (not atomic) and releases flag=1; t1 increments the flag
// with a relaxed fetch_add; t2 acquires the flag. Reading 2, t2 reads t1's update, which
// continues t0's release sequence: t0's write of data happens before t2's read, so there is no
// data race and it reads data = 1 (RC11, RA). With a relaxed first store (-DRELAXED_STORE) nothing
// orders the two accesses of data: a data race, undefined behaviour in C11.
// RUN: %bporcheck --model=sc --keep-going %s | %FileCheck --check-prefix=OK6 %s
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=OK6 %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=OK6 %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=OK6 %s
// RUN: %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=OK6 %s
// RUN: %bporcheck --model=sc --keep-going -DRELAXED_STORE %s | %FileCheck --check-prefix=OK6 %s
// RUN: %bporcheck --model=tso --keep-going -DRELAXED_STORE %s | %FileCheck --check-prefix=OK6 %s
// RUN: %expect-exit 1 %bporcheck --model=pso --keep-going -DRELAXED_STORE %s | %FileCheck --check-prefix=ERR7 %s
// RUN: %bporcheck --model=ra --keep-going -DRELAXED_STORE %s | %FileCheck --check-prefix=OK6 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going -DRELAXED_STORE %s | %FileCheck --check-prefix=ERR7 %s
// RUN: %expect-exit 1 %bporcheck --model=rc11 --keep-going -DRELAXED_STORE %s | %FileCheck --check-prefix=RACE %s
// RACE: error: data race: this access and one by thread 1 (t0) at {{.*}}release_sequence.c:{{[0-9]+:[0-9]+}} are not ordered by happens-before under RC11
// ERR7: verdict: error
// ERR7: executions: 7
// OK6: verdict: ok
// OK6: executions: 6
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef RELAXED_STORE
#define STORE memory_order_relaxed
#else
#define STORE memory_order_release
#endif

atomic_int flag;
int data;
int seen = 1; // what t2 read of data, after reading 2 from flag

void *t0(void *arg) {
  data = 1;
  atomic_store_explicit(&flag, 1, STORE);
  return 0;
}

void *t1(void *arg) {
  atomic_fetch_add_explicit(&flag, 1, memory_order_relaxed);
  return 0;
}

void *t2(void *arg) {
  if (atomic_load_explicit(&flag, memory_order_acquire) == 2)
    seen = data;
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
  assert(seen == 1);
  return 0;
}
