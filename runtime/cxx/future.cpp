// std::future, std::promise, std::packaged_task and std::async: the shared state's out-of-line
// members, std::future_error and its category, and the futex wait behind a future's status.
#include "runtime/cxx/bpor_cxx.h"

#include <future>

extern "C" int __cxa_thread_atexit(void (*)(void *), void *, void *);

namespace std {

__future_base::_Result_base::_Result_base() = default;
__future_base::_Result_base::~_Result_base() = default;

void __future_base::_State_baseV2::_Make_ready::_S_run(void *p) {
  unique_ptr<_Make_ready> ready(static_cast<_Make_ready *>(p));
  if (auto state = ready->_M_shared_state.lock())
    state->_M_status._M_store_notify_all(_Status::__ready, memory_order_release);
}

// set_value_at_thread_exit: made ready when the thread ends.
void __future_base::_State_baseV2::_Make_ready::_M_set() {
  __cxa_thread_atexit(&_Make_ready::_S_run, this, nullptr);
}

future_error::~future_error() noexcept {}
const char *future_error::what() const noexcept { return logic_error::what(); }

namespace {
struct FutureCategory : error_category {
  const char *name() const noexcept override { return "future"; }
  string message(int value) const override {
    switch (future_errc(value)) {
    case future_errc::broken_promise: return "Broken promise";
    case future_errc::future_already_retrieved: return "Future already retrieved";
    case future_errc::promise_already_satisfied: return "Promise already satisfied";
    case future_errc::no_state: return "No associated state";
    }
    return "Unknown error";
  }
};
} // namespace

const error_category &future_category() noexcept {
  static const FutureCategory category;
  return category;
}

void __throw_future_error(int value) { throw future_error(make_error_code(future_errc(value))); }

// A future's status word: the caller loads it again after the wait; false is a timeout.
bool __atomic_futex_unsigned_base::_M_futex_wait_until(unsigned *address, unsigned expected,
                                                       bool timed, chrono::seconds,
                                                       chrono::nanoseconds) {
  return __bpor_futex_wait(address, expected, timed) != 0;
}
bool __atomic_futex_unsigned_base::_M_futex_wait_until_steady(unsigned *address,
                                                              unsigned expected, bool timed,
                                                              chrono::seconds,
                                                              chrono::nanoseconds) {
  return __bpor_futex_wait(address, expected, timed) != 0;
}
void __atomic_futex_unsigned_base::_M_futex_notify_all(unsigned *) {}

} // namespace std
