// Message passing with std::atomic in C++: with relaxed orders the reader may see the flag and
// not the data (C11, ARM, POWER), which RC11, the default for weaker orders, finds, with the
// stale read in the trace at the program's own lines (std::atomic's members are inlined into
// the program and take its lines). With release/acquire (-DORDERED) the data is seen.
// std::thread frees its state when the thread ends: a free the graph search checks for races.
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}relaxed_message_passing.cpp: graph search under RC11, one execution per consistent graph
// CHECK: error: assertion failure
// CHECK: store global data := 1 {{.*}}relaxed_message_passing.cpp:33:10
// CHECK: store global flag := 1 {{.*}}relaxed_message_passing.cpp:34:10
// CHECK: load global flag = 1 (from step {{[0-9]+}}) {{.*}}relaxed_message_passing.cpp:37:14
// CHECK: load global data = 0 (the initial value, although step {{[0-9]+}} stored to it) {{.*}}relaxed_message_passing.cpp:38:7
// RUN: %bporcheck --no-progress -DORDERED %s | %FileCheck --check-prefix=ORDERED %s
// ORDERED: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 2 executions)
// RUN: %bporcheck --no-progress --model=sc %s | %FileCheck --check-prefix=SC %s
// SC: verdict: ok: no error in any schedule (optimal DPOR under SC, 2 executions)
#include <atomic>
#include <cassert>
#include <thread>

#ifdef ORDERED
constexpr std::memory_order publish = std::memory_order_release;
constexpr std::memory_order consume = std::memory_order_acquire;
#else
constexpr std::memory_order publish = std::memory_order_relaxed;
constexpr std::memory_order consume = std::memory_order_relaxed;
#endif

std::atomic<int> data{0}, flag{0};

int main() {
  std::thread writer([] {
    data.store(1, std::memory_order_relaxed);
    flag.store(1, publish);
  });
  std::thread reader([] {
    if (flag.load(consume))
      assert(data.load(std::memory_order_relaxed) == 1);
  });
  writer.join();
  reader.join();
}
