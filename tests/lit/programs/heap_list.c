// Threads push heap nodes onto a locked list; main frees them all.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 183{{$}}
// Each thread stores n->value (a heap access) and then runs a 5-event critical section.
// First-created thread's section first: with k of its 6 events before main's second create
// (k = 0..6), the other's first store goes before one of the 6-k remaining events and main's
// first join among the 5-event section (6 places), or it goes after and the join among
// 6 events (7 places): sum (6-k)*6 + 7 = 175. Other section first: the first thread's store
// goes before main's second create or in one of 7 places around the other's 6 events: 8.
// Total 183.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct node { int value; struct node *next; };
struct node *head;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *push(void *arg) {
  struct node *n = calloc(1, sizeof *n);
  n->value = (int)(long)arg;
  pthread_mutex_lock(&m);
  n->next = head;
  head = n;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, push, (void *)1);
  pthread_create(&b, 0, push, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int sum = 0;
  while (head) {
    struct node *n = head;
    head = n->next;
    sum += n->value;
    free(n);
  }
  assert(sum == 3);
  return 0;
}
