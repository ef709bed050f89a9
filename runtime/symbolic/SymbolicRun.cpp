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
  ++concretised_[size_t(why)];
  ExprId equal = store_.equals(e, store_.constant(value, store_.width(e)));
  symbolic::PathId next = store_.extend(state.path, equal);
  // `value` is e's value in the current model (the interpreter's invariant), so the model
  // satisfies the extended path as it is.
  if (next == symbolic::InfeasiblePath || !store_.sameModel(state.path, next))
    throw std::logic_error("symbolic: a concrete value disagrees with its expression's model");
  state.path = next;
}

} // namespace runtime
} // namespace bpor
