// A spin lock of std::atomic_flag with acquire/release orders (an update loop, docs/weak-memory.md,
// "Spin loops"): verified under RC11, the default for its orders; with a relaxed clear nothing
// orders the critical sections, and the counter's accesses race.
// RUN: %bporcheck --no-progress -DORDER=std::memory_order_release %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress -DORDER=std::memory_order_relaxed %s \
// RUN:   | %FileCheck %s --check-prefix=RACE
// CHECK: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 4 executions)
// RACE: error: data race: this access and one by thread {{[12]}} (work) at {{.*}}atomic_flag_lock.cpp:[[@LINE+11]]:3 are not ordered by happens-before under RC11
#include <atomic>
#include <cassert>
#include <thread>

std::atomic_flag flag = ATOMIC_FLAG_INIT;
int counter = 0;

void work() {
  while (flag.test_and_set(std::memory_order_acquire)) {
  }
  ++counter;
  flag.clear(ORDER);
}

int main() {
  std::thread t1(work), t2(work);
  t1.join();
  t2.join();
  assert(counter == 2);
}
