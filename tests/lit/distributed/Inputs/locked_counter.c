// Four threads increment a counter under a lock: 4! orders of the critical sections, each
// finished without an error.
#include <assert.h>
#include <pthread.h>

int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *increment(void *arg) {
  pthread_mutex_lock(&lock);
  counter = counter + 1;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t threads[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&threads[i], 0, increment, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(threads[i], 0);
  assert(counter == 4);
  return 0;
}
