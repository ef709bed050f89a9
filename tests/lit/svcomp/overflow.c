// The no-overflow property: a signed integer operation whose result its type cannot hold. clang
// compiles its own checks in (-fsanitize-trap=signed-integer-overflow): each overflowing
// addition, subtraction, multiplication, negation and INT_MIN / -1 is FALSE, in any thread and
// for any nondet value (symbolic values decide the check), with a witness --validate-witness
// confirms; unsigned arithmetic wraps and is no overflow; a shift that overflows is undefined
// behaviour the property does not name: unknown.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp --witness=%t.graphml -DADD %s | %FileCheck --check-prefix=FALSE %s
// RUN: %check-witness %t.graphml | %FileCheck --check-prefix=FORMAT %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/no-overflow.prp -DADD %s | %FileCheck --check-prefix=CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DMUL %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DNEGATE %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DDIVIDE %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DRACY_COUNTER %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DGUARDED %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DUNSIGNED %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-overflow.prp -DSHIFT %s | %FileCheck --check-prefix=SHIFT %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DADD %s | %FileCheck --check-prefix=UNREACH %s
// FALSE: signed integer overflow in a
// FALSE: SV-COMP result: false(no-overflow)
// TRUE: reason: no execution overflows a signed integer
// TRUE-NEXT: SV-COMP result: true
// SHIFT: reason: an execution has undefined behaviour and cannot be continued: undefined behaviour: a shift
// SHIFT-NEXT: SV-COMP result: unknown
// FORMAT: format ok
// CONFIRMED: witness confirmed: the execution overflows a signed integer at {{.*}}overflow.c:
// UNREACH: SV-COMP result: true
#include <limits.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() {}
int counter = INT_MAX - 1;

void *worker(void *arg) {
#ifdef RACY_COUNTER
  counter = counter + 1; // two threads: INT_MAX + 1 in one order
#endif
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int x = __VERIFIER_nondet_int();
#if defined(ADD)
  int y = x + 1000; // x > INT_MAX - 1000
#elif defined(MUL)
  int y = x * 3;
#elif defined(NEGATE)
  int y = -x; // x == INT_MIN
#elif defined(DIVIDE)
  int y = x / (x < 0 ? -1 : 1); // INT_MIN / -1
#elif defined(GUARDED)
  int y = x < INT_MAX - 1000 ? x + 1000 : x;
#elif defined(UNSIGNED)
  unsigned y = (unsigned)x * 3u + 7u;
#elif defined(SHIFT)
  int y = x << 2;
#else
  int y = 0;
#endif
#ifdef RACY_COUNTER
  worker(0);
#endif
  pthread_join(t, 0);
  return (int)(y & 1);
}
