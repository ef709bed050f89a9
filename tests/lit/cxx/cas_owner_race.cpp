// The C++ form of tests/lit/programs/cas_owner_race.c, as issue 46 tried it: N std::threads each
// call owner.compare_exchange_strong(zero, id) once and one wins. A failed compare-and-swap
// reads the owner word, so the losers commute and optimal DPOR explores one execution per
// winner: N, where it explored N! (24 and 720) while every compare-and-swap counted as a write.
// RUN: %bporcheck %s | %FileCheck --check-prefix=N4 %s
// RUN: %bporcheck -DN=6 %s | %FileCheck --check-prefix=N6 %s
// RUN: %clangxx -O2 -g -emit-llvm -c -DN=6 %s -o %t.bc
// RUN: %bporcheck %t.bc | %FileCheck --check-prefix=N6 %s
// RUN: %expect-exit 1 %bporcheck -DLAST_LOSES %s | %FileCheck --check-prefix=ERROR %s
// N4: verdict: ok: no error in any schedule (optimal DPOR, 4 executions)
// N6: verdict: ok: no error in any schedule (optimal DPOR, 6 executions)
// ERROR: error: assertion failure
#include <atomic>
#include <cassert>
#include <thread>
#include <vector>

#ifndef N
#define N 4
#endif

std::atomic<int> owner{0};

int main() {
  std::vector<std::thread> threads;
  for (int id = 1; id <= N; ++id)
    threads.emplace_back([id] {
      int zero = 0;
      owner.compare_exchange_strong(zero, id);
    });
  for (std::thread &t : threads)
    t.join();
  assert(owner.load() != 0);
#ifdef LAST_LOSES
  // Fails only in the executions where the last thread wins.
  assert(owner.load() != N);
#endif
  return 0;
}
