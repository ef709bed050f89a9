// A local read only in code no path reaches (after a return, under a label nothing jumps to) is
// no uninitialized read: promotion leaves an undefined value there, but it is never used, so
// the search covered everything and the answer is TRUE. (A reachable read of an uninitialized
// local stays unknown: inconclusive.c.)
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck %s
// CHECK: reason: no execution calls reach_error()
// CHECK-NEXT: SV-COMP result: true
#include <pthread.h>
void reach_error() {}
int x;

int init(void) {
  int result;
  x = 1;
  return 0;
fail:
  return result;
}

void *worker(void *arg) {
  init();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (x != 1)
    reach_error();
  return 0;
}
