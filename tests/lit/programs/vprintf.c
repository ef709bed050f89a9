// vprintf, vfprintf, vsprintf and vsnprintf read their arguments from a va_list (x86-64's, whose
// overflow area the interpreter's va_start points at the variadic arguments), also one already
// advanced by va_arg; checked against glibc's output. (A 32-bit program cannot define a variadic
// function yet, so it has no va_list to pass.)
// UNSUPPORTED: ilp32
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %expect-exit 3 %bporcheck -m32 %s 2>&1 | %FileCheck --check-prefix=M32 %s
// CHECK: x=42 (2.5) z7
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
// M32: unsupported construct: variadic function definitions in 32-bit programs
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char last[64];

static int logf_(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = vsnprintf(last, sizeof last, format, ap);
  va_end(ap);
  va_start(ap, format);
  vprintf(format, ap);
  va_end(ap);
  return n;
}

static void skipFirst(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  (void)va_arg(ap, int);
  vsprintf(last, format, ap);
  va_end(ap);
}

int main(void) {
  int n = logf_("%s=%d (%.1f) %c%ld\n", "x", 42, 2.5, 'z', 7L);
  assert(n == 14 && strcmp(last, "x=42 (2.5) z7\n") == 0);
  skipFirst("%d-%s", 1, 2, "two");
  assert(strcmp(last, "2-two") == 0);

  return 0;
}
