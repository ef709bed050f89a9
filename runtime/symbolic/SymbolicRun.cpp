#include "runtime/symbolic/SymbolicRun.h"

#include <stdexcept>

namespace bpor {

namespace runtime {

bool SymbolicRun::assume(ExprId condition, bool &modelChanged) {
  symbolic::PathId next = store_.extend(state.path, store_.resize(condition, 1));
  modelChanged = false;
  if (next == symbolic::InfeasiblePath)
    return false;
  modelChanged = !store_.sameModel(state.path, next);
  state.path = next;
  return true;
}

void SymbolicRun::concretise(ExprId e, uint64_t value, Concretisation why) {
  uint64_t constant = 0;
  if (store_.isConstant(e, constant))
    return; // nothing is fixed
  if (store_.valuesUnder(state.path, e, 1).size() == 1)
    return; // the path allows this value only: nothing is lost, nothing to add
  ++concretised_[size_t(why)];
  ExprId equal = store_.equals(e, store_.constant(value, store_.width(e)));
  symbolic::PathId next = store_.extend(state.path, equal);
  // `value` is e's value in the current model (the interpreter's invariant), so the model
  // satisfies the extended path as it is.
  if (next == symbolic::InfeasiblePath || !store_.sameModel(state.path, next))
    throw std::logic_error("symbolic: a concrete value disagrees with its expression's model");
  state.path = next;
}

bool SymbolicRun::splitsBeforeFixing(ExprId e) {
  return store_.valuesUnder(state.path, e, MaxSplitValues).size() >= 2;
}

ExprId SymbolicRun::isLeastValue(ExprId e) {
  std::vector<uint64_t> values = store_.valuesUnder(state.path, e, MaxSplitValues);
  // No set: Z3 gave up on a query (counted as a solver unknown); the model's value stands in.
  uint64_t least = values.empty() ? value(e) : values.front();
  return store_.equals(e, store_.constant(least, store_.width(e)));
}

} // namespace runtime
} // namespace bpor
