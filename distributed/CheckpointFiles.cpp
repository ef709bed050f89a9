#include "distributed/CheckpointFiles.h"

#include <atomic>
#include <cstdio>

namespace bpor::distributed {

void announceCheckpoint(const CheckpointFiles &files) {
  static std::atomic<bool> announced{false};
  if (announced.exchange(true))
    return;
  std::fprintf(stderr,
               "bporcheck: checkpoint written to %s (every %g s); should the run die, continue "
               "it with --resume=%s\n",
               files.checkpoint.c_str(), files.every, files.checkpoint.c_str());
}

} // namespace bpor::distributed
