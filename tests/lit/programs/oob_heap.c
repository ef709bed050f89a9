// Writing past the end of a heap block in a thread.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error:  out-of-bounds access: store of 4 bytes at heap object #{{[0-9]+\.[0-9]+}}+12
// CHECK: in thread 1
#include <pthread.h>
#include <stdlib.h>

int *block;

void *writer(void *arg) {
  block[3] = 1;
  return 0;
}

int main(void) {
  block = malloc(3 * sizeof(int));
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_join(t, 0);
  free(block);
  return 0;
}
