// A bounded buffer of SIZE slots with busy-waiting producer and consumer (a single producer and
// a single consumer, the count updated atomically), ITEMS items.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef SIZE
#define SIZE 2
#endif
#ifndef ITEMS
#define ITEMS 4
#endif
int buffer[SIZE];
atomic_int count;

void *producer(void *arg) {
  int in = 0;
  for (int i = 1; i <= ITEMS; i++) {
    while (atomic_load(&count) == SIZE) {
    }
    buffer[in] = i;
    in = (in + 1) % SIZE;
    atomic_fetch_add(&count, 1);
  }
  return 0;
}

void *consumer(void *arg) {
  int out = 0;
  for (int i = 1; i <= ITEMS; i++) {
    while (atomic_load(&count) == 0) {
    }
    assert(buffer[out] == i);
    out = (out + 1) % SIZE;
    atomic_fetch_sub(&count, 1);
  }
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
