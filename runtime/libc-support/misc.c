/* Small libc functions over the ones the runtime models, and the machine's environment as the
 * model fixes it: two processors (sysconf, get_nprocs; a program sized by them runs with two
 * workers), 4096-byte pages, no input on stdin (getchar returns EOF), running on processor 0.
 * No system headers: the same source compiles for both data models. */
typedef __SIZE_TYPE__ size_t;
typedef struct _IO_FILE FILE;
typedef long time_t;
struct timespec {
  time_t tv_sec;
  long tv_nsec;
};

extern void *memchr(const void *s, int c, size_t n);
extern void *memcpy(void *to, const void *from, size_t n);
extern char *strchr(const char *s, int c);
extern size_t strlen(const char *s);
extern long long strtoll(const char *s, char **end, int base);
extern unsigned long long strtoull(const char *s, char **end, int base);
extern int fputc(int c, FILE *stream);
extern int nanosleep(const struct timespec *request, struct timespec *remaining);
extern int clock_gettime(int clock, struct timespec *now);
extern int *__errno_location(void);
extern void *malloc(size_t n);
extern int vsnprintf(char *buffer, size_t size, const char *format, __builtin_va_list ap);

typedef struct {
  int quot, rem;
} div_t;
typedef struct {
  long quot, rem;
} ldiv_t;
typedef struct {
  long long quot, rem;
} lldiv_t;

div_t div(int a, int b) {
  div_t r = {a / b, a % b};
  return r;
}
ldiv_t ldiv(long a, long b) {
  ldiv_t r = {a / b, a % b};
  return r;
}
lldiv_t lldiv(long long a, long long b) {
  lldiv_t r = {a / b, a % b};
  return r;
}

long long strtoimax(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long long strtoumax(const char *s, char **end, int base) {
  return strtoull(s, end, base);
}

void *memccpy(void *to, const void *from, int c, size_t n) {
  const char *hit = memchr(from, c, n);
  size_t count = hit ? (size_t)(hit - (const char *)from) + 1 : n;
  memcpy(to, from, count);
  return hit ? (char *)to + count : 0;
}

void *memrchr(const void *s, int c, size_t n) {
  const char *start = s, *last = 0, *at = start;
  const char *hit;
  while ((hit = memchr(at, c, n - (size_t)(at - start))) != 0) {
    last = hit;
    at = hit + 1;
  }
  return (void *)last;
}

char *strchrnul(const char *s, int c) {
  char *hit = strchr(s, c);
  return hit ? hit : (char *)s + strlen(s);
}

double difftime(time_t end, time_t start) { return (double)(end - start); }

size_t fwrite(const void *data, size_t size, size_t count, FILE *stream) {
  const unsigned char *bytes = data;
  for (size_t i = 0; i < size * count; ++i)
    fputc(bytes[i], stream);
  return count;
}

int setvbuf(FILE *stream, char *buffer, int mode, size_t size) { return 0; }

int getchar(void) { return -1; } /* EOF: nothing on stdin */

/* sysconf's names as glibc numbers them. */
long sysconf(int name) {
  switch (name) {
  case 83: /* _SC_NPROCESSORS_CONF */
  case 84: /* _SC_NPROCESSORS_ONLN */
    return 2;
  case 30: /* _SC_PAGESIZE */
    return 4096;
  case 2: /* _SC_CLK_TCK */
    return 100;
  default:
    *__errno_location() = 22; /* EINVAL */
    return -1;
  }
}
int get_nprocs(void) { return 2; }
int get_nprocs_conf(void) { return 2; }
int sched_getcpu(void) { return 0; }

/* A sleep until an absolute time (TIMER_ABSTIME) sleeps for what is left of it. */
int clock_nanosleep(int clock, int flags, const struct timespec *request,
                    struct timespec *remaining) {
  if (!(flags & 1))
    return nanosleep(request, remaining) == 0 ? 0 : *__errno_location();
  struct timespec now, left;
  clock_gettime(clock, &now);
  left.tv_sec = request->tv_sec - now.tv_sec;
  left.tv_nsec = request->tv_nsec - now.tv_nsec;
  if (left.tv_nsec < 0) {
    left.tv_nsec += 1000000000;
    left.tv_sec -= 1;
  }
  if (left.tv_sec < 0)
    return 0;
  return nanosleep(&left, 0) == 0 ? 0 : *__errno_location();
}

/* asprintf and vasprintf: vsnprintf measures, then writes into a new heap object, which the
 * program frees. (64-bit programs: the runtime's vsnprintf, and a variadic definition, need it.) */
int vasprintf(char **out, const char *format, __builtin_va_list ap) {
  __builtin_va_list copy;
  __builtin_va_copy(copy, ap);
  int length = vsnprintf(0, 0, format, copy);
  __builtin_va_end(copy);
  if (length < 0)
    return -1;
  char *text = malloc((size_t)length + 1);
  if (!text)
    return -1;
  vsnprintf(text, (size_t)length + 1, format, ap);
  *out = text;
  return length;
}

int asprintf(char **out, const char *format, ...) {
  __builtin_va_list ap;
  __builtin_va_start(ap, format);
  int length = vasprintf(out, format, ap);
  __builtin_va_end(ap);
  return length;
}

/* Broken-down time. The model's time zone is UTC: localtime is gmtime, with no daylight saving
 * (and the clock starts at 2024-01-01 00:00:00 UTC, runtime/Execution.h). */
struct tm {
  int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
  long tm_gmtoff;
  const char *tm_zone;
};

static int isLeapYear(long long year) {
  return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

struct tm *gmtime_r(const time_t *when, struct tm *out) {
  long long seconds = *when, days = seconds / 86400, rest = seconds % 86400;
  if (rest < 0) {
    rest += 86400;
    --days;
  }
  out->tm_hour = (int)(rest / 3600);
  out->tm_min = (int)(rest % 3600 / 60);
  out->tm_sec = (int)(rest % 60);
  out->tm_wday = (int)((days % 7 + 11) % 7); /* 1970-01-01 was a Thursday (4) */
  /* The civil date of a day count (H. Hinnant's days-to-civil, eras of 400 years from March). */
  long long z = days + 719468;
  long long era = (z >= 0 ? z : z - 146096) / 146097;
  long long dayOfEra = z - era * 146097;
  long long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
  long long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
  long long monthFromMarch = (5 * dayOfYear + 2) / 153;
  int day = (int)(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1);
  int month = (int)(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9);
  long long year = yearOfEra + era * 400 + (month <= 2);
  if (year - 1900 > 2147483647LL || year - 1900 < -2147483647LL - 1) {
    *__errno_location() = 75; /* EOVERFLOW */
    return 0;
  }
  static const short daysBefore[12] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
  out->tm_year = (int)(year - 1900);
  out->tm_mon = month - 1;
  out->tm_mday = day;
  out->tm_yday = daysBefore[month - 1] + day - 1 + (month > 2 && isLeapYear(year));
  out->tm_isdst = 0;
  out->tm_gmtoff = 0;
  out->tm_zone = "GMT";
  return out;
}

struct tm *localtime_r(const time_t *when, struct tm *out) {
  struct tm *result = gmtime_r(when, out);
  if (result)
    result->tm_zone = "UTC";
  return result;
}

/* The non-reentrant forms share one static result, as glibc's do (two threads calling them
 * race on it). */
static struct tm sharedTime;
struct tm *gmtime(const time_t *when) { return gmtime_r(when, &sharedTime); }
struct tm *localtime(const time_t *when) { return localtime_r(when, &sharedTime); }
