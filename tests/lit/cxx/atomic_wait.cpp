// C++20 waiting: std::binary_semaphore, std::latch and std::atomic::wait block on a futex
// until the word they wait on changes, so a missing release is a deadlock (not a spin), and
// libstdc++'s bounded back-off before blocking does not make the program a spinning one (its
// polling rounds are what the executions count: each may read before or after the write).
// RUN: %bporcheck --std=c++20 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --std=c++20 -DNO_RELEASE %s | %FileCheck --check-prefix=LOST %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 34956 executions)
// LOST: error: deadlock
#include <atomic>
#include <cassert>
#include <latch>
#include <semaphore>
#include <thread>

std::binary_semaphore ready(0);
std::latch finished(2);
std::atomic<int> stage{0};
int data = 0;

int main() {
  std::thread producer([] {
    data = 42;
#ifndef NO_RELEASE
    ready.release();
#endif
    stage.store(1);
    stage.notify_one();
    finished.count_down();
  });
  ready.acquire();
  assert(data == 42);
  stage.wait(0);
  finished.count_down();
  finished.wait();
  producer.join();
  return 0;
}
