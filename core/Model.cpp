#include "core/Model.h"

namespace bpor {

bool stoppedByFailedAssume(const Model &model) {
  for (ThreadId u = 0; u < model.numThreads(); ++u)
    if (model.isAlive(u) && model.pending(u).kind == OpKind::FailedAssume)
      return true;
  return false;
}

} // namespace bpor
