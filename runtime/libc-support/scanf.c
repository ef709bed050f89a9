/* sscanf (and C99's __isoc99_sscanf, which glibc's headers call) over the functions the runtime
 * models: numbers are read by strtol, strtoul and strtod, strings measured by strspn and strcspn
 * and copied by memcpy, so those calls' footprints and checks of bytes never written cover the
 * input. Conversions stored through the pointer arguments are the program's stores. A
 * directive this does not model (%[, %p, a long double) calls a function whose name says so: the
 * run stops as unsupported rather than guess. No system headers: the same source compiles for
 * both data models (a program of 32-bit one cannot define variadic functions yet, so there it is
 * refused as such).
 * scanf and fscanf read a stream, and every stream the model has is empty for reading (stdin
 * holds no input, as getchar says): they are sscanf of "", EOF before the first conversion. */
typedef __SIZE_TYPE__ size_t;
typedef struct _IO_FILE FILE;
typedef __builtin_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)

extern long strtol(const char *s, char **end, int base);
extern unsigned long strtoul(const char *s, char **end, int base);
extern long long strtoll(const char *s, char **end, int base);
extern unsigned long long strtoull(const char *s, char **end, int base);
extern double strtod(const char *s, char **end);
extern size_t strspn(const char *s, const char *accept);
extern size_t strcspn(const char *s, const char *reject);
extern void *memcpy(void *to, const void *from, size_t n);
/* Each refusal is a call of a function nothing defines, whose name says what is not modelled. */
extern void __bpor_sscanf_long_double_not_modelled(void);
extern void __bpor_sscanf_width_on_a_number_not_modelled(void);
extern void __bpor_sscanf_directive_not_modelled(void); /* %[, %p and the rest */

static const char *const spaces = " \t\n\v\f\r";

static int isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* Stores `value` in an integer of `size` bytes. */
static void storeInteger(void *to, int size, unsigned long long value) {
  switch (size) {
  case 1: *(unsigned char *)to = (unsigned char)value; break;
  case 2: *(unsigned short *)to = (unsigned short)value; break;
  case 4: *(unsigned int *)to = (unsigned int)value; break;
  default: *(unsigned long long *)to = value; break;
  }
}

static int scan(const char *input, const char *format, va_list ap) {
  const char *s = input;
  int assigned = 0, converted = 0;
  for (const char *f = format; *f; ++f) {
    if (isSpace(*f)) {
      s += strspn(s, spaces);
      continue;
    }
    if (*f != '%' || f[1] == '%') {
      if (*f == '%') {
        ++f;
        s += strspn(s, spaces);
      }
      if (*s == '\0')
        return converted == 0 ? -1 : assigned; /* input failure */
      if (*s != *f)
        break;
      ++s;
      continue;
    }
    ++f;
    int suppress = 0, width = 0, size = 4, isLong = 0;
    if (*f == '*') {
      suppress = 1;
      ++f;
    }
    while (*f >= '0' && *f <= '9')
      width = width * 10 + (*f++ - '0');
    if (*f == 'h') {
      size = f[1] == 'h' ? 1 : 2;
      f += f[1] == 'h' ? 2 : 1;
    } else if (*f == 'l') {
      isLong = 1;
      size = f[1] == 'l' ? 8 : (int)sizeof(long);
      f += f[1] == 'l' ? 2 : 1;
    } else if (*f == 'z' || *f == 't') {
      size = (int)sizeof(size_t);
      ++f;
    } else if (*f == 'j') {
      size = 8;
      ++f;
    } else if (*f == 'L') {
      __bpor_sscanf_long_double_not_modelled();
    }
    char conversion = *f;
    if (conversion == 'n') {
      if (!suppress)
        storeInteger(va_arg(ap, void *), size, (unsigned long long)(s - input));
      continue;
    }
    if (conversion != 'c')
      s += strspn(s, spaces);
    if (*s == '\0')
      return converted == 0 ? -1 : assigned; /* EOF before the first conversion */
    if (width && conversion != 's' && conversion != 'c')
      __bpor_sscanf_width_on_a_number_not_modelled();
    char *end = 0;
    switch (conversion) {
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      int base = conversion == 'd' || conversion == 'u' ? 10
                 : conversion == 'i'                   ? 0
                 : conversion == 'o'                   ? 8
                                                       : 16;
      unsigned long long value = conversion == 'd' || conversion == 'i'
                                     ? (unsigned long long)strtoll(s, &end, base)
                                     : strtoull(s, &end, base);
      if (end == s)
        return assigned;
      s = end;
      if (!suppress)
        storeInteger(va_arg(ap, void *), size, value);
      break;
    }
    case 'f':
    case 'e':
    case 'g':
    case 'E':
    case 'G':
    case 'a': {
      double value = strtod(s, &end);
      if (end == s)
        return assigned;
      s = end;
      if (!suppress) {
        if (isLong)
          *va_arg(ap, double *) = value;
        else
          *va_arg(ap, float *) = (float)value;
      }
      break;
    }
    case 's': {
      size_t n = strcspn(s, spaces);
      if (width && n > (size_t)width)
        n = (size_t)width;
      if (!suppress) {
        char *to = va_arg(ap, char *);
        memcpy(to, s, n);
        to[n] = '\0';
      }
      s += n;
      break;
    }
    case 'c': {
      size_t n = width ? (size_t)width : 1;
      size_t available = strcspn(s, ""); /* the bytes left before the terminator */
      if (available < n)
        return assigned;
      if (!suppress)
        memcpy(va_arg(ap, char *), s, n);
      s += n;
      break;
    }
    default:
      __bpor_sscanf_directive_not_modelled();
      return assigned;
    }
    ++converted;
    if (!suppress)
      ++assigned;
  }
  return assigned;
}

int sscanf(const char *input, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int result = scan(input, format, ap);
  va_end(ap);
  return result;
}

int __isoc99_sscanf(const char *input, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int result = scan(input, format, ap);
  va_end(ap);
  return result;
}

int vsscanf(const char *input, const char *format, va_list ap) { return scan(input, format, ap); }
int __isoc99_vsscanf(const char *input, const char *format, va_list ap) {
  return scan(input, format, ap);
}

/* The streams: empty. */
int vscanf(const char *format, va_list ap) { return scan("", format, ap); }
int __isoc99_vscanf(const char *format, va_list ap) { return scan("", format, ap); }
int vfscanf(FILE *stream, const char *format, va_list ap) {
  (void)stream;
  return scan("", format, ap);
}
int __isoc99_vfscanf(FILE *stream, const char *format, va_list ap) {
  (void)stream;
  return scan("", format, ap);
}

int scanf(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int result = scan("", format, ap);
  va_end(ap);
  return result;
}

int __isoc99_scanf(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int result = scan("", format, ap);
  va_end(ap);
  return result;
}

int fscanf(FILE *stream, const char *format, ...) {
  (void)stream;
  va_list ap;
  va_start(ap, format);
  int result = scan("", format, ap);
  va_end(ap);
  return result;
}

int __isoc99_fscanf(FILE *stream, const char *format, ...) {
  (void)stream;
  va_list ap;
  va_start(ap, format);
  int result = scan("", format, ap);
  va_end(ap);
  return result;
}
