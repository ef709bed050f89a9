// Two threads increment a shared counter without a lock: one increment can be lost.
// bporcheck finds the schedule where both threads read 0 before either writes.
#include <assert.h>
#include <pthread.h>

int counter = 0;

void *increment(void *arg) {
  int seen = counter;
  counter = seen + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, increment, 0);
  pthread_create(&b, 0, increment, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
