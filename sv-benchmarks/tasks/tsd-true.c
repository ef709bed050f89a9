// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Thread-specific data: each thread sees only its own value.
pthread_key_t key;

void *worker(void *arg) {
  pthread_setspecific(key, arg);
  if (pthread_getspecific(key) != arg) reach_error();
  return 0;
}

int main(void) {
  pthread_key_create(&key, 0);
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (pthread_getspecific(key) != 0) reach_error();
  return 0;
}
