// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// The popper checks emptiness outside the lock: two poppers can both pass the check for one
// item, and the second finds the stack empty (checked, so there is no out-of-bounds access).
#define SIZE 4
int stack[SIZE];
int top;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *pusher(void *arg) {
  pthread_mutex_lock(&m);
  stack[top++] = 7;
  pthread_mutex_unlock(&m);
  return 0;
}

void *popper(void *arg) {
  if (top > 0) {
    pthread_mutex_lock(&m);
    top--;
    int v = top >= 0 ? stack[top] : -1;
    pthread_mutex_unlock(&m);
    if (v != 7) reach_error();
  }
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, pusher, 0);
  pthread_create(&b, 0, popper, 0);
  pthread_create(&c, 0, popper, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}
