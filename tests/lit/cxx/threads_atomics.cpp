// std::thread (started from a vector, with arguments and a lambda), std::mutex with
// std::lock_guard, and std::atomic: the counts are exact, at -O0 and at -O2: the 3! orders of
// the critical sections (the fetch_adds whose results are ignored commute: 36 while they were
// ordered too). Without the lock the increment is a race, and the lost update is found.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %clangxx -O2 -g -emit-llvm -c %s -o %t.bc
// RUN: %bporcheck %t.bc | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DRACY %s | %FileCheck --check-prefix=RACY %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 6 executions)
// RACY: error: assertion failure: assertion 'counter == 3' failed
#include <atomic>
#include <cassert>
#include <mutex>
#include <thread>
#include <vector>

std::mutex m;
int counter = 0;
std::atomic<int> hits{0};

void work(int amount) {
  {
#ifndef RACY
    std::lock_guard<std::mutex> guard(m);
#endif
    counter += amount;
  }
  hits.fetch_add(1);
}

int main() {
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; ++i)
    threads.emplace_back(work, 1);
  std::thread last([] { work(1); });
  for (auto &t : threads)
    t.join();
  last.join();
  assert(counter == 3);
  assert(hits.load() == 3);
  return 0;
}
