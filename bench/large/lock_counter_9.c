// N threads each lock one mutex, increment a shared counter and unlock it: N! traces (the
// parallel search's measurements, docs/results.md).
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 9
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; ++i)
    pthread_join(t[i], 0);
  assert(counter == N);
  return 0;
}
