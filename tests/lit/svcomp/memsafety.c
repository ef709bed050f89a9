// The valid-memsafety property: FALSE names the part violated (valid-deref, valid-free,
// valid-memtrack), in any thread and schedule, with a witness --validate-witness confirms.
// valid-memtrack is checked when the program ends: heap memory no global, stack or register
// points to is lost; memory only a stack points to when exit() is called is undecided
// (unknown), and so is a program whose executions may not end.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp --witness=%t.graphml -DDEREF %s | %FileCheck --check-prefix=DEREF %s
// RUN: %check-witness %t.graphml | %FileCheck --check-prefix=FORMAT %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/valid-memsafety.prp -DDEREF %s | %FileCheck --check-prefix=CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DDOUBLE_FREE %s | %FileCheck --check-prefix=FREE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DLEAK --witness=%t.yml %s | %FileCheck --check-prefix=TRACK %s
// RUN: %bporcheck --validate-witness=%t.yml --property=%S/Inputs/valid-memsafety.prp -DLEAK %s | %FileCheck --check-prefix=LEAK-CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DLEAK_IN_THREAD %s | %FileCheck --check-prefix=TRACK %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DGLOBAL_HOLDS %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DFREED %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DEXIT_WITH_LOCAL %s | %FileCheck --check-prefix=UNDECIDED %s
// At abort() (which unwinds nothing) memory is lost if nothing at all points to it, registers
// included. Registers are not C variables: a dead one may still hold a pointer the variable no
// longer does (q = 0 below), and a variable in scope may be in no live register (q after its
// last use), so memory only dead registers point to is undecided: unknown, never a guess.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DLOST_THEN_ABORT %s | %FileCheck --check-prefix=AT-ABORT %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp -DHELD_AT_ABORT %s | %FileCheck --check-prefix=AT-ABORT %s
// AT-ABORT: pointed to only by registers the program no longer reads when it aborts
// AT-ABORT: SV-COMP result: unknown
// DEREF: SV-COMP result: false(valid-deref)
// FREE: SV-COMP result: false(valid-free)
// TRACK: memory leak: heap object
// TRACK: SV-COMP result: false(valid-memtrack)
// TRUE: reason: no execution violates memory safety
// TRUE-NEXT: SV-COMP result: true
// UNDECIDED: whether valid-memtrack holds is not decided
// UNDECIDED: SV-COMP result: unknown
// FORMAT: format ok
// CONFIRMED: witness confirmed: the execution violates memory safety at
// The leak is found as main returns: the witness's target is the return statement's line.
// LEAK-CONFIRMED: witness confirmed: the execution violates memory safety at {{.*}}memsafety.c:{{[0-9]+}}:3 in thread 0
#include <pthread.h>
#include <stdlib.h>
int *shared;
int *kept;

void *worker(void *arg) {
#if defined(DEREF)
  if (shared)
    *shared = 1; // after main freed it, in one order
#elif defined(DOUBLE_FREE)
  free(shared);
#elif defined(LEAK_IN_THREAD)
  int *lost = malloc(8);
  lost[0] = 1;
#endif
  return 0;
}

int main(void) {
  pthread_t t;
  shared = malloc(sizeof(int));
  pthread_create(&t, 0, worker, 0);
#if defined(DEREF)
  free(shared);
  pthread_join(t, 0);
#elif defined(DOUBLE_FREE)
  pthread_join(t, 0);
  free(shared);
#elif defined(LEAK)
  pthread_join(t, 0);
  int *p = malloc(16);
  p[1] = 2;
  free(shared);
#elif defined(GLOBAL_HOLDS)
  pthread_join(t, 0);
  kept = malloc(4); // still pointed to by a global at the end: tracked
#elif defined(LOST_THEN_ABORT) || defined(HELD_AT_ABORT)
  pthread_join(t, 0);
  free(shared);
  int *q = malloc(4);
  q[0] = 1;
#ifdef LOST_THEN_ABORT
  q = 0;
#endif
  if (q == 0 || q[0] == 1)
    abort();
#elif defined(EXIT_WITH_LOCAL)
  pthread_join(t, 0);
  free(shared);
  int *local = malloc(4);
  local[0] = 3;
  exit(0);
#else
  pthread_join(t, 0);
  free(shared);
#endif
  return 0;
}
