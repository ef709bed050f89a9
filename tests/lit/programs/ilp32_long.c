// In a 32-bit program long, size_t and ptrdiff_t are 32 bits: strtol and strtoul give that range
// (LONG_MAX, ULONG_MAX and ERANGE beyond it; strtoul negates what it read), results narrower
// than a slot are kept zero-extended, and %ld, %zd and %zu print 32-bit values. The lines are
// what glibc prints for the same program built with clang -m32.
// RUN: %bporcheck --print-output -m32 %s | %FileCheck %s
// CHECK: 2147483647 1
// CHECK-NEXT: 4294967295 0
// CHECK-NEXT: 4294967295 1
// CHECK-NEXT: -2147483648 0
// CHECK-NEXT: 99999999999 -3 7 -5
// CHECK: verdict: ok
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
int main(void) {
  errno = 0; long a = strtol("99999999999", 0, 10); printf("%ld %d\n", a, errno == ERANGE);
  errno = 0; unsigned long b = strtoul("-1", 0, 10); printf("%lu %d\n", b, errno);
  errno = 0; unsigned long c = strtoul("-4294967296", 0, 10); printf("%lu %d\n", c, errno == ERANGE);
  errno = 0; long d = strtol("-2147483648", 0, 10); printf("%ld %d\n", d, errno);
  long long e = strtoll("99999999999", 0, 10); printf("%lld %zd %zu %ld\n", e, (ssize_t)-3, (size_t)7, -5L);
  return 0;
}
