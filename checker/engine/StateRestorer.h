// How a depth-first search returns to a state on its stack: the path of steps from the initial
// state to the top of the stack, and checkpoints of some states on it. Returning to a state
// restores the deepest checkpoint at or above it (or restarts the model) and re-steps the rest
// of the path, checking that every re-stepped event is the one recorded (the model must be
// deterministic for a given schedule).
//
// Which states get a checkpoint (CheckpointPolicy::Adaptive): a state where re-stepping from
// the nearest checkpoint above (or from the initial state), weighed by the chance that the
// search comes back to a state at that depth, would cost more than twice what a checkpoint
// costs (once to take it, once to restore it). The chance is the share of the states entered
// at the depth that the search came back to so far: deep in a search most states are left
// for good, and a checkpoint there is paid for nothing. Step costs are estimated as the search
// first takes each step; a checkpoint's cost is measured when the search starts and then on one
// checkpoint in MeasurePeriod (the median of the last few). One step in SamplePeriod is timed
// with the precise clock, and their average is the average step. Any other step is charged the
// average step or, if more, its own cost: where the model counts the work of its steps
// (Model::countsStepWork), the average step's cost scaled by its work against the average
// work of the timed steps (no clock read at all); otherwise its time on the cheap clock, which
// reads most cheap steps as 0 (see cheapNanos). So a program whose state is large next to its
// steps keeps replaying, one whose checkpoints cost less than a step takes one in most states,
// and a long loop before a branch is run once (docs/optimal-dpor.md, "Checkpoints").
#pragma once

#include "checker/Explorer.h"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <memory>
#include <optional>
#include <vector>

namespace bpor {

class StateRestorer {
public:
  StateRestorer(Model &model, CheckpointPolicy policy);
  ~StateRestorer();

  /// Restarts the model: the path is the initial state alone. With `measure` (the search's
  /// start) a checkpoint's cost is measured if the model is running; the initial state itself
  /// needs none, since restart() returns to it.
  void restart(bool measure = false);

  /// States on the path after the initial one (the number of steps it holds).
  size_t depth() const { return depth_; }

  /// Takes `step` from the state at the end of the path, timing it; the state it reaches ends
  /// the path. Returns the executed event. (Inline: it is on every step's path.)
  const Operation &step(ScheduleStep step) {
    slots_[depth_].taken = step;
    if ((stepsTaken_++ & (SamplePeriod - 1)) == 0)
      return sampledStep(step);
    uint64_t took;
    const Operation *event;
    if (countsWork_) {
      event = &model_.step(step.thread, step.choice);
      took = (model_.lastStepWork() * nanosPerWork_) >> WorkScaleBits;
    } else {
      uint64_t started = cheapNanos();
      event = &model_.step(step.thread, step.choice);
      took = cheapNanos() - started;
    }
    uint64_t before = slots_[depth_].replayCost;
    push().replayCost = before + std::max(took, averageStep_);
    return *event;
  }

  /// The search will come back to the state at the end of the path to explore another branch:
  /// keep a checkpoint of it if the policy says so. (Inline: it runs in every state.)
  void mayReturnHere() {
    Slot &slot = slots_[depth_];
    if (supported_ && depth_ > 0 &&
        (policy_ == CheckpointPolicy::EveryState || (checkpointCost_ && worthCheckpoint(slot))))
      saveCheckpoint(slot);
  }

  /// Drops the state at the end of the path (the search backtracks past it).
  void pop() { --depth_; }

  /// A replayed step gave another event than `recorded` had.
  struct Divergence {
    size_t step;     // index of the step on the path
    Operation event; // what it executed this time
  };

  /// Puts the model in the state at the end of the path; `recorded[i]` is the event step i
  /// executed when the search took it. Counts re-stepped steps in `steps`.
  std::optional<Divergence> returnToEnd(const std::vector<Operation> &recorded, uint64_t &steps);

