// The per-execution part of symbolic mode (runtime/symbolic/SymbolicData.h), a plain value so
// that checkpoints copy it: where the path condition stands and which nondet inputs were drawn.
#pragma once

#include "core/CopyVector.h"
#include "core/NondetKind.h"
#include "core/Operation.h"
#include "interp/Symbolic.h"

#include <cstdint>
#include <vector>

namespace bpor::runtime {

/// One __VERIFIER_nondet_* call of the execution: a fresh symbol.
struct NondetInput {
  ThreadId thread = 0;
  uint32_t location = 0; // location id of the call
  uint8_t bits = 0;
  NondetKind kind = NondetKind::Unsigned;
  ExprId symbol = ConcreteValue;
  uint32_t afterStep = 0; // steps of the execution before the call (its place in the trace)
};

struct SymbolicState {
  uint32_t path = 0; // a symbolic::PathId; 0 is the empty path condition
  CopyVector<NondetInput> inputs;
  uint32_t steps = 0; // steps taken in this execution
};

} // namespace bpor::runtime
