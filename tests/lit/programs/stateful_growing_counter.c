// A spin loop whose counter grows without end has no finite state space: the stateful search's
// first branch (main keeps spinning) goes on as deep as the depth limit lets it. Its probe stops
// where a path first reaches depth 100,000; iterative deepening then finds the bug in the search
// to depth 100, with a trace of under 100 steps, instead of after ten million steps and
// gigabytes of search stack.
// RUN: not %bporcheck %s | %FileCheck %s
// RUN: not %bporcheck --search=stateful --max-depth=1000000 %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'rounds < 3' failed
// CHECK: trace (98 steps):
// CHECK: 95  thread 1 (stopper)  store global stop := 1, thread 1 (stopper) ends
// CHECK: verdict: error (assertion failure)
// CHECK: states: 108 stored, 2 transitions to a state explored before, 4 cut by the depth limit
// CHECK: steps: 100114
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int stop;
int rounds;

void *stopper(void *arg) {
  atomic_store(&stop, 1);
  return 0;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, 0, stopper, 0);
  while (!atomic_load(&stop))
    rounds++;
  pthread_join(thread, 0);
  assert(rounds < 3);
  return 0;
}
