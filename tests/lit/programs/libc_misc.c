// Small libc functions of the C support library: div, ldiv, lldiv, strtoimax, memccpy,
// memrchr, strchrnul, difftime, fwrite, setvbuf, clock_nanosleep (relative and absolute), and
// the environment as the model fixes it: two processors, 4096-byte pages, no input on stdin,
// processor 0.
// RUN: %expect-exit 4 %bporcheck --print-output %s | %FileCheck %s
// CHECK: xyz
// CHECK: verdict: ok: no error in any schedule, but not every behaviour was covered: the program calls getchar, and the model's input streams are empty: what other input makes it do was not explored (optimal DPOR, 1 execution)
#define _GNU_SOURCE
#include <assert.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  div_t d = div(17, 5);
  assert(d.quot == 3 && d.rem == 2);
  ldiv_t l = ldiv(-17L, 5L);
  assert(l.quot == -3 && l.rem == -2);
  lldiv_t ll = lldiv(1LL << 40, 3);
  assert(ll.quot == (1LL << 40) / 3);
  assert(strtoimax("-42", NULL, 10) == -42 && strtoumax("ff", NULL, 16) == 255);

  char to[8] = {0};
  assert(memccpy(to, "ab:cd", ':', 5) == to + 3 && memcmp(to, "ab:", 3) == 0);
  assert(memccpy(to, "xyz", '#', 3) == NULL);
  const char *path = "a/b/c";
  assert(memrchr(path, '/', 5) == path + 3 && memrchr(path, '#', 5) == NULL);
  assert(strchrnul(path, '#') == path + 5 && strchrnul(path, 'b') == path + 2);
  assert(difftime(10, 4) == 6.0);

  setvbuf(stdout, NULL, _IONBF, 0);
  assert(fwrite("xyz\n", 1, 4, stdout) == 4);

  struct timespec before, after, nap = {0, 5000};
  clock_gettime(CLOCK_MONOTONIC, &before);
  assert(clock_nanosleep(CLOCK_MONOTONIC, 0, &nap, NULL) == 0);
  struct timespec until = before;
  until.tv_sec += 1;
  assert(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == 0);
  clock_gettime(CLOCK_MONOTONIC, &after);
  assert(after.tv_sec > before.tv_sec);

  assert(sysconf(_SC_NPROCESSORS_ONLN) == 2 && get_nprocs() == 2);
  assert(sysconf(_SC_PAGESIZE) == 4096);
  assert(getchar() == EOF);
  assert(sched_getcpu() == 0);
  return 0;
}
