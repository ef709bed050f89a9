// free() of a pointer that malloc did not return.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error: {{.*}}invalid free
#include <stdlib.h>

int value;
int *volatile where = &value;

int main(void) {
  free(where);
  return 0;
}
