// A producer and a consumer of std::condition_variable and std::mutex with a relaxed counter
// beside them: checked under RC11, the default for its relaxed orders (a condition variable's
// wait in four steps, docs/weak-memory.md, "Condition variables"; the constructor's writes of
// the global condition variable before any thread starts are its initial value). The consumer
// is told of each item by the mutex, which orders the producer's first increment before it:
// ok. Expecting both increments after the first item (-DBOTH) is wrong: the producer may not
// have made the second yet.
// RUN: %bporcheck --no-progress %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress -DBOTH %s | %FileCheck %s --check-prefix=BOTH
// CHECK: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 29 executions)
// BOTH: error: assertion failure: assertion 'produced.load(std::memory_order_relaxed) >= EXPECTED' failed
// BOTH: verdict: error (assertion failure)
#include <atomic>
#include <cassert>
#include <condition_variable>
#include <mutex>
#include <thread>

#ifdef BOTH
#define EXPECTED 2
#else
#define EXPECTED 1
#endif

std::mutex m;
std::condition_variable cv;
int items = 0;
std::atomic<int> produced{0};

void producer() {
  for (int i = 0; i < 2; ++i) {
    produced.fetch_add(1, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> g(m);
      ++items;
    }
    cv.notify_one();
  }
}

void consumer() {
  for (int i = 0; i < 2; ++i) {
    std::unique_lock<std::mutex> l(m);
    cv.wait(l, [] { return items > 0; });
    --items;
    l.unlock();
    assert(produced.load(std::memory_order_relaxed) >= EXPECTED);
  }
}

int main() {
  std::thread c(consumer), p(producer);
  c.join();
  p.join();
  assert(items == 0);
}
