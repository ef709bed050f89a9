// C11 threads (<threads.h>, C support library) are the pthread operations under C11's names
// and return codes: two threads' unprotected increments lose an update, found with the trace at
// the program's lines; protected by an mtx_t the program is correct, in as many executions as
// its pthread version (the two orders of the critical sections).
// RUN: %expect-exit 1 %bporcheck --trace=full %s | %FileCheck %s
// RUN: %bporcheck -DLOCKED %s | %FileCheck --check-prefix=LOCKED %s
// CHECK: error: assertion failure: assertion 'counter == 2' failed
// CHECK: trace
// CHECK: thread 0 (main)    create thread 1 (worker) {{.*}}c11_threads.c:[[@LINE+28]]:3
// CHECK: thread 1 (worker)  load global counter = 0 {{.*}}c11_threads.c:[[@LINE+15]]:
// CHECK: thread 0 (main)    join thread 1 (worker) {{.*}}c11_threads.c:[[@LINE+28]]:3
// CHECK: verdict: error (assertion failure)
// LOCKED: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
#include <assert.h>
#include <threads.h>

int counter;
mtx_t lock;

int worker(void *arg) {
#ifdef LOCKED
  if (mtx_lock(&lock) != thrd_success)
    return 1;
#endif
  int seen = counter;
  counter = seen + 1;
#ifdef LOCKED
  mtx_unlock(&lock);
#endif
  return 40 + *(int *)arg;
}

int main(void) {
  thrd_t a, b;
  int one = 1, two = 2, ra = 0, rb = 0;
  assert(mtx_init(&lock, mtx_plain) == thrd_success);
  assert(thrd_create(&a, worker, &one) == thrd_success);
  assert(thrd_create(&b, worker, &two) == thrd_success);
  assert(thrd_join(a, &ra) == thrd_success);
  assert(thrd_join(b, &rb) == thrd_success);
  assert(ra == 41 && rb == 42);
  assert(counter == 2);
  mtx_destroy(&lock);
  return 0;
}
