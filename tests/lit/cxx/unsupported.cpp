// What the C++ support library does not provide is refused where it is reached, by its C++
// name (with the symbol) and source line, as inconclusive (exit code 3).
// RUN: %expect-exit 3 %bporcheck %s | %FileCheck %s
// CHECK: error: unsupported construct: call to unsupported external function 'std::istream::operator>>(int&)' (_ZNSirsERi)
// CHECK-NEXT: in thread 0 at {{.*}}unsupported.cpp:10:
#include <iostream>

int main() {
  int x = 0;
  std::cin >> x;
  return x;
}
