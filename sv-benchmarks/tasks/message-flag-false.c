// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Message passing through a flag, but the payload is written after the flag.
int payload, ready;

void *sender(void *arg) {
  ready = 1;
  payload = 42;
  return 0;
}

void *receiver(void *arg) {
  if (ready && payload != 42) reach_error();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, sender, 0);
  pthread_create(&b, 0, receiver, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
