// strerror_r in both of glibc's variants (GNU, which _GNU_SOURCE selects, and XSI, which the
// headers redirect to __xpg_strerror_r), and gmtime_r/localtime_r (C support library; the model's
// time zone is UTC). Every result is glibc's: the program passes natively too, with TZ=UTC.
// RUN: %bporcheck --print-output %s | %FileCheck --check-prefixes=CHECK,GNU %s
// RUN: %bporcheck --print-output -DXSI %s | %FileCheck --check-prefixes=CHECK,XSI %s
// RUN: %clang %s -o %t && env TZ=UTC %t | %FileCheck --check-prefixes=CHECK,GNU %s
// RUN: %clang -DXSI %s -o %t.xsi && env TZ=UTC %t.xsi | %FileCheck --check-prefixes=CHECK,XSI %s
// GNU: gnu: No such file or directory|constant|Unknown error 4242|Unknown e|Unknown error -3
// XSI: xsi: 0 No such file or directory|34 No such f|22 Unknown error 4242|0 Success
// CHECK: 0: 1970-01-01 00:00:00 wday 4 yday 0 isdst 0 GMT
// CHECK: -1: 1969-12-31 23:59:59 wday 3 yday 364 isdst 0 GMT
// CHECK: 951782400: 2000-02-29 00:00:00 wday 2 yday 59 isdst 0 GMT
// CHECK: 1704067200: 2024-01-01 00:00:00 wday 1 yday 0 isdst 0 GMT
// CHECK: 1709251199: 2024-02-29 23:59:59 wday 4 yday 59 isdst 0 GMT
// CHECK: 2147483647: 2038-01-19 03:14:07 wday 2 yday 18 isdst 0 GMT
// CHECK: -2147483648: 1901-12-13 20:45:52 wday 5 yday 346 isdst 0 GMT
// CHECK: local: 2000-02-29 00:00:00 UTC 0
// CHECK-NOT: verdict: error
#ifndef XSI
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <string.h>
#include <time.h>

static void show(time_t when) {
  struct tm tm;
  struct tm *result = gmtime_r(&when, &tm);
  if (result != &tm)
    return;
  printf("%ld: %04d-%02d-%02d %02d:%02d:%02d wday %d yday %d isdst %d %s\n", (long)when,
         tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
         tm.tm_wday, tm.tm_yday, tm.tm_isdst, tm.tm_zone);
}

int main(void) {
  char buffer[64], small[10];
#ifndef XSI
  char *known = strerror_r(2, buffer, sizeof buffer);
  printf("gnu: %s|%s|", known, known == buffer ? "copied" : "constant");
  printf("%s|", strerror_r(4242, buffer, sizeof buffer));
  printf("%s|", strerror_r(4242, small, sizeof small));
  printf("%s\n", strerror_r(-3, buffer, sizeof buffer));
#else
  int ok = strerror_r(2, buffer, sizeof buffer);
  printf("xsi: %d %s|", ok, buffer);
  int range = strerror_r(2, small, sizeof small);
  printf("%d %s|", range, small);
  int unknown = strerror_r(4242, buffer, sizeof buffer);
  printf("%d %s|", unknown, buffer);
  int success = strerror_r(0, buffer, sizeof buffer);
  printf("%d %s\n", success, buffer);
#endif
  // (Times a 32-bit time_t holds too.)
  const time_t times[] = {0, -1, 951782400, 1704067200, 1709251199, 2147483647, -2147483647 - 1};
  for (unsigned i = 0; i < sizeof times / sizeof *times; ++i)
    show(times[i]);
  time_t leap = 951782400;
  struct tm local;
  localtime_r(&leap, &local);
  printf("local: %04d-%02d-%02d %02d:%02d:%02d %s %ld\n", local.tm_year + 1900, local.tm_mon + 1,
         local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec, local.tm_zone,
         local.tm_gmtoff);
  return 0;
}
