// abort() is an error.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: assertion failure: {{.*}}abort
#include <stdlib.h>

int main(void) {
  abort();
}
