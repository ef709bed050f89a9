// Writing through a null pointer held in a global.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error: {{.*}}null
// CHECK: null_deref.c:12
#include <stddef.h>

int *target;

int main(void) {
  int *p = target;
  *p = 1;
  return 0;
}
