// N threads race one strong compare-and-swap on an owner word: one wins, the others fail. A
// failed compare-and-swap only reads its location, so the losers' events commute with each
// other and the traces are the N choices of the winner (docs/design.md, "Dependence"): optimal
// DPOR and source-DPOR explore N executions where they explored N! while every compare-and-
// swap counted as a write. DPOR with sleep sets judges races against pending operations,
// which stay writes (a pending compare-and-swap may succeed), and still explores N!. SYNC uses
// __sync_bool_compare_and_swap on a plain int instead of C11's atomic_compare_exchange_strong.
//
// RUN: %bporcheck %s | %FileCheck --check-prefix=N4 %s
// RUN: %bporcheck -DN=6 %s | %FileCheck --check-prefix=N6 %s
// RUN: %bporcheck --por=source -DN=6 %s | %FileCheck --check-prefix=SOURCE6 %s
// RUN: %bporcheck -j 2 -DN=6 %s | %FileCheck --check-prefix=J2 %s
// RUN: %bporcheck -DSYNC -DN=6 %s | %FileCheck --check-prefix=N6 %s
// RUN: %bporcheck --por=dpor %s | %FileCheck --check-prefix=DPOR4 %s
// RUN: %bporcheck --por=none %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --por=unfolding %s | %FileCheck --check-prefix=OK %s
// N4: verdict: ok: no error in any schedule (optimal DPOR, 4 executions)
// N6: verdict: ok: no error in any schedule (optimal DPOR, 6 executions)
// J2: verdict: ok: no error in any schedule (optimal DPOR on 2 workers, 6 executions)
// SOURCE6: verdict: ok: no error in any schedule (source-DPOR, 6 executions)
// DPOR4: verdict: ok: no error in any schedule (DPOR with sleep sets, 24 executions)
// OK: verdict: ok: no error in any schedule
//
// With LOSERS, each loser that saw thread N win counts itself, and the assertion fails when
// thread 1 counts last: only when N wins, and only in the orders of the losers' fetch_adds
// that put thread 1 last. The search must still reach that winner and that order. With
// --keep-going the traces are N - 1 winners whose losers do nothing more, and the (N - 1)!
// orders of the fetch_adds after N wins, (N - 2)! of them failing: 3 + 6 = 9 executions, 2
// failing, for N = 4; 5 + 120 = 125, 24 failing, for N = 6.
// RUN: %expect-exit 1 %bporcheck -DLOSERS %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS --keep-going %s | %FileCheck --check-prefix=ALL4 %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS -DN=6 --keep-going %s \
// RUN:   | %FileCheck --check-prefix=ALL6 %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS -DN=6 --por=source --keep-going %s \
// RUN:   | %FileCheck --check-prefix=ALL6 %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS -DN=6 -j 2 %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS --por=none %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS --por=dpor %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS --preemptions=20 %s \
// RUN:   | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS --por=unfolding %s | %FileCheck --check-prefix=ERROR %s
// RUN: %expect-exit 1 %bporcheck -DLOSERS --search=stateful %s \
// RUN:   | %FileCheck --check-prefix=ERROR %s
// ERROR: verdict: error (assertion failure)
// ALL4: verdict: error (assertion failure), 1 distinct error in 2 executions
// ALL4-NEXT: executions: 9{{$}}
// ALL6: verdict: error (assertion failure), 1 distinct error in 24 executions
// ALL6-NEXT: executions: 125{{$}}
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 4
#endif

#ifdef SYNC
int owner;
#else
atomic_int owner;
#endif
atomic_int losers;

void *contend(void *arg) {
  int id = (int)(long)arg, zero = 0;
#ifdef SYNC
  int won = __sync_bool_compare_and_swap(&owner, 0, id);
#else
  int won = atomic_compare_exchange_strong(&owner, &zero, id);
#endif
#ifdef LOSERS
  if (!won && zero == N && atomic_fetch_add(&losers, 1) == N - 2)
    assert(id != 1);
#endif
  (void)won;
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; ++i)
    pthread_create(&threads[i], 0, contend, (void *)(i + 1));
  for (int i = 0; i < N; ++i)
    pthread_join(threads[i], 0);
#ifdef SYNC
  assert(owner != 0);
#else
  assert(atomic_load(&owner) != 0);
#endif
  return 0;
}
