// The seam between a program and the explorers (docs/design.md, "The runtime/checker seam").
//
// An explorer sees a program only through Model: restart it, ask which threads exist, which are
// enabled, what each thread's next visible operation is (for blocked threads too: the algorithms
// need next(s, u) for every u), step one thread, and read the execution's status. The runtime's
// Execution implements it for real programs; tests implement it with tiny hand-written models and
// with randomly generated ones, which is how every explorer is validated without LLVM.
//
// A transition (dissertation, chapter 2) is one visible operation followed by the thread's local
// computation up to its next visible operation. The model must make next(s, u) a function of
// thread u's local state only: another thread's step may change whether u is enabled, never what
// u's pending operation is.
#pragma once

#include "core/Operation.h"
#include "core/Outcome.h"
#include "core/RmwSemantics.h"
#include "core/SourceLocation.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace bpor {

/// A saved state of one model (Model::checkpoint). Opaque to the explorers: only the model that
/// made it can restore it, and only while that model lives.
class ModelCheckpoint {
public:
  virtual ~ModelCheckpoint() = default;
  /// Heap bytes the checkpoint holds (approximate), so an explorer can bound what it keeps.
  virtual size_t bytes() const { return 0; }
};

class Model {
public:
  virtual ~Model() = default;

  /// Returns to the initial state s0. Only thread 0 exists and it stands at its first visible
  /// operation (its local prefix has run).
  virtual void restart() = 0;

  /// Threads created so far, numbered in creation order from 0 (main). Terminated threads keep
  /// their number. Within one schedule prefix the numbering is deterministic.
  virtual ThreadId numThreads() const = 0;

  /// False for a terminated thread.
  virtual bool isAlive(ThreadId thread) const = 0;

  /// Whether next(s, thread) can execute now. Never true for a terminated thread.
  virtual bool isEnabled(ThreadId thread) const = 0;

  /// next(s, thread): the pending operation of a live thread, enabled or not. Undefined for a
  /// terminated thread.
  virtual const Operation &pending(ThreadId thread) const = 0;

  /// Executes the pending operation of an enabled thread (with data choice `choice` <
  /// pending(thread).numChoices) and the thread's local computation up to its next visible
  /// operation. Returns the executed event.
  virtual const Operation &step(ThreadId thread, uint32_t choice = 0) = 0;

  virtual ExecStatus status() const = 0;

  /// Whether the model counts the work of its steps (lastStepWork); fixed for its lifetime.
  virtual bool countsStepWork() const { return false; }
  /// The work the last step() did, in units of about one interpreted instruction (at least 1),
  /// if countsStepWork(). The checkpoint policy weighs re-stepping by it (StateRestorer.h).
  virtual uint64_t lastStepWork() const { return 1; }

  /// While `quiet`, the model shows none of the program's output: the search takes steps only
  /// to see an event, outside the executions it runs (StateRestorer::probe).
  virtual void setQuiet(bool quiet) {}

  /// Meaningful when status() == Error.
  virtual const ErrorInfo &error() const = 0;

  // ---- Checkpoint and restore: an alternative to restart() + replaying a prefix. ----
  //
  // Contract: restore(c) puts the model exactly in the state it had when c was taken (threads,
  // enabledness, pending operations, status, error, the program's memory and output), so that
  // stepping on from there gives the same operations (values included) and the same final state
  // as restart() followed by replaying the prefix c was taken after. A checkpoint is valid only
  // for the model that made it; it may be restored any number of times, in any order with other
  // checkpoints, and restart() does not invalidate it. See docs/interp-performance.md for what a
  // checkpoint costs compared with a replay.

  /// A copy of the current state, or nullptr if the model does not support checkpoints.
  virtual std::unique_ptr<ModelCheckpoint> checkpoint() const { return nullptr; }

  /// Overwrites `into` (a checkpoint this model made earlier) with the current state, reusing
  /// its storage. Returns false (and leaves `into` alone) if checkpoints are unsupported.
  virtual bool checkpointInto(ModelCheckpoint &into) const { return false; }

  /// Returns to the state saved in `checkpoint` (made by this model). A model that does not
  /// support checkpoints never returns one, so it is never asked to restore.
  virtual void restore(const ModelCheckpoint &checkpoint) {}

  /// The state key: replaces `key` with bytes that describe the whole current state (every
  /// thread's local state and pending operation, memory, synchronisation objects), such that
  /// two states with equal keys behave identically from then on: the same threads exist and are
  /// enabled, the same operations are pending, and the same schedule gives the same events and
  /// statuses. Equivalent interleavings of one trace reach equal keys. Returns false (and leaves
  /// `key` unspecified) if the model cannot describe its state; the stateful search and the
  /// livelock check then do not apply. A key may be a sequence of parts, each a 4-byte length
  /// and its bytes (core/StateWriter.h), which exact storage keeps once each. See
  /// docs/design.md, "The stateful search and state keys".
  virtual bool stateKey(std::string &key) const { return false; }

  /// The source position an operation's location id stands for (unknown for 0 or an id the
  /// model did not give). Its file stays valid while the model lives.
  virtual SourceLocation sourceLocation(uint32_t location) const { return {}; }

  /// sourceLocation() as text: "file:line" or "file:line:column"; empty if unknown.
  std::string describeLocation(uint32_t location) const {
    return sourceLocation(location).str();
  }

  /// Human-readable description of an address for traces ("x", "heap#3+8"); may be empty.
  virtual std::string describeAddress(uint64_t address) const { return {}; }

