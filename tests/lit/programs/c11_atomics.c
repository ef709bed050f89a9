// C11 atomics: fetch_add, exchange and compare_exchange are indivisible.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 19{{$}}
// Two threads with n visible events each, started by main's two creates and waited for
// by its two joins, interleave in sum_{k=0..n} C(2n+1-k, n) ways (k = events the first
// thread runs before the second create): 5, 19, 69 for n = 1, 2, 3.
// Here n = 2 (fetch_add, compare_exchange).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;
atomic_int winner;

void *worker(void *arg) {
  atomic_fetch_add(&counter, 1);
  int expected = 0;
  atomic_compare_exchange_strong(&winner, &expected, (int)(long)arg);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(atomic_load(&counter) == 2);
  int w = atomic_exchange(&winner, 0);
  assert(w == 1 || w == 2);
  return 0;
}
