// C kernels for ClangTest: each t_* function is run natively (the oracle) and interpreted
// after clang-19 -O0 and -O2; the results must agree. n keeps -O2 from folding them away.
#include <stdarg.h>
#include <string.h>
#include <stdint.h>

struct point { int x, y; double w; };
struct big { long a[6]; };

static int table[100];
static const char *names[] = {"alpha", "beta", "gamma"};
static struct point origin = {3, 4, 0.5};
static int *table_ptr = &table[10];

__attribute__((noinline)) static long sum_big(struct big b) {
  long s = 0;
  for (int i = 0; i < 6; ++i) s += b.a[i] * (i + 1);
  return s;
}
__attribute__((noinline)) static struct point make_point(int x, int y) {
  struct point p = {x, y, x / 2.0};
  return p;
}
__attribute__((noinline)) static int vsum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i) s += va_arg(ap, int);
  va_end(ap);
  return s;
}
__attribute__((noinline)) static double vsumd(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; ++i) s += va_arg(ap, double);
  va_end(ap);
  return s;
}
static int square(int x) { return x * x; }
static int twice(int x) { return 2 * x; }

long t_loop_vectorizable(int n) {
  int a[256];
  for (int i = 0; i < n; ++i) a[i] = i * 3 - 100;
  long s = 0;
  for (int i = 0; i < n; ++i) s += a[i];
  int m = 0;
  for (int i = 0; i < n; ++i) m = a[i] > m ? a[i] : m;
  return s * 1000 + m;
}
long t_globals(int n) {
  for (int i = 0; i < 100; ++i) table[i] = i * n;
  return table_ptr[5] + origin.x * 10 + origin.y + (long)strlen(names[2]) * 1000;
}
long t_structs(int n) {
  struct big b = {{1, 2, 3, 4, 5, n}};
  struct point p = make_point(7, n);
  return sum_big(b) * 100 + p.x + p.y + (long)(p.w * 10);
}
long t_varargs(int n) { return vsum(4, 1, 2, 3, n) * 1000 + (long)vsumd(3, 0.5, 1.25, (double)n); }
long t_function_pointers(int n) {
  int (*fs[2])(int) = {square, twice};
  long s = 0;
  for (int i = 0; i < n; ++i) s += fs[i & 1](i);
  return s;
}
long t_switch(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) {
    switch (i % 7) {
    case 0: s += 1; break;
    case 1: s += 10; break;
    case 3: s += 100; break;
    case 5: s += 1000; break;
    default: s -= 1;
    }
  }
  return s;
}
long t_bits(int n) {
  unsigned x = 0xf0f00f01u ^ (unsigned)n;
  unsigned long y = 0x8000000000000001ul ^ ((unsigned long)n << 40);
  return __builtin_popcount(x) + __builtin_clz(x >> 4) * 100 + __builtin_ctzl(y << 3) * 10000 +
         (long)(__builtin_bswap32(0x11223344u) & 0xff) * 1000000;
}
long t_overflow(int n) {
  int r;
  long s = 0;
  if (__builtin_add_overflow(2147483647, n, &r)) s += 1;
  if (!__builtin_mul_overflow(1000, n, &r)) s += r;
  unsigned u;
  if (__builtin_sub_overflow(0u, (unsigned)n, &u)) s += 7;
  return s;
}
long t_floats(int n) {
  double d = 0;
  float f = 1.0f;
  for (int i = 1; i <= n; ++i) {
    d += 1.0 / i;
    f *= 1.01f;
  }
  long conv = (long)(-2.75 * n) + (long)(unsigned)(3.9 * n);
  return (long)(d * 1e6) + (long)(f * 1000) * 10000000 + conv;
}
long t_strings(int n) {
  char buf[32];
  memcpy(buf, "hello, world", 13);
  memmove(buf + 2, buf, (unsigned)n % 6);
  memset(buf, 'x', 2);
  long s = 0;
  for (int i = 0; buf[i]; ++i) s = s * 31 + buf[i];
  return s;
}
long t_recursion(int n) {
  long a = 0, b = 1;
  for (int i = 0; i < n; ++i) { long t = a + b; a = b; b = t; }
  return a;
}
long t_unsigned_math(int n) {
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < n; ++i) { h ^= (uint64_t)i; h *= 1099511628211ull; }
  int64_t q = -7 * n;
  return (long)(h >> 20) + q / 2 + q % 3 + (long)((uint32_t)-5 >> 1);
}
long t_2d(int n) {
  int m[8][8];
  for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) m[i][j] = i * j + n;
  long s = 0;
  for (int i = 0; i < 8; ++i) s += m[i][7 - i];
  short sh[16];
  for (int i = 0; i < 16; ++i) sh[i] = (short)(i * 1000);
  for (int i = 0; i < 16; ++i) s += sh[i];
  unsigned char c[40];
  for (int i = 0; i < 40; ++i) c[i] = (unsigned char)(i * n);
  for (int i = 0; i < 40; ++i) s += c[i];
  return s;
}

