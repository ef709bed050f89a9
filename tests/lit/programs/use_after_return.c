// A thread keeps a pointer to a local of a function that has returned.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error
#include <pthread.h>

int *escaped;

void publish(void) {
  int local = 5;
  escaped = &local;
}

int main(void) {
  publish();
  return *escaped;
}
