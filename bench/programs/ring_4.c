// N = 4 threads: thread i writes x[i] and reads x[(i+1) % N].
#include <pthread.h>

int x[4];

void *worker(void *arg) {
  long i = (long)arg;
  x[i] = 1;
  return (void *)(long)x[(i + 1) % 4];
}

int main(void) {
  pthread_t t[4];
  for (long k = 0; k < 4; k++) pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 4; k++) pthread_join(t[k], 0);
  return 0;
}
