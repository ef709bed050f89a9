// The rest of the standard library's synchronisation, as programs use it: std::call_once, a
// function-local static initialised by whichever thread comes first, std::shared_mutex with
// shared and exclusive locks, std::recursive_mutex, std::promise/std::future, std::async, and a
// global object constructed before main and destroyed after it.
// RUN: %bporcheck --std=c++20 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --std=c++20 -DTWICE %s | %FileCheck --check-prefix=TWICE %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 376 executions)
// TWICE: error: assertion failure: assertion 'initialised == 1 && table == 3' failed
#include <cassert>
#include <future>
#include <mutex>
#include <shared_mutex>
#include <thread>

struct Config {
  int value;
  Config() : value(5) {}
  ~Config() { assert(value == 5); }
} config;

std::once_flag once;
int initialised = 0;
std::shared_mutex tableLock;
int table = 0;
std::recursive_mutex nested;

int &sharedCounter() {
  static int counter = config.value; // initialised once, by either thread
  return counter;
}

int work(int id) {
#ifdef TWICE
  if (id >= 0)
    ++initialised; // not once
#else
  std::call_once(once, [] { ++initialised; });
#endif
  {
    std::shared_lock<std::shared_mutex> reader(tableLock);
    assert(sharedCounter() == 5);
  }
  {
    std::lock_guard<std::recursive_mutex> outer(nested);
    std::lock_guard<std::recursive_mutex> inner(nested);
    std::unique_lock<std::shared_mutex> writer(tableLock);
    table += id;
  }
  return id;
}

int main() {
  std::promise<int> promise;
  std::future<int> fromPromise = promise.get_future();
  std::thread worker([&promise] { promise.set_value(work(1)); });
  std::future<int> fromAsync = std::async(std::launch::async, work, 2);
  assert(fromPromise.get() == 1 && fromAsync.get() == 2);
  worker.join();
  assert(initialised == 1 && table == 3);
  return 0;
}
