// Peterson's algorithm with sequentially consistent atomics, two rounds per thread: verified
// completely by the stateful search with no bound; hash compaction and bitstate storage visit
// the same states here (no collision). A stateful option without --search asks for the search.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: verdict: ok: no error in any schedule (stateful search,
// RUN: %expect-exit 0 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 470 states, exact storage, livelocks checked)
// RUN: %expect-exit 0 %bporcheck --state-store=hash --no-progress %s | %FileCheck --check-prefix=HASH %s
// HASH: verdict: ok: no error in any schedule (stateful search, 470 states, hash compaction: a state missed with probability at most
// RUN: %expect-exit 0 %bporcheck --search=stateful --state-store=bitstate --bitstate-bits=24 --no-progress %s | %FileCheck --check-prefix=BITSTATE %s
// BITSTATE: verdict: ok: no error in any schedule (stateful search, 470 states, bitstate: a state missed with probability at most {{.*}}, livelocks not checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag0, flag1, turn;
int inside;
void *t0(void *a) {
  for (int round = 0; round < 2; round++) {
    atomic_store(&flag0, 1);
    atomic_store(&turn, 1);
    while (atomic_load(&flag1) && atomic_load(&turn) == 1) {}
    inside++;
    assert(inside == 1);
    inside--;
    atomic_store(&flag0, 0);
  }
  return 0;
}
void *t1(void *a) {
  for (int round = 0; round < 2; round++) {
    atomic_store(&flag1, 1);
    atomic_store(&turn, 0);
    while (atomic_load(&flag0) && atomic_load(&turn) == 0) {}
    inside++;
    assert(inside == 1);
    inside--;
    atomic_store(&flag1, 0);
  }
  return 0;
}
int main() {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
