// Thread-specific data is per thread.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 69{{$}}
// Two threads with n visible events each, started by main's two creates and waited for
// by its two joins, interleave in sum_{k=0..n} C(2n+1-k, n) ways (k = events the first
// thread runs before the second create): 5, 19, 69 for n = 1, 2, 3.
// Here n = 3 (three loads of the global key; get/setspecific are thread-local).
#include <assert.h>
#include <pthread.h>

pthread_key_t key;

void *worker(void *arg) {
  assert(pthread_getspecific(key) == 0);
  pthread_setspecific(key, arg);
  assert(pthread_getspecific(key) == arg);
  return 0;
}

int main(void) {
  pthread_key_create(&key, 0);
  pthread_setspecific(key, (void *)7);
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(pthread_getspecific(key) == (void *)7);
  return 0;
}
