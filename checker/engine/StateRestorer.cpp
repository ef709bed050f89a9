#include "checker/engine/StateRestorer.h"

#include "checker/engine/ExecutionEnds.h"

#include <algorithm>
#include <chrono>
#include <ctime>

namespace bpor {

// A checkpoint is timed rarely, with the precise clock (steps with the cheap one, header).
static uint64_t preciseNanos() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

StateRestorer::StateRestorer(Model &model, CheckpointPolicy policy)
    : model_(model), policy_(policy), supported_(policy != CheckpointPolicy::Never),
      countsWork_(model.countsStepWork()) {
  slots_.emplace_back();
}

StateRestorer::~StateRestorer() = default;

void StateRestorer::restart(bool measure) {
  model_.restart();
  depth_ = 0;
  slots_[0].taken = ScheduleStep{};
  slots_[0].replayCost = 0;
  slots_[0].hasCheckpoint = false;
  if (measure && supported_ && model_.status() == ExecStatus::Running) {
    // The second checkpoint reuses the first one's storage, as later ones will.
    saveCheckpoint(slots_[0]);
    checkpointCost_ = 0;
    measuredCheckpoints_ = 0;
    saveCheckpoint(slots_[0]);
    slots_[0].hasCheckpoint = false;
  }
}

// Keeps a checkpoint of the model's current state in `slot`, measuring what it cost for the
// first one and then one in MeasurePeriod (two reads of the precise clock cost about as much as
// a small checkpoint).
void StateRestorer::saveCheckpoint(Slot &slot) {
  bool measure = checkpointCost_ == 0 || (++checkpointsTaken_ & (MeasurePeriod - 1)) == 0;
  uint64_t started = measure ? preciseNanos() : 0;
  if (!slot.checkpoint || !model_.checkpointInto(*slot.checkpoint))
    slot.checkpoint = model_.checkpoint();
  slot.hasCheckpoint = slot.checkpoint != nullptr;
  supported_ = slot.hasCheckpoint;
  if (measure)
    noteCheckpointCost(preciseNanos() - started);
  if (slot.hasCheckpoint)
    slot.replayCost = 0;
}

// The median of the last measurements, not their mean: one checkpoint that met a page fault or
// a preemption costs tens of times the usual, and a mean pushed up by it would make the policy
// take fewer checkpoints, and so measure fewer, for a long time.
void StateRestorer::noteCheckpointCost(uint64_t nanos) {
  recentCosts_[measuredCheckpoints_++ % RecentCosts] = std::max<uint64_t>(nanos, 1);
  size_t n = std::min<size_t>(measuredCheckpoints_, RecentCosts);
  uint64_t sorted[RecentCosts];
  std::copy_n(recentCosts_, n, sorted);
  std::sort(sorted, sorted + n);
  checkpointCost_ = sorted[n / 2];
}

const Operation &StateRestorer::sampledStep(ScheduleStep step) {
  uint64_t started = preciseNanos();
  const Operation &event = model_.step(step.thread, step.choice);
  uint64_t took = preciseNanos() - started;
  sampledNanos_ += took;
  averageStep_ = sampledNanos_ / ++samples_;
  if (countsWork_) {
    sampledWork_ += model_.lastStepWork();
    nanosPerWork_ = (sampledNanos_ << WorkScaleBits) / std::max<uint64_t>(sampledWork_, 1);
  }
  uint64_t before = slots_[depth_].replayCost;
  push().replayCost = before + took;
  return event;
}

std::optional<StateRestorer::Divergence>
StateRestorer::returnToEnd(const std::vector<Operation> &recorded, uint64_t &steps) {
  size_t from = 0;
  for (size_t k = depth_; k > 0; --k)
    if (slots_[k].hasCheckpoint) {
      from = k;
      break;
    }
  ++slots_[depth_].returns;
  if (slots_[from].hasCheckpoint)
    model_.restore(*slots_[from].checkpoint);
  else
    model_.restart();
  for (size_t i = from; i < depth_; ++i) {
    const ScheduleStep &s = slots_[i].taken;
    const Operation &event = model_.step(s.thread, s.choice);
    ++steps;
    if (!sameEvent(event, recorded[i]))
      return Divergence{i, event};
  }
  return std::nullopt;
}

std::optional<Operation> StateRestorer::probe(size_t depth, ScheduleStep step,
                                              const std::vector<Operation> &recorded,
                                              uint64_t &steps) {
  std::vector<Operation> events;
  if (!probe(depth, std::vector<ScheduleStep>{step}, recorded, steps, events) || events.empty())
    return std::nullopt;
  return events.back();
}

bool StateRestorer::probe(size_t depth, const std::vector<ScheduleStep> &sequence,
                          const std::vector<Operation> &recorded, uint64_t &steps,
                          std::vector<Operation> &events) {
  events.clear();
  size_t from = 0;
  for (size_t k = std::min(depth, depth_); k > 0; --k)
    if (slots_[k].hasCheckpoint) {
      from = k;
      break;
    }
  model_.setQuiet(true);
  if (slots_[from].hasCheckpoint)
    model_.restore(*slots_[from].checkpoint);
  else
    model_.restart();
  size_t i = from;
  for (; i < depth; ++i) {
    const ScheduleStep &s = slots_[i].taken;
    ++steps;
    if (!sameEvent(model_.step(s.thread, s.choice), recorded[i]))
      break;
  }
  bool reached = i == depth;
  for (size_t k = 0; reached && k < sequence.size() && model_.status() == ExecStatus::Running;
       ++k) {
    ++steps;
    events.push_back(model_.step(sequence[k].thread, sequence[k].choice));
  }
  model_.setQuiet(false);
  return reached;
}

} // namespace bpor
