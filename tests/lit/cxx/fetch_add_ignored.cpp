// std::atomic's fetch_add and fetch_sub as statements, at -O0 (what `bporcheck prog.cpp`
// compiles): libstdc++'s members are inlined with one atomicrmw per memory order, their results
// merged in a phi nobody reads, so the updates commute (docs/design.md, "Commuting updates"):
// one execution for four threads, where there were 8! / 2^4 = 2,520 orders of the eight
// updates. With the result read (a ticket each), the order of the tickets is the trace: 4!.
// The operators (`counter++`, `++counter`, `counter += 2`) are not inlined: each returns its
// update's result, which a statement ignores; the call is made to a copy that returns nothing
// (passes/IgnoredCallResults.h), and the updates commute too. Read (`tickets[i] = counter++`),
// they do not: with a `counter += 1` after each, (4!)^2 traces (for three threads, 36, as
// exhaustive search finds for the C version, tests/lit/programs/ignored_call_results.c).
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %bporcheck -DTICKETS %s | %FileCheck --check-prefix=TICKETS %s
// RUN: %bporcheck -DOPERATORS %s | %FileCheck %s
// RUN: %bporcheck -DOPERATOR_TICKETS %s | %FileCheck --check-prefix=OPERATOR-TICKETS %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
// TICKETS: verdict: ok: no error in any schedule (optimal DPOR, 24 executions)
// OPERATOR-TICKETS: verdict: ok: no error in any schedule (optimal DPOR, 576 executions)
#include <atomic>
#include <cassert>
#include <thread>

std::atomic<int> counter{0};
int tickets[4];

int main() {
  std::thread threads[4];
  for (int i = 0; i < 4; i++)
    threads[i] = std::thread([i] {
#if defined(TICKETS)
      tickets[i] = counter.fetch_add(2);
#elif defined(OPERATOR_TICKETS)
      tickets[i] = counter++;
      counter += 1;
#elif defined(OPERATORS)
      counter++;
      ++counter;
#else
      counter.fetch_add(1);
      counter.fetch_sub(-1);
#endif
    });
  for (auto &t : threads)
    t.join();
  assert(counter.load() == 8);
  return 0;
}
