// The default memory model of a C++ program whose std::atomic operations take their default
// order (seq_cst): sequential consistency and optimal DPOR. At -O0 libstdc++'s fetch_add and
// load are inlined with a switch over every memory order on the constant the call passes, so the
// weaker orders' accesses sit in blocks that never run: they do not make the program a
// weak-memory one. With a relaxed order (-DRELAXED) the default is RC11, which finds the
// message-passing outcome SC forbids.
// RUN: %bporcheck --no-progress %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}default_model_seq_cst.cpp: optimal DPOR
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// RUN: %expect-exit 1 %bporcheck --no-progress -DRELAXED %s | %FileCheck --check-prefix=RELAXED %s
// RELAXED: bporcheck: {{.*}}default_model_seq_cst.cpp: graph search under RC11, one execution per consistent graph
// RELAXED: error: assertion failure: assertion 'data.load() == 1' failed
#include <atomic>
#include <cassert>
#include <thread>

#ifdef RELAXED
constexpr std::memory_order publish = std::memory_order_relaxed;
#else
constexpr std::memory_order publish = std::memory_order_seq_cst;
#endif

std::atomic<int> data{0}, flag{0}, done{0};

int main() {
  std::thread producer([] {
    data.fetch_add(1);
    flag.store(1, publish);
    done.fetch_add(1);
  });
  std::thread consumer([] {
    if (flag.load(publish) == 1)
      assert(data.load() == 1);
    done.fetch_add(1);
  });
  producer.join();
  consumer.join();
  assert(done.load() == 2);
}
