// The symbolic state of one execution (interp/Symbolic.h, symbolic/ExprStore.h): the path
// condition so far and the nondet inputs drawn, over the search's shared ExprStore. It is the
// interpreter's SymbolicValues: expressions are built in the store, and a concretisation extends
// this execution's path condition.
#pragma once

#include "core/Operation.h"
#include "interp/Symbolic.h"
#include "runtime/symbolic/SymbolicState.h"
#include "symbolic/ExprStore.h"

#include <array>
#include <cstdint>
#include <vector>

namespace bpor::runtime {

class SymbolicRun final : public SymbolicValues {
public:
  /// `state` is the execution's (saved with its checkpoints); `concretised` counts
  /// concretisations by kind over the whole search.
  SymbolicRun(symbolic::ExprStore &store, SymbolicState &state,
              std::array<uint64_t, size_t(Concretisation::NumKinds)> &concretised)
      : state(state), store_(store), concretised_(concretised) {}

  SymbolicState &state;

  symbolic::ExprStore &store() { return store_; }
  /// The value of `e` in the current path's model.
  uint64_t value(ExprId e) { return store_.value(state.path, e); }
  /// Adds a 1-bit condition to the path condition; false (and the path unchanged) if that makes
  /// it unsatisfiable. `modelChanged` tells whether concrete values must be refreshed.
  bool assume(ExprId condition, bool &modelChanged);

  unsigned width(ExprId e) override { return store_.width(e); }
  ExprId constant(uint64_t value, unsigned bits) override { return store_.constant(value, bits); }
  ExprId resize(ExprId e, unsigned bits) override { return store_.resize(e, bits); }
  ExprId signExtend(ExprId e, unsigned from, unsigned to) override {
    return store_.signExtend(e, from, to);
  }
  ExprId binary(interp::Op op, unsigned bits, ExprId a, ExprId b) override {
    return store_.binary(op, bits, a, b);
  }
  ExprId unary(interp::Op op, unsigned bits, ExprId a) override {
    return store_.unary(op, bits, a);
  }
  ExprId ite(ExprId c, ExprId t, ExprId e) override { return store_.ite(c, t, e); }
  ExprId floating(const FloatOperation &operation, ExprId a, ExprId b, ExprId c) override {
    return store_.floating(operation, a, b, c);
  }
  ExprId byteOf(ExprId e, unsigned index) override { return store_.byteOf(e, index); }
  ExprId fromBytes(const ExprId *bytes, unsigned n) override { return store_.fromBytes(bytes, n); }
  bool isConstant(ExprId e, uint64_t &value) override { return store_.isConstant(e, value); }
  void concretise(ExprId e, uint64_t value, Concretisation why) override;
  bool splitsBeforeFixing(ExprId e) override;
  /// The 1-bit condition of a Value decision on `e` (choice 1): e is the least value the path
  /// allows now. The least, not the model's value, so that a replay under another model
  /// (rootWithModelOf) makes the same decision; now, when the decision runs, so that its meaning
  /// depends on the path condition it accesses and not on when the thread paused.
  ExprId isLeastValue(ExprId e);

private:
  symbolic::ExprStore &store_;
  std::array<uint64_t, size_t(Concretisation::NumKinds)> &concretised_;
};

} // namespace bpor::runtime
