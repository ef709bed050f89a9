// The no-data-race property: two accesses of one location by different threads, at least one a
// write, not both atomic, unordered by synchronisation (thread creation and join, mutexes,
// atomic sections, C11 release/acquire). Each variant is answered exactly, and a race is FALSE
// with a witness that --validate-witness confirms.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp --witness=%t.graphml -DPLAIN %s | %FileCheck --check-prefix=FALSE %s
// RUN: %check-witness %t.graphml | %FileCheck --check-prefix=FORMAT %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/no-data-race.prp -DPLAIN %s | %FileCheck --check-prefix=CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DLOCKED %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DJOINED %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DRELAXED_RMW %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DMESSAGE=memory_order_acquire %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DMESSAGE=memory_order_relaxed %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DSECTIONS %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DONE_SECTION %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DAFTER_REACH_ERROR %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DREAD_READ %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DPLAIN %s | %FileCheck --check-prefix=UNREACH %s
// A spinning program goes to the stateful search, which checks races as accesses two threads
// are about to make at once (its states keep their keys), and its witness replays too.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp -DSPIN_MESSAGE %s | %FileCheck --check-prefixes=TRUE,STATEFUL %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp --witness=%t.spin.graphml -DSPIN_RACY %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --validate-witness=%t.spin.graphml --property=%S/Inputs/no-data-race.prp -DSPIN_RACY %s | %FileCheck --check-prefix=CONFIRMED %s
// STATEFUL: search: stateful search
// FALSE: data race on
// FALSE: SV-COMP result: false(no-data-race)
// TRUE: reason: no execution has a data race
// TRUE-NEXT: SV-COMP result: true
// FORMAT: format ok
// CONFIRMED: witness confirmed: the execution has a data race at {{.*}}data_race.c:
// UNREACH: SV-COMP result: true
#include <pthread.h>
#include <stdatomic.h>
void reach_error() {}
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
int x;
int data;
atomic_int counter;
atomic_int flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
#if defined(PLAIN) || defined(JOINED)
  x = x + 1;
#elif defined(LOCKED)
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
#elif defined(RELAXED_RMW)
  atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
#elif defined(MESSAGE)
  if (atomic_load_explicit(&flag, MESSAGE))
    x = data;
#elif defined(SECTIONS) || defined(ONE_SECTION)
  __VERIFIER_atomic_begin();
  x = x + 1;
  __VERIFIER_atomic_end();
#elif defined(AFTER_REACH_ERROR)
  x = 1;
#elif defined(READ_READ)
  data = x;
#elif defined(SPIN_MESSAGE) || defined(SPIN_RACY)
  while (!atomic_load(&flag))
    ;
#ifdef SPIN_MESSAGE
  x = data;
#else
  data = 1;
#endif
#endif
  return 0;
}

int main(void) {
  pthread_t t;
#ifdef MESSAGE
  pthread_create(&t, 0, worker, 0);
  data = 42;
  atomic_store_explicit(&flag, 1, memory_order_release);
#elif defined(JOINED)
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  x = 2;
#elif defined(AFTER_REACH_ERROR)
  pthread_create(&t, 0, worker, 0);
  reach_error(); // the program's own (empty) function: the run goes on
  x = 2;
#elif defined(ONE_SECTION)
  pthread_create(&t, 0, worker, 0);
  x = 5;
#elif defined(SPIN_MESSAGE) || defined(SPIN_RACY)
  pthread_create(&t, 0, worker, 0);
  data = 42;
  atomic_store(&flag, 1);
#ifdef SPIN_RACY
  data = 2;
#endif
#elif defined(READ_READ)
  x = 3; // before the thread exists
  pthread_create(&t, 0, worker, 0);
  int r = x; // two reads race with nothing
  (void)r;
#else
  pthread_create(&t, 0, worker, 0);
  worker(0);
#endif
  return 0;
}
