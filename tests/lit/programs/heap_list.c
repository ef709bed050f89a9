// Threads push heap nodes onto a locked list; main frees them all.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
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
