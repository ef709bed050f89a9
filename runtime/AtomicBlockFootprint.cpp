#include "runtime/AtomicBlockFootprint.h"

#include <algorithm>

namespace bpor::runtime {

// Whether `access` lies within one range of `footprint` that is written if it writes.
static bool covers(const Operation &footprint, const Access &access) {
  for (unsigned k = 0; k < footprint.numAccesses; ++k) {
    const Access &range = footprint.accesses[k];
    if (range.address <= access.address &&
        access.address + access.size <= range.address + range.size &&
        (range.write || !access.write))
      return true;
  }
  return access.size == 0;
}

bool AtomicBlockFootprint::readNamed(const Memory &memory, const ExternalCall &call,
                                     Operation &op) {
  if (call.numArgs() < 3 || call.arg(1) == 0 || call.arg(2) == 0)
    return false;
  for (uint64_t i = 0; i < call.arg(2); ++i) {
    uint64_t word[3];
    for (unsigned k = 0; k < 3; ++k)
      if (memory.read(call.arg(1) + 8 * (3 * i + k), 8, word[k]) != MemoryFault::None) {
        op.numAccesses = 0;
        return false;
      }
    if (!op.mergeAccess(Access{word[0], word[1], word[2] != 0})) {
      op.numAccesses = 0;
      return false;
    }
  }
  return true;
}

// Only plain memory operations are gathered: the dependence of a lock, a fork or a join rests
// on more than its footprint (its kind, the thread it names), which one event cannot carry.
void AtomicBlockFootprint::gather(const Operation &performed) {
  switch (performed.kind) {
  case OpKind::Load:
  case OpKind::Store:
  case OpKind::ReadModifyWrite:
  case OpKind::MemoryCopy:
  case OpKind::Free:
    break;
  default:
    fits_ = false;
    return;
  }
  if (performed.global)
    fits_ = false;
  // A compare-and-swap that failed counts as the write it may be: the block's event is what
  // a reversal puts before other events, where it may succeed (Operation::onlyRead).
  for (unsigned k = 0; k < performed.numAccesses && fits_; ++k) {
    Access access = performed.accesses[k];
    access.write = access.write || performed.onlyRead;
    fits_ = ranges_.mergeAccess(access);
  }
  for (unsigned k = 0; k < performed.numAccesses && withinNamed_; ++k)
    withinNamed_ = covers(named_, performed.accesses[k]);
}

// A block the execution ended in (an assertion, an assume, exit) touched what it gathered
// before it stopped: moved past events that do not touch that, it reads the same values and
// stops at the same place. So does a block that ran whole within the step: it reads the same
// values, takes the same path and touches the same ranges wherever it is moved past events that
// do not touch them.
//
// A block that stops inside itself (at a decision on a symbolic value) leaves every other
// thread disabled until its thread leaves it. Independent events never disable each other, so
// its event conflicts with everything; its pending operation had to as well
// (Execution::mayDecideInsideBlock), else the step did more than it said.
bool AtomicBlockFootprint::finish(Operation &event, bool blockEnded) {
  gathering_ = false;
  if (!named_.global) {
    if (!withinNamed_ || !blockEnded)
      event.global = true;
    return !blockEnded;
  }
  if (fits_ && blockEnded) {
    event.global = false;
    event.numAccesses = ranges_.numAccesses;
    std::copy_n(ranges_.accesses, event.numAccesses, event.accesses);
  }
  return false;
}

} // namespace bpor::runtime
