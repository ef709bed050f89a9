// A bounded queue with std::condition_variable, std::unique_lock and wait with a predicate:
// every item arrives, in order. Waiting without a predicate loses the wake-up when the
// producer notifies first, and the consumer then waits forever: a deadlock.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %clangxx -O2 -g -emit-llvm -c %s -o %t.bc
// RUN: %bporcheck %t.bc | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DNO_PREDICATE %s | %FileCheck --check-prefix=LOST %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 8 executions)
// LOST: error: deadlock
#include <cassert>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

std::mutex m;
std::condition_variable changed;
std::deque<int> queue;

void produce() {
  for (int i = 1; i <= 2; ++i) {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [] { return queue.size() < 1; });
    queue.push_back(i);
    changed.notify_all();
  }
}

int main() {
  std::thread producer(produce);
  for (int expected = 1; expected <= 2; ++expected) {
    std::unique_lock<std::mutex> lock(m);
#ifdef NO_PREDICATE
    changed.wait(lock);
#else
    changed.wait(lock, [] { return !queue.empty(); });
#endif
    assert(queue.front() == expected);
    queue.pop_front();
    changed.notify_all();
  }
  producer.join();
  return 0;
}
