// Store buffering in a ring of N threads (-DN=..., default 12), relaxed (-DORDER=... for
// another order): thread i stores x[i] and loads x[i+1]. Every load may read the initial value or the store: 2^N consistent graphs
// under TSO, PSO, RA and RC11; under SC the cycle where every load reads 0 is forbidden.
#include <pthread.h>
#include <stdatomic.h>

#ifndef ORDER
#define ORDER memory_order_relaxed
#endif
#ifndef N
#define N 12
#endif

atomic_int x[N];

void *worker(void *arg) {
  int i = (int)(long)arg;
  atomic_store_explicit(&x[i], 1, ORDER);
  (void)atomic_load_explicit(&x[(i + 1) % N], ORDER);
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
