// A spin lock of std::atomic<bool>::exchange: at -O0 libstdc++'s member is a call, not inlined,
// whose only effect is the update; the loop that calls it is an update loop all the same
// (passes/SpinLoopPass.h, updateOnlyFunctions), verified under RC11, the default for its
// orders. With a relaxed store as the unlock nothing orders the critical sections: the
// counter's accesses race.
// RUN: %bporcheck --no-progress -DORDER=std::memory_order_release %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress -DORDER=std::memory_order_relaxed %s \
// RUN:   | %FileCheck %s --check-prefix=RACE
// CHECK: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, {{[0-9]+}} executions)
// RACE: error: data race: this access and one by thread {{[12]}} (work) at {{.*}}atomic_bool_exchange_lock.cpp:[[@LINE+11]]:{{[0-9]+}} are not ordered by happens-before under RC11
#include <atomic>
#include <cassert>
#include <thread>

std::atomic<bool> locked{false};
int counter;

void work() {
  while (locked.exchange(true, std::memory_order_acquire)) {
  }
  counter = counter + 1;
  locked.store(false, ORDER);
}

int main() {
  std::thread a(work), b(work);
  a.join();
  b.join();
  assert(counter == 2);
}
