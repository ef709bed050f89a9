// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Peterson's lock with the turn assignment before the flag: mutual exclusion fails.
int flag0, flag1, turn, inside;

void *p0(void *arg) {
  turn = 1;
  flag0 = 1;
  __VERIFIER_assume(!(flag1 == 1 && turn == 1));
  inside++;
  if (inside != 1) reach_error();
  inside--;
  flag0 = 0;
  return 0;
}

void *p1(void *arg) {
  turn = 0;
  flag1 = 1;
  __VERIFIER_assume(!(flag0 == 1 && turn == 0));
  inside++;
  if (inside != 1) reach_error();
  inside--;
  flag1 = 0;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