long t_bytes(int n) {
  unsigned char buf[64];
  for (int i = 0; i < 64; ++i) buf[i] = (unsigned char)(i * n + 1);
  unsigned char out[64];
  for (int i = 0; i < 64; ++i) out[i] = buf[63 - i] ^ 0x5a;
  unsigned hist[4] = {0, 0, 0, 0};
  for (int i = 0; i < 64; ++i) hist[out[i] & 3]++;
  long s = 0;
  for (int i = 0; i < 64; ++i) s = s * 3 + out[i];
  return s + hist[0] * 1000 + hist[3];
}
static void bubble(int *a, int len) {
  for (int i = 0; i < len; ++i)
    for (int j = 0; j + 1 < len - i; ++j)
      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}
long t_sort(int n) {
  int a[32];
  for (int i = 0; i < 32; ++i) a[i] = (i * 37 + n) % 101 - 50;
  bubble(a, 32);
  long s = 0;
  for (int i = 0; i < 32; ++i) s = s * 7 + a[i];
  return s;
}
long t_matrix(int n) {
  double a[6][6], b[6][6], c[6][6];
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) { a[i][j] = i + j * 0.5 + n; b[i][j] = i == j ? 2.0 : 0.25; }
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) {
      double t = 0;
      for (int k = 0; k < 6; ++k) t += a[i][k] * b[k][j];
      c[i][j] = t;
    }
  double s = 0;
  for (int i = 0; i < 6; ++i) s += c[i][i] - c[i][5 - i];
  return (long)(s * 1000);
}
long t_shorts(int n) {
  short a[40];
  int b[40];
  for (int i = 0; i < 40; ++i) a[i] = (short)(i * n - 300);
  for (int i = 0; i < 40; ++i) b[i] = a[i] * 3 + (a[i] >> 2);
  long s = 0;
  for (int i = 0; i < 40; ++i) s += b[i] ^ (i << 4);
  float f[16];
  for (int i = 0; i < 16; ++i) f[i] = (float)a[i] * 0.5f;
  float fs = 0;
  for (int i = 0; i < 16; ++i) fs += f[i];
  return s * 10 + (long)fs;
}
struct v2 { float x, y; };
struct cs { char c; short s; int i; };
struct v3 { float x, y, z; };
__attribute__((noinline)) struct v2 add2(struct v2 a, struct v2 b) { struct v2 r = {a.x + b.x, a.y * b.y}; return r; }
__attribute__((noinline)) struct cs mk(char c, short s, int i) { struct cs r = {c, s, i}; return r; }
__attribute__((noinline)) struct v3 add3(struct v3 a, struct v3 b) { struct v3 r = {a.x + b.x, a.y + b.y, a.z - b.z}; return r; }
long t_small_structs(int n) {
  struct v2 a = {1.5f, 2.0f}, b = {(float)n, 0.5f};
  struct v2 c = add2(a, b);
  struct cs d = mk((char)n, (short)(n * 1000), n * 100000);
  struct v3 e = {1, 2, 3}, f = {(float)n, (float)n, (float)n};
  struct v3 g = add3(e, f);
  return (long)(c.x * 100) + (long)(c.y * 10) + d.c + d.s + d.i + (long)(g.x * 1000 + g.y * 100 + g.z * 10);
}
