// The value a weak-memory search gives the next read of one thread (Model::setReadValue: it
// decides which write each read reads from). The thread's next step reads it instead of memory,
// if it reads; a read value given for a step is used by it or by nothing, never by a later step.
#pragma once

#include "core/Model.h"

#include <cstdint>

namespace bpor::runtime {

class InjectedRead {
public:
  void set(ThreadId reader, uint64_t value) {
    reader_ = reader;
    value_ = value;
  }
  /// Whether `thread`'s next read takes the given value.
  bool givenTo(ThreadId thread) const { return reader_ == thread; }
  /// What `thread`'s read reads: the value given to it (used up), or `fromMemory`.
  uint64_t take(ThreadId thread, uint64_t fromMemory) {
    if (reader_ != thread)
      return fromMemory;
    reader_ = NoThread;
    return value_;
  }
  /// `thread`'s step ended: a value given to it is dropped.
  void endStep(ThreadId thread) {
    if (reader_ == thread)
      reader_ = NoThread;
  }

private:
  ThreadId reader_ = NoThread;
  uint64_t value_ = 0;
};

} // namespace bpor::runtime
