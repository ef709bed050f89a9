// Two threads free the same block.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error: {{.*}}double free
#include <pthread.h>
#include <stdlib.h>

int *block;

void *release(void *arg) {
  free(block);
  return 0;
}

int main(void) {
  block = malloc(sizeof(int));
  pthread_t a, b;
  pthread_create(&a, 0, release, 0);
  pthread_create(&b, 0, release, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
