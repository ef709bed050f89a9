// Three threads, two critical sections each, on one mutex-protected counter.
#include <assert.h>
#include <pthread.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  for (int k = 0; k < 2; k++) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int k = 0; k < 3; k++) pthread_create(&t[k], 0, worker, 0);
  for (int k = 0; k < 3; k++) pthread_join(t[k], 0);
  assert(counter == 6);
  return 0;
}
