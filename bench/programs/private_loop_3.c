// Three threads each run a private loop before one shared write: measures the cost of
// re-executing an execution's prefix (the loop is local work on every replay).
#include <pthread.h>

int x;

void *worker(void *arg) {
  volatile long local = 0;
  long sum = 0;
  for (long k = 0; k < 100000; k++)
    sum += k ^ (long)arg;
  local = sum;
  x = (int)local;
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long k = 0; k < 3; k++) pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 3; k++) pthread_join(t[k], 0);
  return 0;
}
