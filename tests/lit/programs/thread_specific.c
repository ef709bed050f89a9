// Thread-specific data is per thread.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
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
