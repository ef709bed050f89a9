// Store buffering with std::atomic: with release/acquire orders both loads may read 0 (x86 does
// it too), which RC11, the default for such orders, finds; with seq_cst (-DSEQ_CST) the
// outcome is forbidden. The orders are constants that -O0 passes to libstdc++'s members, which
// are inlined with a switch over every order: the default model looks only at the access the
// constant selects, so seq_cst everywhere is checked under SC (tools/bporcheck/ModelFactory.cpp,
// LiveBlocks), and release/acquire under RC11.
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}store_buffering.cpp: graph search under RC11, one execution per consistent graph
// CHECK: error: assertion failure: assertion 'r1 == 1 || r2 == 1' failed
// CHECK: load global {{[xy]}} = 0 (the initial value, although step {{[0-9]+}} stored to it)
// RUN: %bporcheck --no-progress -DSEQ_CST %s | %FileCheck --check-prefix=SC %s
// SC: bporcheck: {{.*}}store_buffering.cpp: optimal DPOR
// SC: verdict: ok: no error in any schedule (optimal DPOR, 3 executions)
#include <atomic>
#include <cassert>
#include <thread>

#ifdef SEQ_CST
constexpr std::memory_order store = std::memory_order_seq_cst;
constexpr std::memory_order load = std::memory_order_seq_cst;
#else
constexpr std::memory_order store = std::memory_order_release;
constexpr std::memory_order load = std::memory_order_acquire;
#endif

std::atomic<int> x{0}, y{0};
int r1, r2;

int main() {
  std::thread a([] {
    x.store(1, store);
    r1 = y.load(load);
  });
  std::thread b([] {
    y.store(1, store);
    r2 = x.load(load);
  });
  a.join();
  b.join();
  assert(r1 == 1 || r2 == 1);
}
