#include "checker/stateful/CycleCheck.h"

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

} // namespace bpor
