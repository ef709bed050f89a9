// THREADS threads (4 unless -DTHREADS=N) increment a counter under a lock: THREADS! orders of
// the critical sections, each finished without an error (9! = 362,880: a search of a few
// seconds, long enough to be stopped and resumed).
#include <assert.h>
#include <pthread.h>

#ifndef THREADS
#define THREADS 4
#endif
int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *increment(void *arg) {
  pthread_mutex_lock(&lock);
  counter = counter + 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&threads[i], 0, increment, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(threads[i], 0);
  assert(counter == THREADS);
  return 0;
}
