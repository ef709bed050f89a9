// C++ exceptions: thrown and caught by a base class, rethrown, caught by catch (...), thrown by
// the library (vector::at), and destructors run while unwinding (a lock_guard gives its mutex
// back, so the other thread can take it). An exception that leaves a thread is reported by its
// type at the throw.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clangxx -O2 -g -emit-llvm -c %s -o %t.bc
// RUN: %bporcheck %t.bc | %FileCheck --check-prefix=OPT %s
// RUN: %expect-exit 1 %bporcheck -DUNCAUGHT %s | %FileCheck --check-prefix=UNCAUGHT %s
// CHECK: caught: vector::_M_range_check: __n (which is 5) >= this->size() (which is 2)
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 3 executions)
// OPT: verdict: ok: no error in any schedule (optimal DPOR, 3 executions)
// UNCAUGHT: error: assertion failure: uncaught C++ exception std::invalid_argument (std::terminate)
// UNCAUGHT-NEXT: in thread 1 (worker) at {{.*}}exceptions.cpp:32:5{{$}}
#include <cassert>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

std::mutex m;
int done = 0, destroyed = 0;

struct Counted {
  ~Counted() { ++destroyed; }
};

void mayThrow(int n) {
  Counted local;
  std::lock_guard<std::mutex> guard(m);
  if (n > 0)
    throw std::invalid_argument("n > 0");
}

void worker() {
#ifdef UNCAUGHT
  mayThrow(1);
#else
  try {
    mayThrow(1);
  } catch (const std::logic_error &e) { // a base class of invalid_argument
    std::lock_guard<std::mutex> guard(m); // the first guard was destroyed on the way out
    ++done;
  }
#endif
}

int main() {
  std::thread t(worker);
  {
    std::lock_guard<std::mutex> guard(m);
  }
  t.join();
  assert(done == 1 && destroyed == 1);

  int caughtAll = 0;
  try {
    try {
      throw 42;
    } catch (int value) {
      assert(value == 42);
      throw; // rethrown to the outer handler
    }
  } catch (...) {
    caughtAll = 1;
  }
  assert(caughtAll == 1);

  std::vector<int> v{1, 2};
  try {
    v.at(5);
    assert(false);
  } catch (const std::out_of_range &e) {
    std::printf("caught: %s\n", e.what());
  }
  return 0;
}
