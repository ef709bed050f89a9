// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

#include <stdlib.h>
// The same list without the mutex: a push can be lost.
struct node { int value; struct node *next; };
struct node *head;

void *pusher(void *arg) {
  struct node *n = malloc(sizeof *n);
  n->value = (int)(long)arg;
  n->next = head;
  head = n;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, pusher, (void *)1);
  pthread_create(&b, 0, pusher, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int length = 0;
  for (struct node *n = head; n; n = n->next) length++;
  if (length != 2) reach_error();
  return 0;
}
