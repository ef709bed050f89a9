// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Readers under a read lock see a consistent pair written under the write lock.
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int x, y;

void *writer(void *arg) {
  pthread_rwlock_wrlock(&rw);
  x = 1;
  y = 1;
  pthread_rwlock_unlock(&rw);
  return 0;
}

void *reader(void *arg) {
  pthread_rwlock_rdlock(&rw);
  if (x != y) reach_error();
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t w, r1, r2;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_join(w, 0);
  pthread_join(r1, 0);
  pthread_join(r2, 0);
  return 0;
}
