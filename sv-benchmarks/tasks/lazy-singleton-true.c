// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// Double-checked initialisation of a singleton under a mutex.
#include <stdlib.h>
int *instance;
int created;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int *get(void) {
  if (!instance) {
    pthread_mutex_lock(&m);
    if (!instance) {
      int *p = malloc(sizeof(int));
      *p = 42;
      created++;
      instance = p;
    }
    pthread_mutex_unlock(&m);
  }
  return instance;
}

void *user(void *arg) {
  int *p = get();
  if (*p != 42) reach_error();
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
