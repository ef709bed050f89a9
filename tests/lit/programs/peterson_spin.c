// Peterson's lock with plain busy-waits (no sched_yield): the pass puts a yield on each spin
// loop's back edge, and by default a spinning program gets the stateful search, which
// terminates without a bound; BPOR under a fair bound terminates too. --spin-assume turns each spin into an await instead. The broken variant
// (turn written before the flag) is found either way.
// RUN: %bporcheck %s | %FileCheck --check-prefix=DEFAULT %s
// RUN: %bporcheck --fair=1 %s | %FileCheck --check-prefix=FAIR %s
// RUN: %bporcheck --spin-assume %s | %FileCheck --check-prefix=ASSUME %s
// RUN: %expect-exit 1 %bporcheck -DBROKEN %s | %FileCheck --check-prefix=BROKEN %s
// RUN: %expect-exit 1 %bporcheck --spin-assume -DBROKEN %s | %FileCheck --check-prefix=BROKEN %s
// Without a fair bound a stateless search lets the spin go on (an unfair schedule) until
// --max-depth: inconclusive, exit code 3, not a livelock.
// RUN: %expect-exit 3 %bporcheck --por=dpor --max-depth=200 %s | %FileCheck --check-prefix=LIVELOCK %s
// DEFAULT: verdict: ok: no error in any schedule (stateful search, 140 states, exact storage, livelocks checked)
// FAIR: verdict: ok: no error in any schedule within fair bound 1
// ASSUME: verdict: ok: no error in any schedule (optimal DPOR
// BROKEN: error: assertion failure: assertion 'inside == 1' failed
// LIVELOCK: error: depth limit: an execution exceeded the maximum depth of 200 steps
// LIVELOCK: yield
// LIVELOCK: verdict: inconclusive: an execution went on for more than 200 steps
#include <assert.h>
#include <pthread.h>

int flag0, flag1, turn, inside;

void *p0(void *arg) {
#ifdef BROKEN
  turn = 1;
  flag0 = 1;
#else
  flag0 = 1;
  turn = 1;
#endif
  while (flag1 == 1 && turn == 1)
    ;
  inside++;
  assert(inside == 1);
  inside--;
  flag0 = 0;
  return 0;
}

void *p1(void *arg) {
#ifdef BROKEN
  turn = 0;
  flag1 = 1;
#else
  flag1 = 1;
  turn = 0;
#endif
  while (flag0 == 1 && turn == 0)
    ;
  inside++;
  assert(inside == 1);
  inside--;
  flag1 = 0;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
