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

std::optional<Lasso> findLasso(Model &model, const Schedule &schedule) {
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
  for (size_t start = keys.size() - 1; start-- > 0;) {
    if (keys[start] != keys.back())
      continue;
    Lasso lasso;
    lasso.cycleStart = start;
    std::vector<ThreadId> ran;
    for (size_t i = start; i < schedule.size(); ++i)
      ran.push_back(schedule[i].thread);
    lasso.fair = true;
    for (size_t i = start; i < keys.size(); ++i)
      for (ThreadId t : enabled[i])
        if (std::find(ran.begin(), ran.end(), t) == ran.end())
          lasso.fair = false;
    return lasso;
  }
  return std::nullopt;
}

} // namespace bpor
