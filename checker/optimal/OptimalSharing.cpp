#include "checker/optimal/OptimalSearch.h"

#include <algorithm>

namespace bpor::optimal {

// A shared state's next branch (parallel optimal DPOR, SharedStates.h): taken from the shared
// record, and the frame's sleep set becomes that branch's (the state's sleepers and the
// branches taken there before it).
ScheduleStep OptimalSearch::selectShared() {
  Frame &f = frames.back();
  f.branchActive = false;
  f.branchSubtree.clear();
  if (f.ownsSharedBranch) {
    sharedStates->returned(*f.shared, f.sharedIndex);
    f.ownsSharedBranch = false;
  }
  std::optional<SharedBranch> branch = sharedStates->take(*f.shared);
  if (!branch)
    return ScheduleStep{};
  f.sleep = std::move(branch->sleep);
  f.branchSubtree = std::move(branch->subtree);
  f.branchActive = true;
  f.taken = branch->step;
  f.sharedIndex = branch->index;
  f.sharedUnresolved = true;
  f.ownsSharedBranch = true;
  return f.taken;
}

// Another worker waits for work: share the states on the stack, from the initial one (the
// shared states stay a tree) down to the first with a branch left. Each keeps the branch this
// worker explores from it as taken.
void OptimalSearch::shareWork() {
  // Only a stack with a branch left gives another worker something to do now; sharing one
  // without would only make its later branches cost a call each (a message, for a rank of a
  // distributed search). Tests share everything (StateSharing::sharesEverything).
  if (!sharedStates->sharesEverything()) {
    bool branchLeft = false;
    for (size_t i = 0; i + 1 < frames.size() && !branchLeft; ++i)
      branchLeft = !frames[i].shared && !frames[i].wakeup.empty();
    if (!branchLeft)
      return;
  }
  for (size_t i = 0; i + 1 < frames.size(); ++i) {
    Frame &f = frames[i];
    if (f.shared)
      continue;
    if (!f.running || f.exhausted || !f.branchActive)
      return;
    Event inProgress = f.branchEvent;
    bool branchLeft = false;
    f.shared = sharedStates->share(
        i == 0 ? nullptr : frames[i - 1].shared, i == 0 ? 0 : frames[i - 1].sharedIndex,
        i == 0 ? ScheduleStep{} : frames[i - 1].taken,
        StateToShare{f.sleep, f.wakeup, f.enabled, nextOperations(i), inProgress}, branchLeft);
    f.sharedIndex = 0;
    f.ownsSharedBranch = true;
    if (branchLeft)
      return;
  }
}

// Parallel optimal DPOR: from the initial state (the stack holds it alone) down the shared
// states to `target` (waitForWork counted this worker in on all of them), whose branches this
// worker then takes like its own.
bool OptimalSearch::goToSharedState(SharedState *target) {
  if (!target)
    return false;
  std::vector<SharedState *> path;
  SharedState *root = target;
  for (; root->parent; root = root->parent)
    path.push_back(root);
  std::reverse(path.begin(), path.end());
  frames[0].shared = root;
  frames[0].wakeup.clear();
  frames[0].firstBranch = ScheduleStep{};
  // The execution this worker analysed last is not the one before the path to `target`.
  log.forgetPrevious();
  if (!replayPrefix())
    return false;
  for (SharedState *state : path) {
    frames.back().branchActive = false;
    frames.back().branchSubtree.clear();
    frames.back().sharedIndex = state->parentBranch;
    if (stepAndEnter(state->edge))
      return false; // a shared state is running: the model diverged (replayPrefix reports it)
    Frame &reached = frames.back();
    reached.shared = state;
    reached.sleep = state->entrySleep;
    reached.wakeup.clear();
    reached.firstBranch = ScheduleStep{};
  }
  return true;
}

} // namespace bpor::optimal
