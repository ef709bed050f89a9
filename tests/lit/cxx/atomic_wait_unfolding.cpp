// A futex wait (std::atomic::wait) may be disabled: its operation says so (Operation::blocking),
// so the unfolding search without cutoffs checks that it is enabled before making it an event,
// and explores exactly the traces optimal DPOR does (it refused the program as non-deterministic
// when a futex wait was taken for a load that never blocks).
// RUN: %bporcheck --std=c++20 --por=unfolding --cutoffs=false %s | %FileCheck --check-prefix=UNFOLDING %s
// RUN: %bporcheck --std=c++20 --por=optimal %s | %FileCheck --check-prefix=OPTIMAL %s
// RUN: %expect-exit 1 %bporcheck --std=c++20 --por=unfolding --cutoffs=false -DWRONG %s | %FileCheck --check-prefix=WRONG %s
// UNFOLDING: verdict: ok: no error in any schedule (unfolding POR (no cutoffs), 35 executions)
// OPTIMAL: verdict: ok: no error in any schedule (optimal DPOR, 35 executions)
// WRONG: error: assertion failure
#include <atomic>
#include <cassert>
#include <thread>

std::atomic<int> flag{0};
int data = 0;

int main() {
  std::thread producer([] {
    data = 42;
    flag.store(1);
    flag.notify_one();
  });
  flag.wait(0);
#ifdef WRONG
  assert(data == 0);
#else
  assert(data == 42);
#endif
  producer.join();
}
