// Every __VERIFIER_nondet_* type of the competition rules, with the domain {-1} (bool: 0 and 1)
// so that each type's conversion of -1 is checked exactly; floats are converted from it.
// _mm_pause is a yield.
// RUN: %bporcheck --nondet-values=-1 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --nondet-values=-1 -DBAD %s | %FileCheck --check-prefix=BAD %s
// The pause makes the program one that yields: the stateful search runs (with values, not
// symbols, a state has a key).
// CHECK: verdict: ok: no error in any schedule, nondet values in {-1} (stateful search, {{[0-9]+}} states
// BAD: error: assertion failure: assertion 'd != -1.0' failed
#include <assert.h>
#include <immintrin.h>

_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
void *__VERIFIER_nondet_pointer(void);
char *__VERIFIER_nondet_pchar(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);
unsigned long __VERIFIER_nondet_size_t(void);
long long __VERIFIER_nondet_loff_t(void);
unsigned int __VERIFIER_nondet_u32(void);
unsigned short __VERIFIER_nondet_u16(void);
unsigned char __VERIFIER_nondet_u8(void);
unsigned long __VERIFIER_nondet_pthread_t(void);
#ifdef __SIZEOF_INT128__ // not on 32-bit targets
__int128 __VERIFIER_nondet_int128(void);
unsigned __int128 __VERIFIER_nondet_uint128(void);
#endif

int main(void) {
  _mm_pause();
  assert(__VERIFIER_nondet_bool() <= 1);
  assert(__VERIFIER_nondet_char() == -1);
  assert(__VERIFIER_nondet_uchar() == 255);
  assert(__VERIFIER_nondet_short() == -1);
  assert(__VERIFIER_nondet_ushort() == 65535);
  assert(__VERIFIER_nondet_int() == -1);
  assert(__VERIFIER_nondet_uint() == 4294967295u);
  assert(__VERIFIER_nondet_long() == -1);
  assert(__VERIFIER_nondet_ulong() == (unsigned long)-1);
  assert(__VERIFIER_nondet_longlong() == -1);
  assert(__VERIFIER_nondet_ulonglong() == (unsigned long long)-1);
  assert(__VERIFIER_nondet_pointer() == (void *)-1);
  assert(__VERIFIER_nondet_pchar() == (char *)-1);
  assert(__VERIFIER_nondet_float() == -1.0f);
  double d = __VERIFIER_nondet_double();
#ifdef BAD
  assert(d != -1.0);
#endif
  assert(d == -1.0);
  assert(__VERIFIER_nondet_size_t() == (unsigned long)-1 && __VERIFIER_nondet_loff_t() == -1);
  assert(__VERIFIER_nondet_u32() == 4294967295u && __VERIFIER_nondet_u16() == 65535);
  assert(__VERIFIER_nondet_u8() == 255 && __VERIFIER_nondet_pthread_t() == (unsigned long)-1);
#ifdef __SIZEOF_INT128__
  assert(__VERIFIER_nondet_int128() == -1);
  assert(__VERIFIER_nondet_uint128() == (unsigned __int128)(unsigned long long)-1);
#endif
  return 0;
}
