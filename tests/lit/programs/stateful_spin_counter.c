// A spin with a local counter nobody reads after the loop: the counter is dead (it only
// computes itself again), so the state description leaves it out and each spin iteration
// returns to a visited state. The default search (optimal DPOR) meets an execution that passes
// through a state twice, and the stateful search then shows there is no livelock and no error.
// RUN: %expect-exit 0 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: an execution passes through a state twice (within its first 10000 steps), so the program has cycles; the stateful search decides
// CHECK: verdict: ok: no error in any schedule (stateful search, 7 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;
int data;

void *setter(void *arg) {
  data = 5;
  atomic_store(&flag, 1);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  int spins = 0;
  while (!atomic_load(&flag))
    spins++;
  assert(data == 5);
  pthread_join(t, 0);
  return 0;
}
