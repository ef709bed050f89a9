// A lost update: some schedules end in an assertion failure.
#include <assert.h>
#include <pthread.h>

int x;

void *inc(void *arg) {
  int v = x;
  x = v + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
