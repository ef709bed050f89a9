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
