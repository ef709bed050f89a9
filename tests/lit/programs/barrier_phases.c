// Barrier arrivals commute (docs/design.md, "Barriers"): N threads through two barrier phases
// (each writes its own slot, sums every slot, checks a neighbour's sum) have one trace: one
// execution where there were 360 (N = 3) and 90,720 (N = 4) while the order of arrivals was
// part of the trace. Without the first barrier a thread may sum before another wrote its slot;
// a barrier of count N - 1 that N threads wait at is refused, never modelled otherwise; a
// result that is read (the serial thread) is exactly one thread's.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %bporcheck -DN=3 --por=source %s | %FileCheck --check-prefix=SOURCE %s
// RUN: %expect-exit 1 %bporcheck -DNO_FIRST_BARRIER %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 3 %bporcheck -DOVERFULL %s | %FileCheck --check-prefix=OVERFULL %s
// RUN: %bporcheck -DN=3 -DSERIAL %s | %FileCheck --check-prefix=SERIAL %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
// SOURCE: verdict: ok: no error in any schedule (source-DPOR, 1 execution)
// BUG: error: assertion failure: assertion 'sum[(id + 1) % N] == N * (N + 1) / 2' failed
// OVERFULL: error: unsupported construct: more threads wait at this barrier than its count (3) in one generation: not modelled
// SERIAL: verdict: ok: no error in any schedule (optimal DPOR, 6 executions)
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif
#ifdef OVERFULL
#define COUNT (N - 1)
#else
#define COUNT N
#endif

pthread_barrier_t barrier;
int slot[N], sum[N], serials;

void *worker(void *arg) {
  long id = (long)arg;
  slot[id] = (int)id + 1;
#ifndef NO_FIRST_BARRIER
  pthread_barrier_wait(&barrier);
#endif
  int s = 0;
  for (int i = 0; i < N; i++)
    s += slot[i];
  sum[id] = s;
#ifdef SERIAL
  if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
    __atomic_fetch_add(&serials, 1, __ATOMIC_SEQ_CST);
#else
  pthread_barrier_wait(&barrier);
#endif
#ifndef OVERFULL
  assert(sum[(id + 1) % N] == N * (N + 1) / 2);
#endif
  return 0;
}

int main(void) {
  pthread_t threads[N];
  pthread_barrier_init(&barrier, 0, COUNT);
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
#ifdef SERIAL
  assert(serials == 1);
#endif
  return 0;
}
