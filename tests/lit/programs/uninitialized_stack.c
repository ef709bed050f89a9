// A local variable whose address escapes (here to another thread) lives in the runtime's memory
// and is accessed by runtime calls; until the program writes it, its bytes hold no value, like
// malloc's (C: indeterminate). A load of one is a coverage gap in a values model (SV-COMP
// unknown, not TRUE), and an input in a symbolic one (the violation is found). Locals that
// stay private to their function are registers or plain memory: the undef check covers those.
// RUN: %expect-exit 4 %bporcheck --no-progress %s | %FileCheck --check-prefix=GAP %s
// RUN: %bporcheck --no-progress -DWRITTEN %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DWRITTEN %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DSYMBOLIC %s | %FileCheck --check-prefix=FALSE %s
// GAP: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 load read memory never written (malloc'd, or a local variable; {{.*}} the first at {{.*}}uninitialized_stack.c:[[#]]
// OK: verdict: ok: no error in any schedule (
// UNKNOWN: memory never written
// UNKNOWN: SV-COMP result: unknown
// TRUE: SV-COMP result: true
// FALSE: SV-COMP result: false(unreach-call)
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

static int scaled;

static void *reader(void *arg) {
  int *seen = arg;
  if (*seen == 5)
    reach_error();
  return 0;
}

int main(void) {
#ifdef SYMBOLIC
  scaled = 3 * __VERIFIER_nondet_int(); // symbolic values: computed with, not only compared
#endif
  int x; // never written; its address goes to the thread
#ifdef WRITTEN
  x = 1;
#endif
  pthread_t t;
  pthread_create(&t, 0, reader, &x);
  pthread_join(t, 0);
  return scaled == 7;
}
