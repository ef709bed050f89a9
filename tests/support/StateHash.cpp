#include "tests/support/StateHash.h"

namespace bpor::testing {

void ReachedStates::add(const std::vector<Operation> &events, ExecutionEnd end) {
  ExecutionHashes h = hashExecution(events);
  local.insert(h.localHash.begin(), h.localHash.end());
  if (end == ExecutionEnd::Finished)
    terminal.insert(h.globalHash);
  else if (end == ExecutionEnd::Deadlock)
    deadlock.insert(h.globalHash);
}

} // namespace bpor::testing
