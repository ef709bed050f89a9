// Data-race detection in an Execution (ExecutionOptions::raceDetection). After each operation is
// performed:
// - HappensBefore: its happens-before edges and memory accesses go to the RaceDetector (vector
//   clocks, RaceDetector.h), and a race is a finding (ErrorKind::DataRace). Every search that
//   covers every trace finds every race.
// - CoEnabled: the step's accesses are kept, and at the end of the step each is compared with
//   the access every other thread is about to make. Two conflicting accesses, not both atomic,
//   that are pending at once can run one right after the other, unordered: a race. Conversely
//   every race of a sequentially consistent program has such a state (race-reversal: a search
//   that explores every trace reverses the race and runs the second access while the first is
//   pending). The validation compares the two (PipelineValidation.DataRaces).
//
// The check reads the threads and reports what it finds; the Execution fails the execution
// with the finding. Its state is a value: a checkpoint copies it, restart() resets it, and the
// accesses watched for a pending atomic section are part of the state key (writeState).
#pragma once

#include "core/CopyVector.h"
#include "core/Model.h"
#include "core/Outcome.h"
#include "core/StateWriter.h"
#include "memory/Memory.h"
#include "runtime/ExecutionOptions.h"
#include "runtime/ThreadTable.h"
#include "runtime/race/RaceDetector.h"

#include <optional>
#include <string>
#include <vector>

namespace bpor::runtime {

/// An error the check found: the Execution fails the thread's execution with it.
struct RaceFinding {
  ErrorKind kind = ErrorKind::DataRace; // DataRace, or Unsupported for what it cannot model
  uint32_t location = 0;
  std::string message;
};

/// How the operation ended for the check: a two-part operation's first half (a cond wait's
/// release of its mutex, a barrier arrival), an operation whose effects happened, or neither.
enum class RaceStepPart : uint8_t { Waiting, Done, Nothing };

/// What the messages need: thread names and places (the Model) and object names (the Memory).
struct RaceContext {
  const Model &model;
  const Memory &memory;
  const ThreadTable &threads;
  ThreadId numThreads;
};

class RaceCheck {
public:
  /// The state of an execution's start (only the mode's own state is kept).
  void reset(RaceDetection mode);

  /// The operation `event` that `thread` just performed (its result `result`).
  std::optional<RaceFinding> noteOperation(RaceDetection mode, const ProgramThread &thread,
                                           const Operation &event, RaceStepPart part, Slot result,
                                           const RaceContext &context);
  /// The end of a step of `thread` (whose event is at `location`); `running`: the execution
  /// goes on (a step that ended it is checked no further).
  std::optional<RaceFinding> endStep(RaceDetection mode, const ProgramThread &thread,
                                     uint32_t location, bool running, const RaceContext &context);

  /// CoEnabled's state for the state key: the plain accesses awaiting an atomic section.
  void writeState(StateWriter &out) const;

  /// Whether thread's pending (or just performed) data access is atomic, and its ordering.
  static bool accessIsAtomic(const ProgramThread &thread, const Operation &op, uint64_t &order);

private:
  /// CoEnabled: the data accesses of the step being taken.
  struct StepAccess {
    Access access;
    bool atomic = false;
  };
  /// CoEnabled: a plain access made while another thread's atomic section was pending, to be
  /// compared with what the section touches when it runs (its footprint is known only then).
  struct WatchedAccess {
    ThreadId section = NoThread; // the thread whose section was pending
    ThreadId by = NoThread;
    Access access;
    uint32_t location = 0;
  };

  std::optional<RaceFinding> againstWatched(const ProgramThread &thread, uint32_t location,
                                            const RaceContext &context) const;
  std::optional<RaceFinding> againstPending(const ProgramThread &thread, uint32_t location,
                                            const RaceContext &context) const;

  RaceDetector clocks_; // HappensBefore
  bool fenced_ = false;  // a fence with acquire or release order was executed
  bool relaxed_ = false; // a relaxed atomic access was executed
  std::vector<StepAccess> stepAccesses_;
  CopyVector<WatchedAccess> sectionWatch_;
};

} // namespace bpor::runtime
