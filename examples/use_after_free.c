// The owner frees a buffer while a reader may still use it: a use-after-free race.
#include <pthread.h>
#include <stdlib.h>

int *buffer;

void *reader(void *arg) {
  int *b = buffer;
  if (b)
    return (void *)(long)b[0];
  return 0;
}

int main(void) {
  buffer = malloc(sizeof(int));
  buffer[0] = 42;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  free(buffer);
  pthread_join(t, 0);
  return 0;
}
