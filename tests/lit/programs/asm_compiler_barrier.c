// An empty asm statement is a compiler barrier, which the interpreter needs nothing for: the
// program runs, and its lost update is still found. Any other inline assembly is refused with
// its text, where it is reached.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 3 %bporcheck -DFENCE %s | %FileCheck --check-prefix=FENCE %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed
// CHECK: verdict: error
// FENCE: error: unsupported construct: inline assembly "mfence" is not supported (only an empty asm statement, a compiler barrier, is;
// FENCE-NEXT: in thread 1 (worker) at {{.*}}asm_compiler_barrier.c:[[@LINE+11]]:
#include <assert.h>
#include <pthread.h>

int counter;

void *worker(void *arg) {
  int seen = counter;
  asm volatile("" ::: "memory");
  asm("");
#ifdef FENCE
  asm volatile("mfence" ::: "memory");
#endif
  counter = seen + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
