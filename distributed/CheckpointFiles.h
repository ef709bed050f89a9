// Where a distributed search keeps its checkpoints (docs/user-guide.md, "Running on a
// cluster"): rank 0 writes one to `checkpoint` every `every` seconds and when the search ends
// or a limit stops it, and a search started with `resume`
// continues from that file, on any number of ranks. `fingerprint` names the program and the
// options that shape the search (tools/bporcheck/DistributedRun.h, programFingerprint).
#pragma once

#include <string>

namespace bpor::distributed {

struct CheckpointFiles {
  std::string checkpoint;
  double every = 60;
  std::string resume;
  std::string fingerprint;
};

/// Rank 0, after it wrote a checkpoint while the search goes on: says once, on stderr, where
/// it is and how to continue from it, so that a run that dies later (a rank killed or out of
/// memory: mpirun ends it, and rank 0 reports nothing) has named its checkpoint.
void announceCheckpoint(const CheckpointFiles &files);

} // namespace bpor::distributed
