// N threads each try a lock once. A trylock that finds the lock held changes nothing: it reads
// the lock (docs/design.md, "Dependence"), and failed trylocks commute with each other, while
// a successful one, a lock or an unlock writes it. Kept (the winner never unlocks): one trace
// per first thread, N executions where there were N! (24 for N = 4, 720 for N = 6).
// RUN: %bporcheck %s | %FileCheck --check-prefix=HELD4 %s
// RUN: %bporcheck -DSPIN %s | %FileCheck --check-prefix=HELD4 %s
// RUN: %bporcheck -DN=6 %s | %FileCheck --check-prefix=HELD6 %s
// RUN: %bporcheck --por=source -DN=6 -DSPIN %s | %FileCheck --check-prefix=SOURCE6 %s
// RUN: %bporcheck --por=none %s | %FileCheck --check-prefix=OK %s
// HELD4: verdict: ok: no error in any schedule (optimal DPOR, 4 executions)
// HELD6: verdict: ok: no error in any schedule (optimal DPOR, 6 executions)
// SOURCE6: verdict: ok: no error in any schedule (source-DPOR, 6 executions)
// OK: verdict: ok: no error in any schedule
//
// With RELEASE the winner unlocks after its increment, so a later trylock may succeed again:
// 21 traces for N = 3 and 148 for N = 4 (24 and 192 while a failed trylock wrote the lock),
// the numbers of distinct traces exhaustive search finds (bpor_trace_soak --file checks the
// sets). With ALL, main asserts that not every thread got the lock, which fails only when no
// critical section overlaps another thread's trylock.
// RUN: %bporcheck -DRELEASE -DN=3 %s | %FileCheck --check-prefix=RELEASE3 %s
// RUN: %bporcheck -DRELEASE %s | %FileCheck --check-prefix=RELEASE4 %s
// RUN: %bporcheck -DRELEASE -DSPIN %s | %FileCheck --check-prefix=RELEASE4 %s
// RUN: %bporcheck -DRELEASE -DN=3 --por=source %s | %FileCheck --check-prefix=SOURCE3 %s
// RELEASE3: verdict: ok: no error in any schedule (optimal DPOR, 21 executions)
// RELEASE4: verdict: ok: no error in any schedule (optimal DPOR, 148 executions)
// SOURCE3: verdict: ok: no error in any schedule (source-DPOR, 21 executions)
// RUN: %expect-exit 1 %bporcheck -DRELEASE -DALL %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRELEASE -DALL -DSPIN %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRELEASE -DALL --por=source %s \
// RUN:   | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRELEASE -DALL --por=dpor %s \
// RUN:   | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DRELEASE -DALL -DN=3 --por=none %s \
// RUN:   | %FileCheck --check-prefix=ERROR %s
// ERROR: verdict: error (assertion failure)
#include <assert.h>
#include <errno.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif

#ifdef SPIN
pthread_spinlock_t lock;
#define TRYLOCK() pthread_spin_trylock(&lock)
#define UNLOCK() pthread_spin_unlock(&lock)
#else
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#define TRYLOCK() pthread_mutex_trylock(&lock)
#define UNLOCK() pthread_mutex_unlock(&lock)
#endif

int entered;

void *worker(void *arg) {
  int r = TRYLOCK();
  assert(r == 0 || r == EBUSY);
  if (r == 0) {
    entered = entered + 1;
#ifdef RELEASE
    UNLOCK();
#endif
  }
  return 0;
}

int main(void) {
#ifdef SPIN
  pthread_spin_init(&lock, 0);
#endif
  pthread_t threads[N];
  for (int i = 0; i < N; ++i)
    pthread_create(&threads[i], 0, worker, 0);
  for (int i = 0; i < N; ++i)
    pthread_join(threads[i], 0);
#ifdef RELEASE
#ifdef ALL
  assert(entered < N);
#endif
#else
  assert(entered == 1);
#endif
  return 0;
}
