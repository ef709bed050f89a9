// A C++ program's trace folds the library's steps (trace_folding.cpp) when its values are
// symbolic too: the replay that tells which steps are the library's starts from another model
// than the settled trace's, so a value standing for an expression (here the budget after each
// fetch_sub of a nondet cost) may differ there, and the steps are the same if all else is.
// Every cost stays symbolic (docs/design.md, "Atomic updates"): the search finds costs that
// overdraw the budget twice over, which fixing them to one value missed.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'overdrawn.load() != 2' failed in int main()
// CHECK: trace ({{[0-9]+}} steps; library steps folded into the calls that made them, --trace=full shows each):
// CHECK-NOT: std_thread.h
// CHECK: std::thread t1(spend): create thread 1 (spend)
// CHECK-NOT: std_thread.h
// CHECK: nondet inputs:
// CHECK: verdict: error (assertion failure)
#include <atomic>
#include <cassert>
#include <thread>

extern "C" int __VERIFIER_nondet_int(void);

std::atomic<long> budget{100};
std::atomic<int> overdrawn{0};

void spend() {
  int cost = __VERIFIER_nondet_int();
  if (cost < 0 || cost > 60)
    return;
  if (budget.fetch_sub(cost) - cost < 0)
    overdrawn.fetch_add(1);
}

int main() {
  std::thread t1(spend);
  std::thread t2(spend);
  std::thread t3(spend);
  t1.join();
  t2.join();
  t3.join();
  assert(overdrawn.load() != 2);
  return 0;
}
