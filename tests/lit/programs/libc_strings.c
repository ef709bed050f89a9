// String and memory functions, getenv (no variable is set), posix_memalign, output to stderr.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// CHECK: hello world to stderr
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  assert(getenv("HOME") == NULL);
  void *p;
  assert(posix_memalign(&p, 64, 100) == 0);
  free(p);
  assert(posix_memalign(&p, 3, 100) == EINVAL);
  char buf[32] = "hello";
  strncat(buf, " world!", 6);
  assert(strcmp(buf, "hello world") == 0);
  assert(strrchr(buf, 'o') == buf + 7 && strstr(buf, "wor") == buf + 6);
  assert(memchr(buf, 'w', 11) == buf + 6 && strnlen(buf, 4) == 4);
  char *end;
  assert(strtol("  42x", &end, 10) == 42 && *end == 'x');
  assert(strtoul("ff", 0, 16) == 255 && labs(-5L) == 5 && atol("77") == 77);
  fputs(buf, stderr);
  fputc(' ', stderr);
  fprintf(stderr, "to stderr\n");
  fflush(stdout);
  return 0;
}
