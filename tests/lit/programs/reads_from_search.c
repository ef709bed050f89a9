// The reads-from search (--search=rf): one execution per reads-from class. Thread one writes x
// twice, thread two once, thread three reads x twice: the executions differ only in which
// write each read reads, 12 classes, where the orders of the writes nobody reads between make
// optimal DPOR's Mazurkiewicz traces 30. With CHECK, the assertion fails in the class where
// the first read reads 3 and the second 1 (thread two's write, then thread one's first).
//
// RUN: %bporcheck --search=rf %s | %FileCheck --check-prefix=RF %s
// RUN: %bporcheck --search=optimal %s | %FileCheck --check-prefix=OPTIMAL %s
// RUN: %expect-exit 1 %bporcheck --search=rf -DCHECK %s | %FileCheck --check-prefix=ERROR %s
// RF: verdict: ok: no error in any schedule (reads-from search, 12 executions)
// OPTIMAL: verdict: ok: no error in any schedule (optimal DPOR, 30 executions)
// ERROR: error: assertion failure
// ERROR: verdict: error (assertion failure)
// The error's schedule replays (a replay steps the program as the search does).
// RUN: %expect-exit 1 %bporcheck --search=rf -DCHECK --save-trace=%t.trace %s
// RUN: %expect-exit 1 %bporcheck --replay=%t.trace -DCHECK %s | %FileCheck --check-prefix=REPLAY %s
// REPLAY: error: assertion failure
//
// N threads racing one compare-and-swap: one class per winner (the losers read its write).
// RUN: %bporcheck --search=rf -DN=6 %S/cas_owner_race.c | %FileCheck --check-prefix=CAS %s
// CAS: verdict: ok: no error in any schedule (reads-from search, 6 executions)
//
// What it does not take yet is refused, naming the construct and its line (exit 3).
// RUN: %expect-exit 3 %bporcheck --search=rf %S/barrier_phases.c | %FileCheck --check-prefix=REFUSED %s
// REFUSED: error: unsupported construct: the reads-from search (--search=rf) does not take a barrier-wait operation yet: choose --search=optimal
// REFUSED-NEXT: in thread 1 (worker) at barrier_phases.c:{{[0-9]+}}:{{[0-9]+}}
// REFUSED: verdict: error (unsupported construct)
#include <assert.h>
#include <pthread.h>

int x;
int first, second;

void *writeTwice(void *arg) {
  x = 1;
  x = 2;
  return 0;
}

void *writeOnce(void *arg) {
  x = 3;
  return 0;
}

void *readTwice(void *arg) {
  first = x;
  second = x;
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, writeTwice, 0);
  pthread_create(&b, 0, writeOnce, 0);
  pthread_create(&c, 0, readTwice, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
#ifdef CHECK
  assert(!(first == 3 && second == 1));
#endif
  return 0;
}
