// Message passing through N threads (-DN=..., default 4) with release/acquire: thread 0 writes
// data (not atomic) and releases flag[0]; thread i acquires flag[i-1] and, if set, releases
// flag[i]; the last reads data if its flag was set. Correct under every model: happens-before
// runs along the chain.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 4
#endif

int data;
atomic_int flag[N];

void *worker(void *arg) {
  int i = (int)(long)arg;
  if (i == 0) {
    data = 42;
    atomic_store_explicit(&flag[0], 1, memory_order_release);
  } else if (atomic_load_explicit(&flag[i - 1], memory_order_acquire)) {
    if (i == N - 1)
      assert(data == 42);
    else
      atomic_store_explicit(&flag[i], 1, memory_order_release);
  }
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return 0;
}
