#include "core/Model.h"

namespace bpor {

bool stoppedByFailedAssume(const Model &model) {
  for (ThreadId u = 0; u < model.numThreads(); ++u)
    if (model.isAlive(u) && model.pending(u).kind == OpKind::FailedAssume)
      return true;
  return false;
}

} // namespace bpor

namespace bpor {

std::string threadLabel(ThreadId thread, std::string_view name) {
  std::string label = "thread " + std::to_string(thread);
  if (!name.empty())
    label.append(" (").append(name).append(")");
  return label;
}

} // namespace bpor
