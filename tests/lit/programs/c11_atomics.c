// C11 atomics: fetch_add, exchange and compare_exchange are indivisible.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
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
