// The reader may dereference the buffer after main freed it.
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck %s
// CHECK: error: memory error: use after free: load of 4 bytes at heap object #{{[0-9]+\.[0-9]+}} (freed)
// CHECK: free heap object
// CHECK: verdict: error (memory error)
#include <pthread.h>
#include <stdlib.h>

int *buffer;

void *reader(void *arg) {
  int *b = buffer;
  return (void *)(long)b[0];
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
