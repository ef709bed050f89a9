// Where malloc puts an object depends only on the thread that calls it and how many objects
// that thread allocated before, not on the schedule: every complete search, exhaustive or
// reduced, sees thread 1's block below thread 2's in every schedule, and all of them reach the
// same local states: the 11 that exhaustive search reaches.
// RUN: %expect-exit 0 %bporcheck --por=none --hash-states %s | %FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 0 %bporcheck --por=dpor --hash-states %s | %FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 0 %bporcheck --por=source --hash-states %s | %FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 0 %bporcheck --por=optimal --hash-states %s | %FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 0 %bporcheck --preemptions=2 --hash-states %s | %FileCheck %s --check-prefix=SAME
// SAME: verdict: ok
// SAME: unique local states: 11
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int flag1, flag2;
char *block1, *block2;

void *first(void *arg) {
  flag1 = 1;
  block1 = malloc(4);
  return 0;
}

void *second(void *arg) {
  flag2 = 1;
  block2 = malloc(4);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, first, 0);
  pthread_create(&t2, 0, second, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(block1 < block2);
  return 0;
}
