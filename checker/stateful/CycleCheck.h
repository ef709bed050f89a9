// Whether one execution of a model passes through a state twice: then the program has a cycle
// of states, its executions can go on for ever, and no stateless search can cover them all.
#pragma once

#include "checker/Explorer.h"

namespace bpor {

/// Replays `schedule` from the initial state and returns true if two of the states it passes
/// through (after `from` steps) have equal keys (Model::stateKey); false if none repeats, the
/// schedule does not fit, or the model has no keys. Leaves the model at the end of the replay.
bool scheduleRevisitsState(Model &model, const Schedule &schedule, size_t from = 0);

} // namespace bpor
