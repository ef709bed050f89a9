// The footprint of the atomic block a step runs (docs/design.md, "Atomic blocks").
//
// A block whose footprint the pass named (passes/AtomicFootprint.h) keeps it: its pending
// operation and its event agree. Its accesses are still checked against that footprint, and if
// one falls outside it (the pass missed it) the event conflicts with everything, to be sound;
// so does the event of a step that stopped inside the block (at a symbolic decision).
// Any other block's event gets the ranges the block touched with plain memory operations, if
// the block ended within the step and they fit in one Operation; otherwise it stays global.
// The footprint lives for one step: begin() when a step starts an atomic block, gather() for
// each operation performed inside it, finish() as the step ends. A checkpoint never sees it.
#pragma once

#include "core/Model.h"
#include "interp/ExternalCall.h"
#include "memory/Memory.h"

namespace bpor::runtime {

class AtomicBlockFootprint {
public:
  /// The footprint the pass named for a block, read into `op` from the table (address, size,
  /// write) that __bpor_atomic_begin's call passes. False if there is none, or it does not fit
  /// in one operation.
  static bool readNamed(const Memory &memory, const ExternalCall &call, Operation &op);

  /// A step runs the atomic block whose pending operation is `named`.
  void begin(const Operation &named) {
    *this = AtomicBlockFootprint{};
    gathering_ = true;
    named_ = named;
  }
  bool gathering() const { return gathering_; }
  /// An operation performed inside the block.
  void gather(const Operation &performed);
  /// The step ends: gives the block's `event` its footprint. `blockEnded`: the block was left,
  /// or the execution ended inside it, within the step. True if the step stopped inside a
  /// block whose pending operation named a footprint: it disabled the other threads, which
  /// that operation did not say.
  bool finish(Operation &event, bool blockEnded);

private:
  bool gathering_ = false;
  bool fits_ = true;        // the gathered ranges fit in ranges_ and are all plain accesses
  Operation ranges_;        // what the block touched so far
  bool withinNamed_ = true; // every access stayed within named_
  Operation named_;         // the pending operation, with the pass's footprint if not global
};

} // namespace bpor::runtime
