// A POSIX semaphore: a counter. sem_wait is enabled only while the value is positive.
#pragma once

#include "core/StateWriter.h"

namespace bpor::runtime {

class Semaphore {
public:
  explicit Semaphore(unsigned value = 0) : value_(value) {}

  bool canWait() const { return value_ > 0; }
  void wait() { --value_; }
  bool tryWait() {
    if (value_ == 0)
      return false;
    --value_;
    return true;
  }
  void post() { ++value_; }
  unsigned value() const { return value_; }

  void writeState(StateWriter &out) const { out.u32(value_); }

private:
  unsigned value_;
};

} // namespace bpor::runtime
