// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Results travel back through pthread_join.
void *square(void *arg) {
  long v = (long)arg;
  return (void *)(v * v);
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, square, (void *)3);
  pthread_create(&b, 0, square, (void *)4);
  void *ra, *rb;
  pthread_join(a, &ra);
  pthread_join(b, &rb);
  if ((long)ra + (long)rb != 25) reach_error();
  return 0;
}
