// N threads (-DN=..., default 4) each make two relaxed (-DORDER=...) fetch_adds on one counter
// and a load of it: the updates are totally ordered (coherence), and each load may read any
// write it has not been ordered after.
#include <pthread.h>
#include <stdatomic.h>

#ifndef ORDER
#define ORDER memory_order_relaxed
#endif
#ifndef N
#define N 4
#endif

atomic_int counter;

void *worker(void *arg) {
  atomic_fetch_add_explicit(&counter, 1, ORDER);
  atomic_fetch_add_explicit(&counter, 1, ORDER);
  (void)atomic_load_explicit(&counter, ORDER);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return 0;
}