  /// The name of the function at `address` as a user reads it ("worker", "Queue::push(int)":
  /// demangled), "" if it is none. A created thread's start routine (an executed Fork's
  /// Operation::written) names the thread.
  virtual std::string functionName(uint64_t address) const { return {}; }

  /// The function a live thread started in, as functionName says it ("main" for thread 0), or
  /// "" if the model does not say.
  virtual std::string threadName(ThreadId thread) const { return {}; }

  /// The thread that holds the mutex (or the write lock of the read-write lock) at `address`
  /// now, NoThread if none holds it or the model does not say.
  virtual ThreadId lockHolder(uint64_t address) const { return NoThread; }

  /// Where a user sees a live thread's pending operation (Model::userCall).
  struct UserCall {
    /// The operation is in library code (a system header's, the support libraries'), called
    /// from the program's own code at `site` (a location id, 0 if unknown); false: it is in the
    /// program's own code, and the rest says nothing.
    bool inLibrary = false;
    /// The program's own frame that made the call is `depth` frames from the outermost one;
    /// NoFrame: no frame of the thread is the program's own (std::thread's start-up).
    static constexpr uint32_t NoFrame = ~uint32_t(0);
    uint32_t depth = NoFrame;
    uint32_t site = 0;
    /// Which call it is: the instruction of that frame (with depth and the thread, it tells
    /// one call from the next).
    uint64_t call = 0;
    /// The library function that frame called (mangled), or the thread's outermost function
    /// where no frame is the program's own.
    std::string callee;
  };
  /// Where a user sees `thread`'s pending operation: in the program's own code, or in a
  /// library function and called from where. For folding a trace's library steps into the
  /// calls that made them; a model that does not say keeps every step in the program's code.
  virtual UserCall userCall(ThreadId thread) const { return {}; }

  // ---- Weak memory (checker/graph/): the search says what each load reads. ----
  //
  // Under a memory model weaker than sequential consistency a load may read any write its
  // model allows, not memory's latest value: the search decides, and the model reads what it
  // is told. Only loads, read-modify-writes and compare-and-swaps of at most 8 bytes read so.

  /// Whether the model reads what setReadValue says.
  virtual bool takesReadValues() const { return false; }
  /// The next step of `thread`, if it reads memory, reads `value` instead.
  virtual void setReadValue(ThreadId thread, uint64_t value) {}
  /// On: the model steps as the weak-memory search models the program. A thread at the back
  /// edge of a loop whose iteration only read and failed its compare-and-swaps
  /// (passes/SpinLoopPass.h) stops there, as at a spin loop's yield (Operation::spinLoop),
  /// which the search takes as an await; pthread_cond_wait is four steps, each on one object
  /// (checker/graph/CondWords.h). Off (the start): the back edge is no operation and
  /// pthread_cond_wait two steps.
  virtual void setWeakMemorySteps(bool on) {}
  /// On: reads take the values setReadValue gives (the weak-memory graph search, the replay of
  /// its traces). A given value is a plain number, the same in every model of the inputs, so
  /// a model with symbolic values keeps shared memory plain while this is on: a value entering
  /// shared memory is split or fixed as an argument of a library function is (a fixed one is
  /// a coverage gap), never left to change with the inputs behind a value read before.
  virtual void setReadsGivenValues(bool on) {}
  /// The `size` bytes (at most 8) at `address` as memory holds them now, little-endian: a
  /// location's initial value, read before any event of the execution wrote it.
  virtual uint64_t peekMemory(uint64_t address, uint32_t size) const { return 0; }
  /// The arguments of `thread`'s pending read-modify-write or compare-and-swap (Form::None for
  /// anything else), from which the reads-from search predicts what it would write after
  /// reading another value (checker/readsfrom/).
  virtual RmwArguments pendingRmw(ThreadId thread) const { return {}; }
};

/// Model::setWeakMemorySteps on for a scope (a weak-memory search, the replay of its
/// schedules), off again at its end.
class WeakMemorySteps {
public:
  /// `givenValues`: its reads also take the values setReadValue gives
  /// (Model::setReadsGivenValues).
  WeakMemorySteps(Model &model, bool on, bool givenValues = false)
      : model(model), on(on), givenValues(givenValues) {
    if (on)
      model.setWeakMemorySteps(true);
    if (givenValues)
      model.setReadsGivenValues(true);
  }
  ~WeakMemorySteps() {
    if (on)
      model.setWeakMemorySteps(false);
    if (givenValues)
      model.setReadsGivenValues(false);
  }
  WeakMemorySteps(const WeakMemorySteps &) = delete;
  WeakMemorySteps &operator=(const WeakMemorySteps &) = delete;

private:
  Model &model;
  bool on;
  bool givenValues;
};

/// A thread whose pending operation is FailedAssume evaluated an assumption to false outside an
/// atomic block (__VERIFIER_assume(0); abort() too in SV-COMP mode). It never runs again, and
/// the other threads go on: every state they reach is one in which the thread has not evaluated
/// the assumption yet. An execution that ends with no thread enabled and one of them stopped so
/// is infeasible (not a deadlock), and so is one that reaches the maximum depth (not a
/// livelock): the stopped thread would have ended it. See docs/algorithms-notes.md, "Failed
/// assumptions block their thread".
bool stoppedByFailedAssume(const Model &model);

/// How traces and messages name a thread: "thread 1 (worker)", or "thread 1" where its name is
/// not known.
std::string threadLabel(ThreadId thread, std::string_view name);
inline std::string threadLabel(const Model &model, ThreadId thread) {
  return threadLabel(thread, model.threadName(thread));
}

} // namespace bpor
