// glibc's static initializer PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP asks for writer
// preference (a waiting writer holds new readers back, so a reader taking the lock twice can
// deadlock with it). The model's locks do not prefer writers: such a lock is refused, in both
// data models, rather than answered ok.
// RUN: %expect-exit 3 %bporcheck --no-progress %s 2>&1 | %FileCheck %s
// RUN: %expect-exit 3 %bporcheck --no-progress -m32 %s 2>&1 | %FileCheck %s
// CHECK: unsupported construct: a read-write lock initialised to prefer writers
#define _GNU_SOURCE
#include <pthread.h>

static pthread_rwlock_t lock = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;

static void *writer(void *arg) {
  pthread_rwlock_wrlock(&lock);
  pthread_rwlock_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_rwlock_rdlock(&lock);
  pthread_rwlock_rdlock(&lock);
  pthread_rwlock_unlock(&lock);
  pthread_rwlock_unlock(&lock);
  pthread_join(t, 0);
  return 0;
}
