// Every nondet value is explored (symbolically, with Z3), so a value found only at 77, 200 or
// 12345 is found and a search without it is complete. With --nondet=values, bool- and
// char-sized values are still enumerated over their whole type, but a wider type is explored
// over --nondet-values only: no TRUE then, but an error found is still FALSE.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DCHAR %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DUCHAR %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DUCHAR -DNEVER %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DINT %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DINT -DNEVER %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DINT_SMALL %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --nondet=values -DCHAR %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --nondet=values -DINT -DNEVER %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --nondet=values -DINT_SMALL %s | %FileCheck --check-prefix=FALSE %s
// FALSE: SV-COMP result: false(unreach-call)
// TRUE: SV-COMP result: true
// UNKNOWN: reason: a __VERIFIER_nondet_* value wider than 8 bits was explored only with the values {-1, 0, 1}
// UNKNOWN-NEXT: SV-COMP result: unknown
void reach_error() {}
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
#if defined(CHAR)
  if (__VERIFIER_nondet_char() == 77)
    reach_error();
#elif defined(UCHAR)
  unsigned char c = __VERIFIER_nondet_uchar();
#ifdef NEVER
  if (c > 255)
#else
  if (c == 200)
#endif
    reach_error();
#elif defined(INT)
  unsigned u = __VERIFIER_nondet_int();
#ifdef NEVER
  if (u + 1 == 0 && u != 4294967295u)
#else
  if (u + 1 == 0) // only at UINT_MAX
#endif
    reach_error();
#elif defined(INT_SMALL)
  if (__VERIFIER_nondet_int() == -1)
    reach_error();
#endif
  return 0;
}
