// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// A bounded stack shared by a pusher and a popper, every operation under one mutex.
#define SIZE 4
int stack[SIZE];
int top;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int push(int v) {
  if (top == SIZE) return -1;
  stack[top++] = v;
  return 0;
}

int pop(void) {
  if (top == 0) return -2;
  return stack[--top];
}

void *pusher(void *arg) {
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&m);
    if (push(i + 1) != 0) reach_error();
    pthread_mutex_unlock(&m);
  }
  return 0;
}

void *popper(void *arg) {
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&m);
    if (top > 0) {
      int v = pop();
      if (v < 1 || v > 2) reach_error();
    }
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, pusher, 0);
  pthread_create(&b, 0, popper, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
