// What the C++ support library does not provide is refused where it is reached, by its C++
// name (with the symbol) and source line, as inconclusive (exit code 3).
// RUN: %expect-exit 3 %bporcheck %s | %FileCheck %s
// CHECK: error: unsupported construct: call to unsupported external function 'std::istream::operator>>(int&)' (_ZNSirsERi): input streams are not provided (standard input is empty in the model)
// CHECK-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:[[@LINE+19]]:
// std::ostringstream: libstdc++ instantiates it in its shared library (an extern template), and
// the support library does not provide it: refused with what to use instead.
// RUN: %expect-exit 3 %bporcheck -DSTRING_STREAM %s | %FileCheck --check-prefix=SSTREAM %s
// SSTREAM: error: unsupported construct: call to unsupported external function 'std::__cxx11::basic_ostringstream<char, std::char_traits<char>, std::allocator<char>>::basic_ostringstream()' ({{.*}}): string streams (std::ostringstream, std::stringstream) are not provided by the C++ support library; build the text with std::string and std::to_string, or snprintf into a buffer
// SSTREAM-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:[[@LINE+10]]:
// C++ needs the 64-bit data model.
// RUN: %expect-exit 2 %bporcheck -m32 %s 2>&1 | %FileCheck --check-prefix=M32 %s
// M32: C++ programs are supported in the 64-bit data model only
#include <iostream>
#include <sstream>

int main() {
  int x = 0;
#ifdef STRING_STREAM
  std::ostringstream os;
  os << x;
  return int(os.str().size());
#endif
  std::cin >> x;
  return x;
}
