// --print-output shows each execution's output once, when the execution ends: not again for
// the prefix a search replays or restores, nor for the error trace's replays. Two executions
// (the child's store before or after main's load); the second fails the assertion.
// RUN: not %bporcheck --print-output %s | %FileCheck %s
// RUN: not %bporcheck --print-output --por=none %s | %FileCheck %s
// RUN: not %bporcheck --print-output --por=dpor %s | %FileCheck %s
// CHECK:      {{^}}start
// CHECK-NEXT: main saw 0
// CHECK-NEXT: child
// CHECK-NEXT: end
// CHECK-NEXT: start
// CHECK-NEXT: child
// CHECK-NEXT: main saw 1
// CHECK-NEXT: bporcheck: {{.*}}print_output.c:
// CHECK-NEXT: error: assertion failure
// CHECK-NOT:  {{^}}start
// CHECK:      verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int x;

void *child(void *arg) {
  x = 1;
  printf("child\n");
  return 0;
}

int main(void) {
  printf("start\n");
  pthread_t thread;
  pthread_create(&thread, 0, child, 0);
  int seen = x;
  printf("main saw %d\n", seen);
  pthread_join(thread, 0);
  assert(seen == 0);
  printf("end\n");
  return 0;
}
