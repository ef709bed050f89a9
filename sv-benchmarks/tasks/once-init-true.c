// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// pthread_once runs the initialiser exactly once however the threads race.
pthread_once_t once = PTHREAD_ONCE_INIT;
int inits;

void init(void) { inits++; }

void *worker(void *arg) {
  pthread_once(&once, init);
  if (inits != 1) reach_error();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
