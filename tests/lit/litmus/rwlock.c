// Read-write locks under every model (docs/weak-memory.md, "Synchronisation objects"): the
// lock's word counts its readers, or holds RwWriterHeld while a writer has it; rdlock is an
// acquire update that adds a reader and waits while a writer holds the lock, wrlock an acquire
// update from 0 that waits while anyone holds it, unlock a release update (readers leave
// concurrently). A writer increments a plain counter and, in two relaxed halves, a counter the
// readers check is whole.
// - Two readers and a writer (the default): ok under every model; the 14 graphs are the
//   default search's 14 executions under SC (plus dead ends, blocked).
// - Readers that try (-DTRY): ok; a try fails while the writer holds the lock.
// - Readers that also write the plain counter under their read lock (-DREADER_WRITES): read
//   locks do not exclude each other, so the writes race (RA, RC11) and an update is lost (SC,
//   TSO): an error only the lock's sharing makes reachable.
// RUN: %bporcheck --model=tso %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --model=pso %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --model=ra %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --model=rc11 %s | %FileCheck --check-prefix=OK %s
// OK: verdict: ok
// OK: executions: 19
// OK-NEXT: finished: 14, {{.*}}waited in vain: 5
// RUN: %bporcheck --model=rc11 -DTRY %s | %FileCheck --check-prefix=TRY %s
// RUN: %bporcheck --model=tso -DTRY %s | %FileCheck --check-prefix=TRY %s
// TRY: verdict: ok
// TRY: executions: 22
// TRY-NEXT: finished: 19, {{.*}}waited in vain: 3
// RUN: not %bporcheck --model=rc11 --keep-going -DREADER_WRITES %s | %FileCheck --check-prefix=RACE %s
// RUN: not %bporcheck --model=ra --keep-going -DREADER_WRITES %s | %FileCheck --check-prefix=RACE %s
// (Under RA and RC11 the race comes first: the lost update's assertion is reached only after
// it, and is reported as the race.)
// RACE: error: data race: this access and one by thread 1 (reader)
// RACE: verdict: error (data race), 1 distinct error in 32 executions
// RUN: not %bporcheck --model=tso -DREADER_WRITES %s | %FileCheck --check-prefix=LOST %s
// LOST: error: assertion failure: assertion 'counter == 3' failed
// LOST: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
atomic_int low, high; // a counter in two halves the writers keep equal
int counter;

void *writer(void *arg) {
  pthread_rwlock_wrlock(&lock);
  counter = counter + 1;
  atomic_store_explicit(&low, atomic_load_explicit(&low, RLX) + 1, RLX);
  atomic_store_explicit(&high, atomic_load_explicit(&high, RLX) + 1, RLX);
  pthread_rwlock_unlock(&lock);
  return 0;
}

void *reader(void *arg) {
#if defined(TRY)
  if (pthread_rwlock_tryrdlock(&lock) != 0)
    return 0;
#else
  pthread_rwlock_rdlock(&lock);
#endif
#if defined(READER_WRITES)
  // A write under the read lock: two such threads are not excluded from each other.
  counter = counter + 1;
#endif
  int h = atomic_load_explicit(&high, RLX);
  int l = atomic_load_explicit(&low, RLX);
  assert(h == l);
  pthread_rwlock_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t w, r0, r1;
  pthread_create(&r0, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r1, 0, reader, 0);
  pthread_join(r0, 0);
  pthread_join(w, 0);
  pthread_join(r1, 0);
#if defined(READER_WRITES)
  assert(counter == 3);
#else
  assert(counter == 1);
#endif
  return 0;
}
