// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Increments inside __VERIFIER_atomic_ functions are not lost.
int counter;

void __VERIFIER_atomic_inc(void) { counter = counter + 1; }

void *worker(void *arg) {
  __VERIFIER_atomic_inc();
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_create(&c, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  if (counter != 3) reach_error();
  return 0;
}
