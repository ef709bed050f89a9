// glibc's static initializers for recursive and error-checking mutexes set __kind, which lies
// at offset 16 of a 64-bit pthread_mutex_t and at 12 of a 32-bit one: both data models honour it
// (a recursive mutex locked twice by its owner, an error-checking one reporting EDEADLK).
// RUN: %bporcheck --no-progress -m32 %s | %FileCheck %s
// RUN: %bporcheck --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t recursive = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_mutex_t checking = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;

int main(void) {
  pthread_mutex_lock(&recursive);
  pthread_mutex_lock(&recursive);
  pthread_mutex_unlock(&recursive);
  pthread_mutex_unlock(&recursive);
  assert(pthread_mutex_lock(&checking) == 0);
  assert(pthread_mutex_lock(&checking) == EDEADLK);
  pthread_mutex_unlock(&checking);
  return 0;
}
