// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Lazy initialisation without a lock: two threads may both create the instance.
#include <stdlib.h>
int *instance;
int created;

int *get(void) {
  if (!instance) {
    int *p = malloc(sizeof(int));
    *p = 42;
    created++;
    instance = p;
  }
  return instance;
}

void *user(void *arg) {
  get();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, user, 0);
  pthread_create(&b, 0, user, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (created != 1) reach_error();
  return 0;
}
