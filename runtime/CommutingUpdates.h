// Which atomic read-modify-writes are commuting updates when their result is ignored
// (core/Operation.h, Update; docs/design.md, "Commuting updates").
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <llvm/IR/Instructions.h>

namespace bpor::runtime {

/// The Update kind of atomicrmw `op` (an llvm::AtomicRMWInst::BinOp): additions and
/// subtractions (modulo 2^n, so they commute with each other), or, and, xor. The others
/// (exchange, nand, min/max, floating point, the wrapping increments) do not commute with a
/// second one of their kind in general, or not with every size: Update::None.
inline Update commutingUpdate(uint32_t op) {
  using B = llvm::AtomicRMWInst::BinOp;
  switch (B(op)) {
  case B::Add:
  case B::Sub: return Update::Add;
  case B::Or: return Update::Or;
  case B::And: return Update::And;
  case B::Xor: return Update::Xor;
  default: return Update::None;
  }
}

} // namespace bpor::runtime
