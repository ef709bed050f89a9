// Three threads each run a private loop of a million iterations before one shared write
// (3! = 6 traces): measures the cost of re-executing an execution's prefix, since a stateless
// explorer replays the loops on every execution.
#include <pthread.h>

int x;

void *worker(void *arg) {
  long sum = 0;
  for (long k = 0; k < 1000000; k++)
    sum += k ^ (long)arg;
  x = (int)sum;
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (long k = 0; k < 3; k++) pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 3; k++) pthread_join(t[k], 0);
  return 0;
}
