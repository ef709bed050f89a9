// Ten threads running one function: the stateful search over sorted threads (exact symmetry
// reduction) stores one state per multiset of thread states instead of one per permutation.
// Each thread takes a ticket from a counter unless the stopper has begun, and the stopper waits
// for the count to drop to zero: the assertion holds (TRUE). With the check of `stopping`
// moved out of the atomic block a late worker slips in after the stop (FALSE): the reduced
// search finds it first (optimal DPOR and the bug hunt meet it only after millions of
// executions), and its schedule, threads renamed back to their creation numbers, replays on the
// program: the witness is confirmed.
// The verdicts need searches to finish within their shares of the time limit (the sanitized
// build's searches are covered by PipelineValidation.InterchangeableThreads instead).
// UNSUPPORTED: sanitized
// RUN: %bporcheck --svcomp --no-progress --time-limit=60 --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=TRUE %s
// TRUE: search: stateful search, symmetry reduction, {{[0-9]+}} states
// TRUE-NOT: for any number of threads
// TRUE: SV-COMP result: true
// RUN: %bporcheck --svcomp --no-progress --time-limit=60 --property=%S/Inputs/unreach-call.prp --witness=%t.graphml -DBROKEN %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/unreach-call.prp -DBROKEN %s | %FileCheck --check-prefix=CONFIRMED %s
// FALSE: SV-COMP result: false(unreach-call)
// CONFIRMED: confirmed
extern void abort(void);
void reach_error(void) {}
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
#include <pthread.h>

int stopping, pending = 1, drained, stopped;

static void work_done(void) {
  __VERIFIER_atomic_begin();
  if (--pending == 0)
    drained = 1;
  __VERIFIER_atomic_end();
}

void *worker(void *arg) {
  int admitted = 0;
#ifdef BROKEN
  int seen = stopping;
#endif
  __VERIFIER_atomic_begin();
#ifdef BROKEN
  if (!seen) {
#else
  if (!stopping) {
#endif
    pending++;
    admitted = 1;
  }
  __VERIFIER_atomic_end();
  if (admitted) {
    if (stopped)
      reach_error();
    work_done();
  }
  return 0;
}

void *stopper(void *arg) {
  stopping = 1;
  work_done();
  if (!drained)
    abort(); // an assumption: wait until drained
  stopped = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, stopper, 0);
  for (int i = 0; i < 10; i++)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
