// A thread that counts for ever, under the fair bound: its execution reaches the depth limit
// without coming back to a state (the counter grows), so it is no livelock; it is cut, the
// search goes on (there is nothing else to run), and the verdict names the cut execution as a
// coverage gap: "ok" but incomplete, exit code 4 (it was "inconclusive", exit 3, before).
// RUN: %expect-exit 4 %bporcheck --no-progress --fair=2 --max-depth=100 %s | %FileCheck %s
// RUN: %expect-exit 4 %bporcheck --no-progress --fair=2 --preemptions=1 --max-depth=100 %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 execution cut at the depth limit (100 steps) without a fair cycle at its end: it may never end or only be long, and no schedule beyond the cut was explored (BPOR ({{.*}}fair bound 2), 1 execution)
// RUN: %expect-exit 4 %bporcheck --no-progress --json --fair=2 --max-depth=100 %s | %FileCheck --check-prefix=JSON %s
// JSON: "complete": false,
// JSON: "depth_limited": 1,
#include <pthread.h>
#include <sched.h>

int counter;

static void *count(void *arg) {
  for (;;) {
    counter++;
    sched_yield();
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, count, 0);
  pthread_join(t, 0);
  return 0;
}
