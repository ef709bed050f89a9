// What the C++ support library does not provide is refused where it is reached, by its C++
// name (with the symbol) and source line, as inconclusive (exit code 3).
// RUN: %expect-exit 3 %bporcheck %s | %FileCheck %s
// CHECK: error: unsupported construct: call to unsupported external function 'std::istream::operator>>(int&)' (_ZNSirsERi)
// CHECK-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:13:
// C++ needs the 64-bit data model.
// RUN: %expect-exit 2 %bporcheck -m32 %s 2>&1 | %FileCheck --check-prefix=M32 %s
// M32: C++ programs are supported in the 64-bit data model only
#include <iostream>

int main() {
  int x = 0;
  std::cin >> x;
  return x;
}
