// sscanf over the modelled strtol, strtod, strspn, strcspn and memcpy (C support library):
// integers of every size and base, floating point, strings with a width, %c, %n, suppressed
// fields, literals, EOF on empty input; each result checked against glibc (the program passes
// natively too). A directive not modelled (%[) stops the run as unsupported, naming it.
// UNSUPPORTED: ilp32
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %expect-exit 3 %bporcheck -DSCANSET %s 2>&1 | %FileCheck --check-prefix=SCANSET %s
// CHECK: ok
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
// SCANSET: unsupported{{.*}}__bpor_sscanf_directive_not_modelled
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int a = 0, b = 0, n = 0;
  char word[8];
  double d = 0;
  float f = 0;
  long l = 0;
  unsigned x = 0;
  char c = 0;
  assert(sscanf("12 34", "%d %d", &a, &b) == 2 && a == 12 && b == 34);
  assert(sscanf("key=value", "key=%7s", word) == 1 && strcmp(word, "value") == 0);
  assert(sscanf("3.5 0.25", "%lf %f", &d, &f) == 2 && d == 3.5 && f == 0.25f);
  assert(sscanf("-9 ff", "%ld %x", &l, &x) == 2 && l == -9 && x == 255);
  assert(sscanf("abc", "%d", &a) == 0);
  assert(sscanf("", "%d", &a) == EOF);
  assert(sscanf("  7", "%d%n", &a, &n) == 1 && a == 7 && n == 3);
  assert(sscanf("10:20", "%d:%d", &a, &b) == 2 && a == 10 && b == 20);
  assert(sscanf("xy", "%c", &c) == 1 && c == 'x');
  assert(sscanf("5 skip 6", "%d %*s %d", &a, &b) == 2 && a == 5 && b == 6);
  assert(sscanf("0x1A", "%i", &a) == 1 && a == 26);
  assert(sscanf("1 2", "%d,%d", &a, &b) == 1);
#ifdef SCANSET
  sscanf("ab", "%[a-z]", word);
#endif
  printf("ok\n");
  return 0;
}
