// N = 3 threads each write a shared x and then read it.
#include <pthread.h>

int x;

void *worker(void *arg) {
  x = (int)(long)arg;
  return (void *)(long)x;
}

int main(void) {
  pthread_t t[3];
  for (long k = 0; k < 3; k++) pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 3; k++) pthread_join(t[k], 0);
  return 0;
}
