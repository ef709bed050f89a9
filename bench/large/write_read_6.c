// N = 6 threads each write a shared x and then read it: (N!)^2 = 518,400 Mazurkiewicz traces.
// Too large for exhaustive search: run it with --por=optimal (bench/README.md).
#include <pthread.h>

int x;

void *worker(void *arg) {
  x = (int)(long)arg;
  return (void *)(long)x;
}

int main(void) {
  pthread_t t[6];
  for (long k = 0; k < 6; k++) pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 6; k++) pthread_join(t[k], 0);
  return 0;
}
