// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Dekker's algorithm; each busy-wait is written as an await (assume of its exit condition).
int wants0, wants1, turn, inside;

void *p0(void *arg) {
  wants0 = 1;
  if (wants1) {
    if (turn != 0) {
      wants0 = 0;
      __VERIFIER_assume(turn == 0);
      wants0 = 1;
    }
    __VERIFIER_assume(!wants1);
  }
  inside++;
  if (inside != 1) reach_error();
  inside--;
  turn = 1;
  wants0 = 0;
  return 0;
}

void *p1(void *arg) {
  wants1 = 1;
  if (wants0) {
    if (turn != 1) {
      wants1 = 0;
      __VERIFIER_assume(turn == 1);
      wants1 = 1;
    }
    __VERIFIER_assume(!wants0);
  }
  inside++;
  if (inside != 1) reach_error();
  inside--;
  turn = 0;
  wants1 = 0;
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
