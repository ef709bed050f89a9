// std::thread, std::condition_variable, std::call_once, std::this_thread and the clocks: the
// members libstdc++ defines out of line, on the pthreads calls the runtime models.
#include "runtime/cxx/bpor_cxx.h"

#include <cerrno>
#include <cstdarg>
#include <linux/futex.h>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <stop_token>
#include <syscall.h>
#include <thread>
#include <time.h>
#include <unistd.h>

namespace std {

// ---- std::thread ----
thread::_State::~_State() {}

static void *runState(void *state) {
  thread::_State_ptr owned(static_cast<thread::_State *>(state));
  owned->_M_run();
  return nullptr;
}

void thread::_M_start_thread(_State_ptr state, void (*)()) {
  pthread_t handle;
  int error = pthread_create(&handle, nullptr, &runState, state.get());
  if (error)
    __throw_system_error(error);
  state.release();
  _M_id = id(handle);
}

void thread::join() {
  int error = EINVAL;
  if (_M_id != id())
    error = pthread_join(_M_id._M_thread, nullptr);
  if (error)
    __throw_system_error(error);
  _M_id = id();
}

void thread::detach() {
  int error = EINVAL;
  if (_M_id != id())
    error = pthread_detach(_M_id._M_thread);
  if (error)
    __throw_system_error(error);
  _M_id = id();
}

unsigned thread::hardware_concurrency() noexcept { return 4; }

// ---- std::condition_variable ----
condition_variable::condition_variable() noexcept = default;
condition_variable::~condition_variable() noexcept = default;
void condition_variable::wait(unique_lock<mutex> &lock) { _M_cond.wait(*lock.mutex()); }
void condition_variable::notify_one() noexcept { _M_cond.notify_one(); }
void condition_variable::notify_all() noexcept { _M_cond.notify_all(); }

// ---- std::call_once: the headers pass the callable through these thread-locals ----
__thread void *__once_callable;
__thread void (*__once_call)();
extern "C" void __once_proxy() { __once_call(); }

// ---- Clocks: the runtime's clock (each reading may advance it) ----
namespace chrono {
inline namespace _V2 {
system_clock::time_point system_clock::now() noexcept {
  timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return time_point(duration(chrono::seconds(now.tv_sec) + chrono::nanoseconds(now.tv_nsec)));
}
steady_clock::time_point steady_clock::now() noexcept {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return time_point(duration(chrono::seconds(now.tv_sec) + chrono::nanoseconds(now.tv_nsec)));
}
} // namespace _V2
} // namespace chrono

namespace this_thread {
void __sleep_for(chrono::seconds seconds, chrono::nanoseconds nanoseconds) {
  timespec time{static_cast<time_t>(seconds.count()), static_cast<long>(nanoseconds.count())};
  nanosleep(&time, nullptr);
}
} // namespace this_thread

} // namespace std

// futex, which the headers' atomic waits (std::atomic::wait, semaphores, latches, barriers,
// std::stop_token) call through syscall(). A wake needs no model: a waiter returns once the
// word has changed (bpor_cxx.h).
extern "C" long syscall(long number, ...) {
  if (number != SYS_futex) {
    errno = ENOSYS;
    return -1;
  }
  va_list args;
  va_start(args, number);
  const unsigned *address = va_arg(args, const unsigned *);
  int operation = va_arg(args, int) & FUTEX_CMD_MASK;
  long result = 0;
  if (operation == FUTEX_WAIT || operation == FUTEX_WAIT_BITSET) {
    unsigned expected = va_arg(args, unsigned);
    const timespec *timeout = va_arg(args, const timespec *);
    if (!__bpor_futex_wait(address, expected, timeout != nullptr)) {
      errno = ETIMEDOUT;
      result = -1;
    }
  } else if (operation != FUTEX_WAKE && operation != FUTEX_WAKE_BITSET) {
    errno = ENOSYS;
    result = -1;
  }
  va_end(args);
  return result;
}
