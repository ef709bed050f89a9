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
/* glibc's messages for the error numbers of Linux (x86) a program commonly meets; 0 for others. */
static const char *errorMessage(int error) {
  switch (error) {
  case 0: return "Success";
  case 1: return "Operation not permitted";
  case 2: return "No such file or directory";
  case 3: return "No such process";
  case 4: return "Interrupted system call";
  case 5: return "Input/output error";
  case 6: return "No such device or address";
  case 7: return "Argument list too long";
  case 8: return "Exec format error";
  case 9: return "Bad file descriptor";
  case 10: return "No child processes";
  case 11: return "Resource temporarily unavailable";
  case 12: return "Cannot allocate memory";
  case 13: return "Permission denied";
  case 14: return "Bad address";
  case 16: return "Device or resource busy";
  case 17: return "File exists";
  case 18: return "Invalid cross-device link";
  case 19: return "No such device";
  case 20: return "Not a directory";
  case 21: return "Is a directory";
  case 22: return "Invalid argument";
  case 23: return "Too many open files in system";
  case 24: return "Too many open files";
  case 25: return "Inappropriate ioctl for device";
  case 27: return "File too large";
  case 28: return "No space left on device";
  case 29: return "Illegal seek";
  case 30: return "Read-only file system";
  case 31: return "Too many links";
  case 32: return "Broken pipe";
  case 33: return "Numerical argument out of domain";
  case 34: return "Numerical result out of range";
  case 35: return "Resource deadlock avoided";
  case 36: return "File name too long";
  case 37: return "No locks available";
  case 38: return "Function not implemented";
  case 39: return "Directory not empty";
  case 40: return "Too many levels of symbolic links";
  case 75: return "Value too large for defined data type";
  case 95: return "Operation not supported";
  case 110: return "Connection timed out";
  case 111: return "Connection refused";
  case 130: return "Owner died";
  case 131: return "State not recoverable";
  default: return 0;
  }
}

char *strerror(int error) {
  const char *message = errorMessage(error);
  return (char *)(message ? message : "Unknown error");
}

/* "Unknown error N" into buffer (at most size bytes, terminated when size > 0). */
static void unknownError(int error, char *buffer, size_t size) {
  char text[32] = "Unknown error ";
  size_t n = strlen(text);
  unsigned magnitude = error < 0 ? 0u - (unsigned)error : (unsigned)error;
  char digits[12];
  size_t count = 0;
  do {
    digits[count++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (error < 0)
    text[n++] = '-';
  while (count)
    text[n++] = digits[--count];
  text[n] = '\0';
  if (size == 0)
    return;
  size_t copied = n < size - 1 ? n : size - 1;
  memcpy(buffer, text, copied);
  buffer[copied] = '\0';
}

/* The GNU strerror_r (what glibc's headers declare under _GNU_SOURCE, and in C++): a known
 * error's message is a constant string, not copied; an unknown one is written into buffer. */
char *strerror_r(int error, char *buffer, size_t size) {
  const char *message = errorMessage(error);
  if (message)
    return (char *)message;
  unknownError(error, buffer, size);
  return buffer;
}

/* The XSI strerror_r (glibc's headers call it by this name otherwise): the message copied into
 * buffer, truncated; ERANGE if it did not fit, EINVAL for an unknown error. */
int __xpg_strerror_r(int error, char *buffer, size_t size) {
  const char *message = errorMessage(error);
  if (!message) {
    unknownError(error, buffer, size);
    return 22; /* EINVAL */
  }
  size_t length = strlen(message);
  if (size > 0) {
    size_t copied = length < size - 1 ? length : size - 1;
    memcpy(buffer, message, copied);
    buffer[copied] = '\0';
  }
  return size <= length ? 34 /* ERANGE */ : 0;
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
