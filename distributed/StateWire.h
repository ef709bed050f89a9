// The bytes of the stateful search's states between ranks and in its checkpoints
// (distributed/Wire.h): a path from the initial state, and a partition's record of a state it
// expanded (checker/stateful/GatheredLivelocks.h). Threads, choices and counts are varints (a
// byte each, mostly): paths are most of what crosses.
#pragma once

#include "checker/Explorer.h"
#include "checker/stateful/GatheredLivelocks.h"
#include "distributed/Wire.h"

namespace bpor::distributed {

void writeSchedule(WireWriter &out, const Schedule &path);
Schedule readSchedule(WireReader &in);

/// Record `i` of `states`: its hash, enabled threads and moves.
void writeRecordedState(WireWriter &out, const RecordedStates &states, size_t i);
/// Appends the next record of `in` to `states`.
void readRecordedState(WireReader &in, RecordedStates &states);

} // namespace bpor::distributed
