// The valid-memcleanup property: every heap object is freed before the program ends, whether it
// returns from main or calls exit(); memory a global still points to counts (that is where it
// differs from valid-memtrack, which the same program satisfies). A work queue filled
// by two workers and drained by main.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp -DKEEP_QUEUE --witness=%t.graphml %s | %FileCheck --check-prefix=KEPT %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/valid-memcleanup.prp -DKEEP_QUEUE %s | %FileCheck --check-prefix=CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DKEEP_QUEUE %s | %FileCheck --check-prefix=MEMSAFETY-TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp -DDROP_LATE --witness=%t.yml %s | %FileCheck --check-prefix=LOST %s
// RUN: %bporcheck --validate-witness=%t.yml --property=%S/Inputs/valid-memcleanup.prp -DDROP_LATE %s | %FileCheck --check-prefix=CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp -DABORT_ON_EMPTY %s | %FileCheck --check-prefix=ABORTS %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp -DUSE_AFTER_FREE %s | %FileCheck --check-prefix=UNDEFINED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp -DDEADLOCK %s | %FileCheck --check-prefix=NOT-ENDING %s
// A node a global holds at the end: valid-memtrack holds, valid-memcleanup does not.
// KEPT: memory not freed: {{.*}} bytes) is still allocated when the program ends
// KEPT: SV-COMP result: false(valid-memcleanup)
// MEMSAFETY-TRUE: SV-COMP result: true
// A worker that pushes after main drained the queue (one order of three) leaves its node.
// LOST: memory not freed: {{.*}} bytes) is still allocated, and pointed to by nothing, when the program ends
// LOST: SV-COMP result: false(valid-memcleanup)
// Memory still pointed to when the program aborts: whether an abort() ends the program for this
// property (or, as in assume_abort_if_not, cuts a path off) is not settled: unknown.
// ABORTS: heap memory is still allocated, and pointed to, when the program aborts: whether valid-memcleanup counts an abort()
// ABORTS: SV-COMP result: unknown
// CONFIRMED: witness confirmed: the execution ends with heap memory not freed at {{.*}}memcleanup.c:{{[0-9]+}}:3 in thread 0
// An invalid access is undefined behaviour, no violation of this property: unknown, never TRUE.
// UNDEFINED: an execution has undefined behaviour
// UNDEFINED: SV-COMP result: unknown
// NOT-ENDING: valid-memcleanup is checked when the program ends, and some executions do not end (a deadlock)
// NOT-ENDING: SV-COMP result: unknown
// TRUE: reason: no execution ends with heap memory not freed
// TRUE-NEXT: SV-COMP result: true
#include <pthread.h>
#include <stdlib.h>

struct node {
  int value;
  struct node *next;
};

struct queue {
  pthread_mutex_t lock;
  struct node *head;
};

struct queue *jobs;
int drained;

static void push(int value) {
  struct node *n = malloc(sizeof *n);
  n->value = value;
  pthread_mutex_lock(&jobs->lock);
#ifdef DROP_LATE
  if (drained) { // nobody will pop it: dropped, but not freed
    pthread_mutex_unlock(&jobs->lock);
    return;
  }
#endif
  n->next = jobs->head;
  jobs->head = n;
  pthread_mutex_unlock(&jobs->lock);
}

static void *worker(void *arg) {
  push((int)(long)arg);
#ifdef DEADLOCK
  pthread_mutex_lock(&jobs->lock); // never unlocked: the other worker waits for ever
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  jobs = malloc(sizeof *jobs);
  pthread_mutex_init(&jobs->lock, 0);
  jobs->head = 0;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
#ifdef DROP_LATE
  pthread_join(a, 0);
  pthread_mutex_lock(&jobs->lock);
  drained = 1; // b's push may come before or after
  pthread_mutex_unlock(&jobs->lock);
  pthread_join(b, 0);
#else
  pthread_join(a, 0);
  pthread_join(b, 0);
#endif
#ifdef ABORT_ON_EMPTY
  if (jobs->head->value == 1)
    abort(); // ends the program with the queue allocated
#endif
  int sum = 0;
  while (jobs->head) {
    struct node *n = jobs->head;
#ifdef KEEP_QUEUE
    if (!n->next)
      break; // the last node stays in the queue
#endif
    jobs->head = n->next;
    sum += n->value;
    free(n);
#ifdef USE_AFTER_FREE
    sum += n->value;
#endif
  }
  pthread_mutex_destroy(&jobs->lock);
#ifndef KEEP_QUEUE
  free(jobs);
  jobs = 0;
#endif
  return sum == 3 ? 0 : 1;
}
