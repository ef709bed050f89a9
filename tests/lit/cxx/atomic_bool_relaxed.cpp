// std::atomic<bool> and std::atomic<T*> members are functions of their own at -O0 (not inlined
// into the program, unlike std::atomic<int>'s): their memory orders are still the program's. A
// relaxed flag of type std::atomic<bool> makes the default model RC11, which finds the stale
// read; checked under SC (--search=stateful), the relaxed order is a coverage gap (exit 4), not
// a plain "ok". With release/acquire (-DORDERED) RC11 finds nothing.
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}atomic_bool_relaxed.cpp: graph search under RC11, one execution per consistent graph
// CHECK: error: assertion failure
// CHECK: verdict: error (assertion failure)
// RUN: %bporcheck --no-progress -DORDERED %s | %FileCheck --check-prefix=ORDERED %s
// ORDERED: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph
// RUN: %expect-exit 4 %bporcheck --no-progress --search=stateful %s | %FileCheck --check-prefix=GAP %s
// GAP: verdict: ok: no error in any schedule, but not every behaviour was covered: {{[0-9]+}} atomic operation{{s?}} of the program with a memory order weaker than seq_cst
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

int payload;
std::atomic<bool> ready{false};
std::atomic<int *> slot{nullptr};

int main() {
  std::thread writer([] {
    payload = 42;
    slot.store(&payload, std::memory_order_relaxed);
    ready.store(true, publish);
  });
  std::thread reader([] {
    if (ready.load(consume)) {
      int *p = slot.load(std::memory_order_relaxed);
      assert(p && *p == 42);
    }
  });
  writer.join();
  reader.join();
}
