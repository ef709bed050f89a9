// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// A thread that fails trylock assumes the other holds the lock "for ever" — it does not.
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int holder;

void *worker(void *arg) {
  long me = (long)arg;
  if (pthread_mutex_trylock(&m) == 0) {
    holder = me;
    pthread_mutex_unlock(&m);
  } else {
    if (holder == me) reach_error();
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (holder == 0) reach_error();
  return 0;
}
