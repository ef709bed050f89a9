// A request larger than any object the model holds (4 GiB or more; more than 2 GiB - 1 in a
// 32-bit program) returns NULL with errno ENOMEM, as glibc does: the program handles it, and
// the verdict is ok. realloc leaves the old object as it was.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static void *allocate(void *arg) {
  (void)arg;
  errno = 0;
  char *huge = malloc(SIZE_MAX / 2 + 1);
  assert(huge == NULL && errno == ENOMEM);
#if SIZE_MAX > 0xffffffffu
  assert(malloc((size_t)1 << 40) == NULL); // 1 TiB
#endif
  assert(calloc(SIZE_MAX / 2, 4) == NULL);  // the product overflows size_t
  assert(aligned_alloc(16, SIZE_MAX / 2 + 1) == NULL);
  char *small = malloc(8);
  assert(small != NULL);
  small[0] = 42;
  errno = 0;
  assert(realloc(small, SIZE_MAX / 2 + 1) == NULL && errno == ENOMEM);
  assert(small[0] == 42);
  free(small);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, allocate, NULL);
  pthread_join(t, NULL);
  return 0;
}
