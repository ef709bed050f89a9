// One exception shared by threads: an exception_ptr rethrown by two threads at once, and a
// std::shared_future whose exception a thread and main both rethrow. Each rethrow gets a record of its
// own (runtime/cxx/abi.cpp), and the object lives while any thread's exception_ptr or handler
// uses it: no use after free, and the last reference, whichever thread drops it, destroys it.
// RUN: %bporcheck --std=c++20 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --std=c++20 -DWRONG_MESSAGE %s | %FileCheck --check-prefix=WRONG %s
// RUN: %bporcheck --std=c++20 -DSHARED_FUTURE %s | %FileCheck --check-prefix=FUTURE %s
// The counts: optimal DPOR and source-DPOR agree; the reference counts are incremented by
// fetch_adds whose results are ignored, which commute (924 and 448 while they did not).
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 148 executions)
// WRONG: error: assertion failure: assertion 'e.what()[0] == 'x'' failed
// FUTURE: verdict: ok: no error in any schedule (optimal DPOR, 216 executions)
#include <cassert>
#include <exception>
#include <future>
#include <stdexcept>
#include <thread>

#ifndef SHARED_FUTURE
std::exception_ptr shared;

int main() {
  try {
    throw std::runtime_error("boom");
  } catch (...) {
    shared = std::current_exception();
  }
  auto rethrow = [] {
    std::exception_ptr mine = shared;
    try {
      std::rethrow_exception(mine);
    } catch (const std::runtime_error &e) {
#ifdef WRONG_MESSAGE
      assert(e.what()[0] == 'x');
#else
      assert(e.what()[0] == 'b');
#endif
    }
  };
  std::thread a(rethrow), b(rethrow);
  a.join();
  b.join();
}
#else
int main() {
  std::promise<int> promise;
  std::shared_future<int> result = promise.get_future().share();
  std::thread getter([&result] {
    try {
      result.get();
      assert(false);
    } catch (const std::logic_error &) {
    }
  });
  promise.set_exception(std::make_exception_ptr(std::logic_error("no value")));
  try {
    result.get();
    assert(false);
  } catch (const std::logic_error &) {
  }
  getter.join();
}
#endif
