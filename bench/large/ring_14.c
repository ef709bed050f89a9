// N = 14 threads: thread i writes x[i] and reads x[(i+1) % N]: 2^N - 1 = 16,383 traces.
#include <pthread.h>

#define N 14
int x[N];

void *worker(void *arg) {
  long i = (long)arg;
  x[i] = 1;
  return (void *)(long)x[(i + 1) % N];
}

int main(void) {
  pthread_t t[N];
  for (long k = 0; k < N; k++) pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < N; k++) pthread_join(t[k], 0);
  return 0;
}
