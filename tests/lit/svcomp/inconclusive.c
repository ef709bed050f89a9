// What makes a complete search without a call of reach_error inconclusive: a path with
// undefined behaviour (it cannot be continued), a spin loop (the fair bound cuts schedules),
// an unsupported external function, rand() (one fixed sequence), a read of standard input (the
// model's streams are empty), an execution longer than
// --max-depth, a search stopped by a limit (the reason names the memory limit where that one
// stopped it), a read of an uninitialized local. A call of
// reach_error found elsewhere is still FALSE. The spin loop and the long execution are
// inconclusive only where the stateful search cannot cover everything: it runs with plain
// nondet values, so a program that draws an int (SYMBOLIC) stays unknown; without it the
// stateful search answers TRUE.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DNULL_DEREF %s | %FileCheck --check-prefix=UB %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DNULL_DEREF -DREACH %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DSPIN -DSYMBOLIC %s | %FileCheck --check-prefix=SPIN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DSPIN %s | %FileCheck --check-prefix=STATEFUL %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --max-depth=20 -DLONG %s | %FileCheck --check-prefix=STATEFUL %s
// STATEFUL: search: stateful search
// STATEFUL: reason: no execution calls reach_error() (stateful search,
// STATEFUL-NEXT: SV-COMP result: true
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DEXTERNAL %s | %FileCheck --check-prefix=EXTERNAL %s
// UB: reason: an execution has undefined behaviour and cannot be continued: null pointer
// UB-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DUNREACHABLE %s | %FileCheck --check-prefix=UNREACHABLE %s
// UNREACHABLE: reason: an execution has undefined behaviour and cannot be continued: undefined behaviour: 'unreachable' executed
// UNREACHABLE-NEXT: SV-COMP result: unknown
// FALSE: SV-COMP result: false(unreach-call)
// SPIN: reason: a __VERIFIER_nondet_* value wider than 8 bits was explored only with the values {-1, 0, 1}
// SPIN-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DRAND %s | %FileCheck --check-prefix=RAND %s
// RAND: reason: rand() was called: it was explored with one fixed sequence of values
// RAND-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DINPUT %s | %FileCheck --check-prefix=INPUT %s
// INPUT: reason: the program calls scanf: the model's input streams are empty, and what other input makes it do was not explored
// INPUT-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --max-depth=20 -DLONG -DSYMBOLIC %s | %FileCheck --check-prefix=STEPS %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --max-executions=1 -DSYMBOLIC %s | %FileCheck --check-prefix=LIMIT %s
// STEPS: search: stateful search
// STEPS: reason: a __VERIFIER_nondet_* value wider than 8 bits was explored only with the values {-1, 0, 1}
// STEPS-NEXT: SV-COMP result: unknown
// LIMIT: reason: the search did not finish within the limits
// LIMIT-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --memory-limit=1M -DSYMBOLIC %s | %FileCheck --check-prefix=MEMORY %s
// MEMORY: reason: the search did not finish within the limits ({{.*}}; memory limit (1 MiB))
// MEMORY-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DUNINITIALIZED %s | %FileCheck --check-prefix=UNINITIALIZED %s
// UNINITIALIZED: reason: the program may read an uninitialized variable ({{.*}}inconclusive.c:{{[0-9]+}}): its value was not explored
// UNINITIALIZED-NEXT: SV-COMP result: unknown
// EXTERNAL: reason: an execution reached something unsupported: call to unsupported external function 'some_library_function'
// EXTERNAL-NEXT: SV-COMP result: unknown
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
void reach_error() {}
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern int some_library_function(void);
int *volatile pointer;
volatile int flag;

void *setter(void *arg) {
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
#ifdef SYMBOLIC
  if (__VERIFIER_nondet_int() + 1 == 12345679) // not only compared: its value matters
    flag = 2;
#endif
#ifdef NULL_DEREF
  if (__VERIFIER_nondet_bool())
    *pointer = 1;
#ifdef REACH
  else
    reach_error();
#endif
#endif
#ifdef UNREACHABLE
  if (__VERIFIER_nondet_bool())
    __builtin_unreachable();
#endif
#ifdef SPIN
  while (!flag) {
  }
#endif
#ifdef UNINITIALIZED
  int never_set;
  if (never_set == 5)
    reach_error();
#endif
#ifdef LONG
  for (int i = 0; i < 30; ++i)
    flag = i;
#endif
#ifdef RAND
  if (rand() == 12345)
    reach_error();
#endif
#ifdef INPUT
  int read = 0;
  if (scanf("%d", &read) == 1 && read == 5)
    reach_error();
#endif
#ifdef EXTERNAL
  if (__VERIFIER_nondet_bool())
    some_library_function();
#endif
  pthread_join(t, 0);
  return 0;
}
