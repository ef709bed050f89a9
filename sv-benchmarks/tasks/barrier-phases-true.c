// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// After the barrier every thread sees both writes from the first phase.
pthread_barrier_t barrier;
int slots[2];

void *worker(void *arg) {
  long me = (long)arg;
  slots[me] = 1;
  pthread_barrier_wait(&barrier);
  if (slots[0] + slots[1] != 2) reach_error();
  return 0;
}

int main(void) {
  pthread_barrier_init(&barrier, 0, 2);
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)0);
  pthread_create(&b, 0, worker, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
