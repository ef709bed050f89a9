// Four threads increment a counter without a lock: 4! orders of the loads and stores that
// matter, and the assertion fails in most.
#include <assert.h>
#include <pthread.h>

int counter;

void *increment(void *arg) {
  int seen = counter;
  counter = seen + 1;
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
