// asprintf and vasprintf (C support library) measure with vsnprintf and print into a new heap
// object the program frees; a string argument another thread writes is read as the call runs
// (the lost check below fails in the schedule where the writer comes first). The program's
// output is glibc's (it passes natively too).
// UNSUPPORTED: ilp32
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clang %s -o %t && %t | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DRACE %s | %FileCheck --check-prefix=RACE %s
// CHECK: 7 [x=42 ab]
// CHECK: 10 [3.50|hello]
// CHECK-NOT: verdict: error
// RACE: error: assertion failure: assertion 'strcmp(text, "name=old") == 0' failed
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int format(char **out, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vasprintf(out, fmt, ap);
  va_end(ap);
  return n;
}

char name[8] = "old";
static void *writer(void *arg) {
  strcpy(name, "new");
  return 0;
}

int main(void) {
  char *text;
  int n = asprintf(&text, "x=%d %s", 42, "ab");
  printf("%d [%s]\n", n, text);
  free(text);
  n = format(&text, "%.2f|%s", 3.5, "hello");
  printf("%d [%s]\n", n, text);
  free(text);
#ifdef RACE
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  asprintf(&text, "name=%s", name);
  pthread_join(t, 0);
  assert(strcmp(text, "name=old") == 0);
  free(text);
#endif
  return 0;
}