  /// The event `step` executes from the state at `depth` on the path (at most depth()): puts the
  /// model in that state as returnToEnd does, takes the step and returns a copy of the event.
  /// The model is then off the path: the next returnToEnd restores it. Counts the steps in
  /// `steps`; nullopt if a re-stepped event differed from `recorded`.
  std::optional<Operation> probe(size_t depth, ScheduleStep step,
                                 const std::vector<Operation> &recorded, uint64_t &steps);
  /// The same for a sequence of steps from the state at `depth`: their events in `events`
  /// (fewer if the execution ended before the last one); false if a re-stepped event of the
  /// path differed from `recorded`.
  bool probe(size_t depth, const std::vector<ScheduleStep> &sequence,
             const std::vector<Operation> &recorded, uint64_t &steps,
             std::vector<Operation> &events);

private:
  struct Slot {
    ScheduleStep taken;          // the step from this state (meaningless at the path's end)
    uint64_t replayCost = 0;     // ns to re-step here from the nearest checkpoint above
    bool hasCheckpoint = false;  // `checkpoint` holds this state
    std::unique_ptr<ModelCheckpoint> checkpoint; // outlives the flag: its storage is reused
    /// Over the whole search, states entered at this depth and returns to one of them.
    uint64_t entered = 0, returns = 0;
  };
  /// Whether re-stepping to the state in `slot` would cost more than twice a checkpoint (once
  /// to take it, once to restore it), weighed by how likely the search is to come back to a
  /// state at this depth: the share of states entered here that it came back to so far (at
  /// least 1/MaxRarity, and taken as 1 until a state here has been entered WarmUp times).
  bool worthCheckpoint(const Slot &slot) const {
    uint64_t returns = slot.entered < WarmUp
                           ? slot.entered
                           : std::max(slot.returns, slot.entered / MaxRarity);
    return slot.replayCost * returns > 2 * checkpointCost_ * slot.entered;
  }
  static constexpr uint64_t WarmUp = 32, MaxRarity = 16;
  Slot &push() {
    if (++depth_ == slots_.size())
      slots_.emplace_back();
    Slot &slot = slots_[depth_];
    ++slot.entered;
    slot.taken = ScheduleStep{};
    slot.replayCost = 0;
    slot.hasCheckpoint = false;
    return slot;
  }
  void saveCheckpoint(Slot &slot);
  /// step() timed with the precise clock, for the average step.
  const Operation &sampledStep(ScheduleStep step);

  /// Every forward step is timed, so this clock must be cheap: the coarse monotonic clock (no
  /// time-stamp counter read, which a virtual machine may trap; a resolution of a few
  /// milliseconds, so a cheap step mostly reads as 0 and occasionally as one tick, which is
  /// right on average).
  static uint64_t cheapNanos() {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return uint64_t(now.tv_sec) * 1000000000u + uint64_t(now.tv_nsec);
  }

  Model &model_;
  CheckpointPolicy policy_;
  bool supported_;
  /// slots_[0..depth_] is the path; slots beyond it keep their storage for reuse.
  std::vector<Slot> slots_;
  size_t depth_ = 0;
  /// What a checkpoint costs in nanoseconds: the median of the last RecentCosts measured, 0
  /// until measured.
  uint64_t checkpointCost_ = 0;
  void noteCheckpointCost(uint64_t nanos);
  static constexpr size_t RecentCosts = 9;
  uint64_t recentCosts_[RecentCosts] = {};
  uint64_t measuredCheckpoints_ = 0;
  /// Steps taken (not re-stepped); one in SamplePeriod, from the first, is timed precisely:
  /// their count, total and average nanoseconds.
  static constexpr uint64_t SamplePeriod = 64;
  uint64_t stepsTaken_ = 0, samples_ = 0, sampledNanos_ = 0, averageStep_ = 0;
  /// Model::countsStepWork(): the timed steps' total work, and the nanoseconds a unit of work
  /// costs on their average (sampledNanos_ / sampledWork_, in units of 2^-WorkScaleBits ns).
  bool countsWork_;
  uint64_t sampledWork_ = 0, nanosPerWork_ = 0;
  static constexpr unsigned WorkScaleBits = 16;
  /// Checkpoints taken; one in MeasurePeriod is timed.
  static constexpr uint64_t MeasurePeriod = 16;
  uint64_t checkpointsTaken_ = 0;
};

} // namespace bpor
