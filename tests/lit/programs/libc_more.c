// String, conversion and ctype functions of common C programs, each checked against what glibc
// returns (compiled natively the program passes too): strspn, strcspn, strpbrk, strcasecmp,
// strncasecmp, strtok, strtok_r, strsep, strndup, stpcpy, strerror, perror, strcoll,
// reallocarray, atof, strtod, strtof, index, rindex, random, rand_r, getpid, and <ctype.h> as
// macros (glibc's tables) and as functions. A break in any one is an assertion failure.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %bporcheck --print-output -m32 %s | %FileCheck %s
// CHECK: check: Invalid argument
// CHECK: ok
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int (*const isDigitFunction)(int) = isdigit;

int main(void) {
  assert(strspn("abcde", "cba") == 3);
  assert(strcspn("abcde", "dx") == 3);
  assert(strcspn("abc", "xyz") == 3);
  const char *text = "key=value";
  assert(strpbrk(text, "=:") == text + 3);
  assert(strpbrk(text, "#") == NULL);
  assert(strcasecmp("Hello", "hELLO") == 0);
  assert(strcasecmp("abc", "ABD") < 0);
  assert(strcasecmp("b", "A") > 0);
  assert(strncasecmp("HELLO world", "hello there", 5) == 0);
  assert(index(text, '=') == text + 3 && rindex("a/b/c", '/') != NULL);

  char line[] = "  alpha, beta,,gamma ";
  const char *words[4];
  int n = 0;
  for (char *w = strtok(line, " ,"); w; w = strtok(NULL, " ,"))
    words[n++] = w;
  assert(n == 3 && strcmp(words[0], "alpha") == 0 && strcmp(words[2], "gamma") == 0);

  char csv[] = "1;22;333";
  char *saved = NULL;
  int sum = 0;
  for (char *f = strtok_r(csv, ";", &saved); f; f = strtok_r(NULL, ";", &saved))
    sum += atoi(f);
  assert(sum == 356);

  char fields[] = "a,,b";
  char *cursor = fields;
  assert(strcmp(strsep(&cursor, ","), "a") == 0);
  assert(strcmp(strsep(&cursor, ","), "") == 0);
  assert(strcmp(strsep(&cursor, ","), "b") == 0 && cursor == NULL);

  char *part = strndup("abcdef", 3);
  assert(part && strcmp(part, "abc") == 0);
  free(part);
  char joined[16];
  char *end = stpcpy(stpcpy(joined, "ab"), "cd");
  assert(end == joined + 4 && strcmp(joined, "abcd") == 0);
  assert(strcoll("a", "b") < 0);
  assert(strcmp(strerror(ENOMEM), "Cannot allocate memory") == 0);
  errno = EINVAL;
  perror("check");
  int *array = reallocarray(NULL, 4, sizeof(int));
  assert(array);
  free(array);
  assert(reallocarray(NULL, (size_t)-1, 16) == NULL && errno == ENOMEM);

  assert(atof("2.5") == 2.5);
  char *after = NULL;
  double d = strtod("1e3xyz", &after);
  assert(d == 1000.0 && *after == 'x');
  float f = strtof("0.25", NULL);
  assert(f == 0.25f);

  assert(isdigit('7') && !isdigit('x') && isspace('\t') && isalpha('Q') && isupper('Q'));
  assert(islower('q') && isalnum('5') && ispunct('!') && isxdigit('f') && !isxdigit('g'));
  assert(isprint(' ') && !isgraph(' ') && iscntrl('\n') && isblank('\t'));
  assert(toupper('a') == 'A' && tolower('Z') == 'z' && toupper('1') == '1');
  assert(toupper(EOF) == EOF && !isdigit(EOF));
  assert(isDigitFunction('3') && !isDigitFunction('c'));

  unsigned seed = 1;
  int r1 = rand_r(&seed);
  assert(r1 >= 0 && random() >= 0);
  assert(getpid() > 0);
  printf("ok\n");
  return 0;
}
