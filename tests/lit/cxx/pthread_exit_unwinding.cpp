// pthread_exit in C++ unwinds the thread's stack (glibc's forced unwinding): destructors,
// pthread_cleanup_push handlers (a class's destructor in C++) and catch (...) blocks run. That
// is not modelled, so where it would run code pthread_exit is refused, naming why, rather than
// ending the thread without it (a lock_guard's mutex would stay locked). With nothing to
// unwind, pthread_exit ends the thread with its value.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 3 %bporcheck -DGUARD %s | %FileCheck --check-prefix=GUARD %s
// RUN: %expect-exit 3 %bporcheck -DCLEANUP %s | %FileCheck --check-prefix=GUARD %s
// CHECK: verdict: ok: no error in any schedule
// GUARD: error: unsupported construct: pthread_exit in C++ from inside a scope with destructors, pthread_cleanup_push handlers or catch (...) to run
// GUARD-NEXT: in thread 1 (worker) at {{.*}}pthread_exit_unwinding.cpp:[[@LINE+9]]:
#include <cassert>
#include <mutex>
#include <pthread.h>

std::mutex m;
int x;
static void unlock(void *) { m.unlock(); }

static void leave() { pthread_exit((void *)5); }

static void *worker(void *) {
#ifdef GUARD
  std::lock_guard<std::mutex> guard(m);
#endif
#ifdef CLEANUP
  m.lock();
  pthread_cleanup_push(unlock, nullptr);
#endif
  x = 1;
  leave();
#ifdef CLEANUP
  pthread_cleanup_pop(1);
#endif
  return nullptr;
}

int main() {
  pthread_t t;
  void *value = nullptr;
  pthread_create(&t, nullptr, worker, nullptr);
  pthread_join(t, &value);
  assert(value == (void *)5 && x == 1);
  m.lock();
  m.unlock();
  return 0;
}
