// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// In the style of SV-COMP's fib_bench: i and j grow as Fibonacci numbers in any interleaving.
int i = 1, j = 1;
#define NUM 2

void *t1(void *arg) {
  for (int k = 0; k < NUM; k++)
    i += j;
  return 0;
}

void *t2(void *arg) {
  for (int k = 0; k < NUM; k++)
    j += i;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  // The largest value reachable with NUM = 2 is fib(2 * NUM + 2) = 8.
  if (i > 8 || j > 8) reach_error();
  return 0;
}
