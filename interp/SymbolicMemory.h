// Loads and stores whose address depends on nondet inputs (docs/design.md, "Symbolic
// addresses"): an array indexed by a nondet value, a pointer moved by one. Such an access stays
// within the object its concrete address points into, or it is a memory error; the checker
// decides which (DecisionKind::Address). Within the object, the value loaded is the choice,
// by the address's value, among every place of the object it may come from (a balanced tree
// of comparisons of the address), and a store puts that choice into every byte it may reach.
// So no value of the inputs is left out, and no path is forked per index.
#pragma once

#include "interp/Symbolic.h"
#include "memory/Memory.h"

#include <cstdint>
#include <vector>

namespace bpor::symbolic_memory {

/// Objects larger than this keep a concretised address: a load builds about two expressions
/// per byte of the object, a store up to one per byte and access byte (an int array of 1,024
/// elements, at most 16 KiB of expressions a store).
inline constexpr uint64_t MaxObjectBytes = 4096;

/// An access of `accessSize` bytes at `address` confined to the object [first, first + size).
struct Target {
  ExprId address = ConcreteValue; // 64 bits wide
  Address first = 0;
  uint64_t size = 0;
  unsigned accessSize = 0;
};

/// The object the access at `concrete` (the value of `address`) points into, if it is small
/// enough and the access fits in it at some offset.
bool findTarget(const Memory &memory, SymbolicValues &values, ExprId address, Address concrete,
                unsigned accessSize, Target &out);

/// 1-bit: the access lies within the target object.
ExprId withinObject(SymbolicValues &values, const Target &target);

/// The value (8 * accessSize bits) an access within the object reads.
ExprId load(const Memory &memory, SymbolicValues &values, const Target &target);

/// The shadow of every byte of the object after `value` (8 * accessSize bits) is stored within
/// it, computed from the bytes before the store. The caller sets it (Memory::setShadow) and
/// writes the concrete bytes.
std::vector<uint32_t> storedBytes(const Memory &memory, SymbolicValues &values,
                                  const Target &target, ExprId value);

} // namespace bpor::symbolic_memory
