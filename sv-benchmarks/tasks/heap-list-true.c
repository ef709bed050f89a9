// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

#include <stdlib.h>
// Two threads push nodes onto a shared list under a mutex; the length is exact.
struct node { int value; struct node *next; };
struct node *head;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *pusher(void *arg) {
  struct node *n = malloc(sizeof *n);
  n->value = (int)(long)arg;
  pthread_mutex_lock(&m);
  n->next = head;
  head = n;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, pusher, (void *)1);
  pthread_create(&b, 0, pusher, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int length = 0, sum = 0;
  for (struct node *n = head; n; n = n->next) { length++; sum += n->value; }
  if (length != 2 || sum != 3) reach_error();
  while (head) { struct node *n = head; head = n->next; free(n); }
  return 0;
}
