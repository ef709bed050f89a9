// Update loops under the weak models (docs/weak-memory.md, "Spin loops"): a loop whose only
// effects are atomic read-modify-writes goes round as an await, as a loop that only reads does,
// when its iteration changed nothing (a failed compare-and-swap only reads; an exchange of 1
// that read 1 wrote what was there).
// - A test-and-set lock of a compare-and-swap (acquire) and a release store around a plain
//   counter (the default): ok under every model, the two orders of the critical sections, each
//   with the graph where the second thread's attempt read the lock held counted blocked.
// - The same lock with relaxed orders (-DRELAXED): nothing orders the critical sections under
//   RC11, where the counter's accesses race; under TSO and RA every atomic access is
//   release/acquire, and the lock is correct.
// - The same lock of atomic_flag_test_and_set (-DFLAG) or atomic_exchange (-DEXCHANGE): the
//   same graphs.
// - A lock nobody releases (-DNEVER_RELEASED): the second thread spins forever.
// - A retry loop that increments a counter (-DRETRY): each failed attempt is an await until
//   the other thread's increment, so the executions are the orders of the successful ones.
// Under sequential consistency (--model=sc) a program with update loops gets the reads-from
// search by default, which takes the same back edges as awaits: the same executions.
// RUN: %bporcheck --no-progress %s | %FileCheck --check-prefix=LOCK %s
// RUN: %bporcheck --no-progress --model=tso %s | %FileCheck --check-prefix=LOCK %s
// RUN: %bporcheck --no-progress --model=pso %s | %FileCheck --check-prefix=LOCK %s
// RUN: %bporcheck --no-progress --model=ra %s | %FileCheck --check-prefix=LOCK %s
// LOCK: verdict: ok: no error in any schedule (graph search under {{RC11|TSO|PSO|RA}}, one execution per consistent graph, 4 executions)
// LOCK-NEXT: executions: 4
// LOCK-NEXT: finished: 2, {{.*}}waited in vain: 2
// RUN: %bporcheck --no-progress -DFLAG %s | %FileCheck --check-prefix=LOCK %s
// RUN: %bporcheck --no-progress -DEXCHANGE --model=pso %s | %FileCheck --check-prefix=LOCK %s
// RUN: %expect-exit 1 %bporcheck --no-progress -DRELAXED %s | %FileCheck --check-prefix=RACE %s
// RACE: error: data race: this access and one by thread {{[12]}} (locker) at {{.*}}update_loops.c:[[@LINE+51]]:{{[0-9]+}} are not ordered by happens-before under RC11
// RUN: %bporcheck --no-progress -DRELAXED --model=tso %s | %FileCheck --check-prefix=LOCK %s
// RUN: %bporcheck --no-progress -DRELAXED --model=ra %s | %FileCheck --check-prefix=LOCK %s
// RUN: %expect-exit 1 %bporcheck --no-progress -DNEVER_RELEASED --model=tso %s \
// RUN:   | %FileCheck --check-prefix=NEVER %s
// NEVER: error: livelock: thread {{[12]}} (locker) spins forever in this loop
// RUN: %bporcheck --no-progress -DRETRY %s | %FileCheck --check-prefix=RETRY %s
// RETRY: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 4 executions)
// RETRY-NEXT: executions: 4
// RETRY-NEXT: finished: 2, {{.*}}waited in vain: 2
// RUN: %bporcheck --no-progress --model=sc -DRETRY %s | %FileCheck --check-prefix=SC %s
// SC: verdict: ok: no error in any schedule (reads-from search under SC, 4 executions)
// SC-NEXT: executions: 4
// SC-NEXT: finished: 2, {{.*}}waited in vain: 2
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef RELAXED
#define ACQ memory_order_relaxed
#define REL memory_order_relaxed
#else
#define ACQ memory_order_acquire
#define REL memory_order_release
#endif
atomic_int lock, total;
atomic_flag flag = ATOMIC_FLAG_INIT;
int counter;

void *locker(void *arg) {
#ifdef RETRY
  int old;
  do {
    old = atomic_load_explicit(&total, memory_order_relaxed);
  } while (!atomic_compare_exchange_weak_explicit(&total, &old, old + 1, memory_order_relaxed,
                                                  memory_order_relaxed));
#elif defined(FLAG)
  while (atomic_flag_test_and_set_explicit(&flag, ACQ)) {
  }
  counter = counter + 1;
  atomic_flag_clear_explicit(&flag, REL);
#elif defined(EXCHANGE)
  while (atomic_exchange_explicit(&lock, 1, ACQ) == 1) {
  }
  counter = counter + 1;
  atomic_store_explicit(&lock, 0, REL);
#else
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, ACQ,
                                                  memory_order_relaxed))
    expected = 0;
  counter = counter + 1;
#ifndef NEVER_RELEASED
  atomic_store_explicit(&lock, 0, REL);
#endif
#endif
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, locker, 0);
  pthread_create(&b, 0, locker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
#if defined(NEVER_RELEASED)
#elif defined(RETRY)
  assert(atomic_load_explicit(&total, memory_order_relaxed) == 2);
#else
  assert(counter == 2);
#endif
  return 0;
}
