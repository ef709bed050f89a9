// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

int flag0, flag1, turn, inside;

void *p0(void *arg) {
  flag0 = 1;
  turn = 1;
  __VERIFIER_assume(!(flag1 == 1 && turn == 1)); // await: the spin loop's exit condition
  inside++;
  if (inside != 1) reach_error();
  inside--;
  flag0 = 0;
  return 0;
}

void *p1(void *arg) {
  flag1 = 1;
  turn = 0;
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
