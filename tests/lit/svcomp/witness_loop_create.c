// A witness of threads created in a loop written on one line: the loop's branch edges and the
// creation share that line, so the validator first tries a branch edge as the creation step,
// which matches no witness thread to ours. The walk must not take the state it reached that way
// for the one it reaches by the right matching (its memo names the matching too), or it
// rejects the tool's own witness.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --witness=%t.graphml %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=CONFIRMED %s
// FALSE: SV-COMP result: false(unreach-call)
// CONFIRMED: witness confirmed: the execution calls reach_error()
#include <pthread.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "witness_loop_create.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
int counter = 0;
void *worker(void *arg) { int t = counter; counter = t + 1; return 0; }
int main() {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 3);
  pthread_t th[3];
  for (unsigned i = 0; i < n; i++) pthread_create(&th[i], 0, worker, 0);
  for (unsigned i = 0; i < n; i++) pthread_join(th[i], 0);
  if (counter != n) reach_error();
  return 0;
}
