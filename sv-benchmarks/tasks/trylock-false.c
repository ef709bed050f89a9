// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// A thread that fails trylock assumes the holder has already published its data: it may not.
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int data;

void *worker(void *arg) {
  if (pthread_mutex_trylock(&m) == 0) {
    data = (int)(long)arg;
    pthread_mutex_unlock(&m);
  } else {
    if (data == 0) reach_error();
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
