// scanf and fscanf (glibc's headers call __isoc99_scanf and __isoc99_fscanf) read standard
// input, which is empty in the model: EOF before the first conversion, the variables left as
// they were, as glibc gives with input from /dev/null (the program passes natively so). vsscanf
// parses a string like sscanf.
// The verdict says that other input was not explored (exit code 4: not every behaviour covered).
// UNSUPPORTED: ilp32
// RUN: %expect-exit 4 %bporcheck --print-output %s | %FileCheck %s
// RUN: %clang %s -o %t && %t < /dev/null | %FileCheck --check-prefix=NATIVE %s
// CHECK: scanf: -1 -1 -1 7
// CHECK: verdict: ok: no error in any schedule, but not every behaviour was covered: the program calls scanf, and the model's input streams are empty: what other input makes it do was not explored
// NATIVE: scanf: -1 -1 -1 7
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>

static int parse(const char *input, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = vsscanf(input, format, ap);
  va_end(ap);
  return n;
}

int main(void) {
  int a = 7, b = 0, c = 0;
  int r = scanf("%d", &a);
  int f = fscanf(stdin, "%d %d", &a, &b);
  int g = scanf(" %d", &a);
  printf("scanf: %d %d %d %d\n", r, f, g, a);
  assert(parse("12 34", "%d %d", &b, &c) == 2 && b == 12 && c == 34);
  return 0;
}
