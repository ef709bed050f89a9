// A once routine that throws leaves the once as if never run: the exception reaches the caller,
// and the next call runs the routine again (std::call_once, and pthread_once called in a try
// block). The routine runs under a cleanup that ends the once either way (passes/OnceLowering).
// RUN: %bporcheck --std=c++20 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --std=c++20 -DONE_ATTEMPT %s | %FileCheck --check-prefix=ONE %s
// RUN: %bporcheck --std=c++20 -DPTHREAD %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 6 executions)
// ONE: error: assertion failure: assertion 'attempts == 1' failed
#include <cassert>
#include <mutex>
#include <pthread.h>
#include <thread>

int attempts = 0, done = 0, caught = 0;

void init() {
  if (++attempts == 1)
    throw 1;
  done = 1;
}

#ifdef PTHREAD
pthread_once_t control = PTHREAD_ONCE_INIT;
#define callOnce() pthread_once(&control, init) // an invoke, unwinding to the handler below
#else
std::once_flag flag;
#define callOnce() std::call_once(flag, init)
#endif

std::mutex m;

void work() {
  for (int i = 0; i < 2; ++i) {
    try {
      callOnce();
    } catch (int) {
      std::lock_guard<std::mutex> guard(m);
      ++caught;
    }
  }
}

int main() {
  std::thread a(work), b(work);
  a.join();
  b.join();
  assert(done == 1 && attempts == 2 && caught == 1);
#ifdef ONE_ATTEMPT
  assert(attempts == 1);
#endif
}
