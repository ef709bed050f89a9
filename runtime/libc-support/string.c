/* String and error functions written over the ones the runtime models (strspn, strcspn,
 * strnlen, memcpy, strlen, malloc, fputs): those check the bytes they read and write, so these
 * inherit their footprints, their memory-error reports and their coverage gaps for bytes
 * nothing wrote. strtok's saved position is a global of this library: two threads calling
 * strtok share it, as they do in C, and their calls race. No system headers: the same source
 * compiles for both data models. */
typedef __SIZE_TYPE__ size_t;
typedef struct _IO_FILE FILE;

extern size_t strspn(const char *s, const char *accept);
extern size_t strcspn(const char *s, const char *reject);
extern size_t strlen(const char *s);
extern size_t strnlen(const char *s, size_t limit);
extern int strcmp(const char *a, const char *b);
extern void *memcpy(void *to, const void *from, size_t n);
extern void *malloc(size_t n);
extern void *realloc(void *p, size_t n);
extern int fputs(const char *s, FILE *stream);
extern int *__errno_location(void);
extern FILE *stderr;

char *strtok_r(char *s, const char *delimiters, char **saved) {
  if (!s)
    s = *saved;
  s += strspn(s, delimiters);
  if (*s == '\0') {
    *saved = s;
    return 0;
  }
  char *end = s + strcspn(s, delimiters);
  if (*end != '\0')
    *end++ = '\0';
  *saved = end;
  return s;
}

static char *strtokSaved;

char *strtok(char *s, const char *delimiters) { return strtok_r(s, delimiters, &strtokSaved); }

char *strsep(char **string, const char *delimiters) {
  char *s = *string;
  if (!s)
    return 0;
  char *end = s + strcspn(s, delimiters);
  if (*end != '\0') {
    *end = '\0';
    *string = end + 1;
  } else {
    *string = 0;
  }
  return s;
}

char *strndup(const char *s, size_t limit) {
  size_t n = strnlen(s, limit);
  char *copy = malloc(n + 1);
  if (!copy)
    return 0;
  memcpy(copy, s, n);
  copy[n] = '\0';
  return copy;
}

char *stpcpy(char *to, const char *from) {
  size_t n = strlen(from);
  memcpy(to, from, n + 1);
  return to + n;
}

int strcoll(const char *a, const char *b) { return strcmp(a, b); } /* the C locale */

void *reallocarray(void *p, size_t count, size_t size) {
  if (size != 0 && count > (size_t)-1 / size) {
    *__errno_location() = 12; /* ENOMEM */
    return 0;
  }
  return realloc(p, count * size);
}

/* glibc's messages for the errno values the runtime sets and the common ones. */
char *strerror(int error) {
  switch (error) {
  case 0: return "Success";
  case 1: return "Operation not permitted";
  case 2: return "No such file or directory";
  case 4: return "Interrupted system call";
  case 5: return "Input/output error";
  case 9: return "Bad file descriptor";
  case 11: return "Resource temporarily unavailable";
  case 12: return "Cannot allocate memory";
  case 13: return "Permission denied";
  case 16: return "Device or resource busy";
  case 17: return "File exists";
  case 22: return "Invalid argument";
  case 28: return "No space left on device";
  case 34: return "Numerical result out of range";
  case 35: return "Resource deadlock avoided";
  case 38: return "Function not implemented";
  case 110: return "Connection timed out";
  default: return "Unknown error";
  }
}

void perror(const char *prefix) {
  const char *message = strerror(*__errno_location());
  if (prefix && *prefix) {
    fputs(prefix, stderr);
    fputs(": ", stderr);
  }
  fputs(message, stderr);
  fputs("\n", stderr);
}
