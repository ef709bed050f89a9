#include "checker/stateful/CycleCheck.h"

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_set>

namespace bpor {

bool scheduleRevisitsState(Model &model, const Schedule &schedule, size_t from) {
  model.restart();
  std::unordered_set<std::string> seen;
  std::string key;
  for (size_t i = 0; i <= schedule.size(); ++i) {
    if (i >= from) {
      if (!model.stateKey(key))
        return false;
      if (!seen.insert(key).second)
        return true;
    }
    if (i == schedule.size() || model.status() != ExecStatus::Running)
      return false;
    const ScheduleStep &step = schedule[i];
    if (step.thread >= model.numThreads() || !model.isEnabled(step.thread))
      return false;
    model.step(step.thread, step.choice);
  }
  return false;
}

std::optional<Lasso> findLasso(Model &model, const Schedule &schedule, bool earliest) {
  model.restart();
  std::vector<std::string> keys;
  std::vector<std::vector<ThreadId>> enabled;
  std::string key;
  for (size_t i = 0;; ++i) {
    if (!model.stateKey(key))
      return std::nullopt;
    keys.push_back(key);
    enabled.emplace_back();
    for (ThreadId t = 0; t < model.numThreads(); ++t)
      if (model.isEnabled(t))
        enabled.back().push_back(t);
    if (i == schedule.size())
      break;
    const ScheduleStep &step = schedule[i];
    if (model.status() != ExecStatus::Running || step.thread >= model.numThreads() ||
        !model.isEnabled(step.thread))
      return std::nullopt;
    model.step(step.thread, step.choice);
  }
  if (model.status() != ExecStatus::Running)
    return std::nullopt;
  // Back from the end, the threads that ran and those enabled since `start` only grow: a cycle
  // from an earlier occurrence of the final state runs what a later one runs, and more.
  std::vector<bool> ran, wasEnabled;
  auto mark = [](std::vector<bool> &set, ThreadId t) {
    if (set.size() <= t)
      set.resize(t + 1);
    set[t] = true;
  };
  for (ThreadId t : enabled.back())
    mark(wasEnabled, t);
  std::optional<Lasso> found;
  for (size_t start = keys.size() - 1; start-- > 0;) {
    mark(ran, schedule[start].thread);
    for (ThreadId t : enabled[start])
      mark(wasEnabled, t);
    if (keys[start] != keys.back())
      continue;
    bool fair = true;
    for (ThreadId t = 0; t < wasEnabled.size(); ++t)
      if (wasEnabled[t] && (t >= ran.size() || !ran[t]))
        fair = false;
    if (!found)
      found = Lasso{start, schedule.size(), fair};
    if (fair) {
      found = Lasso{start, schedule.size(), true};
      break;
    }
  }
  if (!found || !earliest)
    return found;
  // The same cycle one step earlier: the state before its last step recurs one round before,
  // and the schedule took the same step there.
  while (found->cycleStart > 0 &&
         schedule[found->cycleStart - 1] == schedule[found->cycleEnd - 1] &&
         keys[found->cycleStart - 1] == keys[found->cycleEnd - 1]) {
    --found->cycleStart;
    --found->cycleEnd;
  }
  return found;
}

} // namespace bpor
