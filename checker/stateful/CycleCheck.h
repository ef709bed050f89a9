// Whether one execution of a model passes through a state twice: then the program has a cycle
// of states, its executions can go on for ever, and no stateless search can cover them all.
#pragma once

#include "checker/Explorer.h"

#include <optional>

namespace bpor {

/// Replays `schedule` from the initial state and returns true if two of the states it passes
/// through (after `from` steps) have equal keys (Model::stateKey); false if none repeats, the
/// schedule does not fit, or the model has no keys. Leaves the model at the end of the replay.
bool scheduleRevisitsState(Model &model, const Schedule &schedule, size_t from = 0);

/// A schedule whose last steps return to a state it passed through: a lasso, the prefix and a
/// cycle that can repeat for ever (a livelock report's schedule ends so).
struct Lasso {
  size_t cycleStart = 0; // the cycle is steps [cycleStart, cycleEnd)
  size_t cycleEnd = 0;
  /// Every thread enabled in some state of the cycle takes a step in it (strong fairness for
  /// the cycle repeated for ever): the lasso is a livelock.
  bool fair = false;
};

/// Replays `schedule` and returns its lasso if its final state equals an earlier one, or
/// nothing: the latest earlier occurrence whose cycle is fair, or if none is, the latest (an
/// unfair lasso); cycleEnd is the schedule's end. With `earliest`, the cycle is then moved
/// back along the schedule as far as the schedule repeats it (the state before each of its
/// steps equal to the state one cycle later, the same step taken), so that the schedule cut at
/// cycleEnd is the shortest that shows it: the prefix and one round, as the stateful search
/// reports a livelock. Leaves the model at the end of the replay.
std::optional<Lasso> findLasso(Model &model, const Schedule &schedule, bool earliest = false);

} // namespace bpor
