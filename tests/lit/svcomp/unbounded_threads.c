// Threads made without end (`while (1) pthread_create(...)`): infinitely many states, which
// only the counter abstraction covers (docs/symmetry.md). Two locks made of atomic blocks keep
// `count` within [-1, 1] for any number of threads: TRUE. Without the second lock the
// decrementers overlap and `count` reaches -2 with three threads: FALSE, found by the bug hunt
// (the abstraction's violation alone would not be trusted). A program that reads a thread's
// handle is not abstracted (its threads get renumbered), so nothing settles it: unknown.
// The verdicts need searches to finish within their shares of the time limit; TRUE's limit is
// twice what a quiet machine needs, as a loaded one slows every share (the sanitized build's
// searches are covered by PipelineValidation.InterchangeableThreads instead).
// UNSUPPORTED: sanitized
// RUN: %bporcheck --svcomp --no-progress --time-limit=120 --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=TRUE %s
// TRUE: search: stateful search, counter abstraction with threshold 2, {{[0-9]+}} states
// TRUE: reason: no execution calls reach_error() ({{.*}}for any number of threads
// TRUE: SV-COMP result: true
// RUN: %bporcheck --svcomp --no-progress --time-limit=60 --property=%S/Inputs/unreach-call.prp --witness=%t.graphml -DBROKEN %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/unreach-call.prp -DBROKEN %s | %FileCheck --check-prefix=CONFIRMED %s
// FALSE: SV-COMP result: false(unreach-call)
// CONFIRMED: confirmed
// RUN: %bporcheck --svcomp --no-progress --time-limit=6 --property=%S/Inputs/unreach-call.prp -DREADS_HANDLE %s | %FileCheck --check-prefix=HANDLE %s
// HANDLE-NOT: counter abstraction
// HANDLE: SV-COMP result: unknown
extern void abort(void);
void reach_error(void) {}
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern int __VERIFIER_nondet_int(void);
#include <pthread.h>

int lock_a, lock_b, count;

static void acquire(int *lock) {
  __VERIFIER_atomic_begin();
  if (*lock)
    abort(); // an assumption: this path does not happen
  *lock = 1;
  __VERIFIER_atomic_end();
}

static void release(int *lock) {
  __VERIFIER_atomic_begin();
  *lock = 0;
  __VERIFIER_atomic_end();
}

static void add(int delta) {
  __VERIFIER_atomic_begin();
  count += delta;
  __VERIFIER_atomic_end();
}

void *checker(void *arg) {
  while (1) {
    __VERIFIER_atomic_begin();
    if (count < -1 || count > 1)
      reach_error();
    __VERIFIER_atomic_end();
  }
  return 0;
}

void *worker(void *arg) {
  if (__VERIFIER_nondet_int()) {
    acquire(&lock_a);
    add(1);
    add(-1);
    release(&lock_a);
  } else {
#ifndef BROKEN
    acquire(&lock_b);
#endif
    add(-1);
    add(1);
#ifndef BROKEN
    release(&lock_b);
#endif
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, checker, 0);
  while (1) {
    pthread_create(&t, 0, worker, 0);
#ifdef READS_HANDLE
    if (t == 0)
      reach_error();
#endif
  }
}
