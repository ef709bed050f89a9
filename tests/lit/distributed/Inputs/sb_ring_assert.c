// Store buffering in a ring of four threads with relaxed atomics: thread i stores x[i] and loads
// x[i+1]. Under RC11 every load may read the initial value or the store (16 consistent graphs);
// in half of them thread 0's load reads 0, and main's assertion fails.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define N 4
atomic_int x[N];
int seen[N];

void *worker(void *arg) {
  int i = (int)(long)arg;
  atomic_store_explicit(&x[i], 1, memory_order_relaxed);
  seen[i] = atomic_load_explicit(&x[(i + 1) % N], memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  assert(seen[0] == 1);
  return 0;
}
