// Message passing with relaxed std::atomic in C++: the reader may see the flag and not the data
// (C11, ARM, POWER). std::atomic's members are inlined into the program, and their operations
// take the program's lines, so the relaxed orders are the program's own. The graph search does
// not support std::thread's free() of its state under RC11 yet: the default says so and checks
// under SC, naming the relaxed operations as a coverage gap (exit 4), never a plain "ok".
// RUN: %expect-exit 4 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}relaxed_message_passing.cpp: free() of shared memory is not supported under RC11 yet; checking under sequential consistency instead
// CHECK: verdict: ok: no error in any schedule, but not every behaviour was covered: 4 atomic operations of the program with a memory order weaker than seq_cst (relaxed, acquire or release), the first at {{.*}}relaxed_message_passing.cpp:19:10, were checked
// RUN: %expect-exit 3 %bporcheck --no-progress --model=rc11 %s | %FileCheck --check-prefix=RC11 %s
// RC11: error: unsupported construct: free() of shared memory is not supported under RC11 yet
#include <atomic>
#include <cassert>
#include <thread>

std::atomic<int> data{0}, flag{0};

int main() {
  std::thread writer([] {
    data.store(1, std::memory_order_relaxed);
    flag.store(1, std::memory_order_relaxed);
  });
  std::thread reader([] {
    if (flag.load(std::memory_order_relaxed))
      assert(data.load(std::memory_order_relaxed) == 1);
  });
  writer.join();
  reader.join();
}
