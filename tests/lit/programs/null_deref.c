// Writing through a null pointer held in a global.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error: null pointer dereference: store of 4 bytes at null
// CHECK: in thread 0 (main) at {{.*}}null_deref.c:11
#include <stddef.h>

int *target;

int main(void) {
  int *p = target;
  *p = 1;
  return 0;
}
