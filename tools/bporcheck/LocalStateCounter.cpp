#include "tools/bporcheck/LocalStateCounter.h"

#include "checker/StateHash.h"

namespace bpor::tool {

ExecutionObserver LocalStateCounter::observer() {
  return [this](const std::vector<Operation> &events, ExecutionEnd) {
    for (uint64_t hash : hashExecution(events).localHash)
      hashes_.insert(hash);
  };
}

} // namespace bpor::tool
