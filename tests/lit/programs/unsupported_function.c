// A call to an external function bporcheck does not model is named, exit code 3.
// RUN: %expect-exit 3 %bporcheck %s 2>&1 | %FileCheck %s
// CHECK: unsupported{{.*}}'fork'
#include <unistd.h>

int main(void) { return fork() == 0; }
