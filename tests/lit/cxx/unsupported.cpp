// What the C++ support library does not provide is refused where it is reached, by its C++
// name (with the symbol) and source line, as inconclusive (exit code 3).
// RUN: %expect-exit 3 %bporcheck %s | %FileCheck %s
// CHECK: error: unsupported construct: reading std::cin (or any input stream but a string stream) is not provided: standard input is empty in the model
// CHECK-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:[[@LINE+35]]:
// String streams of wide characters are not provided (those of char are): refused by name.
// RUN: %expect-exit 3 %bporcheck -DWIDE_STRING_STREAM %s | %FileCheck --check-prefix=WIDE %s
// WIDE: error: unsupported construct: call to unsupported external function 'std::__cxx11::basic_ostringstream<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t>>::basic_ostringstream()' ({{.*}}): wide string streams are not provided by the C++ support library (string streams of char are)
// WIDE-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:[[@LINE+18]]:
// A string stream's >> of a floating-point number is not provided.
// RUN: %expect-exit 3 %bporcheck -DREAD_DOUBLE %s | %FileCheck --check-prefix=DOUBLE %s
// DOUBLE: error: unsupported construct: call to unsupported external function 'std::istream::operator>>(double&)' (_ZNSirsERd): input streams are not provided beyond a string stream's >> of integers, characters and strings, and std::getline (standard input is empty in the model)
// DOUBLE-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:[[@LINE+20]]:
// Nor are the string stream members beyond construction, str(), rdbuf(), << and >>.
// RUN: %expect-exit 3 %bporcheck -DSWAP %s | %FileCheck --check-prefix=SWAP %s
// SWAP: error: unsupported construct: call to unsupported external function 'std::__cxx11::basic_ostringstream<char, std::char_traits<char>, std::allocator<char>>::swap({{.*}})' ({{.*}}): this member of the string streams is not provided by the C++ support library
// SWAP-NEXT: in thread 0 (main) at {{.*}}unsupported.cpp:[[@LINE+21]]:
// C++ needs the 64-bit data model.
// RUN: %expect-exit 2 %bporcheck -m32 %s 2>&1 | %FileCheck --check-prefix=M32 %s
// M32: C++ programs are supported in the 64-bit data model only
#include <iostream>
#include <sstream>

int main() {
  int x = 0;
#ifdef WIDE_STRING_STREAM
  std::wostringstream wide;
  wide << x;
#endif
#ifdef READ_DOUBLE
  std::istringstream in("1.5");
  double d = 0;
  in >> d;
  x = int(d);
#endif
#ifdef SWAP
  std::ostringstream a, b;
  a.swap(b);
#endif
  std::cin >> x;
  return x;
}
