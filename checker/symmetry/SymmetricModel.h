// Symmetry reduction and counter abstraction over a model whose threads are interchangeable
// (docs/symmetry.md). SymmetricModel wraps the model and keeps every state it shows in a
// canonical form: after each step the threads other than main are sorted by their part keys
// (ThreadSymmetry::threadPartKey) and renumbered 1, 2, ... in that order, so that two states
// that differ by a permutation of threads have equal state keys and the stateful search
// stores one of them.
//
// With a threshold K > 0 it is the counter abstraction of Pnueli, Xu and Zuck: at most K
// threads of one local state are kept, and K of them stand for "K or more". Then, when one of
// them moves, the state it leaves may keep K of them or K - 1: the K - 1 case is the plain
// step, and the K case is the step of a twin, a virtual thread numbered after the real ones
// that copies the thread and steps the copy. Every reachable state of the program, with any
// number of threads, is then represented by a reachable abstract state (counts capped at K),
// so a search of the abstract states that finds no violation proves the program free of it for
// every number of threads; a violation the abstraction reaches may be spurious.
#pragma once

#include "core/Model.h"
#include "core/ThreadSymmetry.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bpor {

class SymmetricModel final : public Model {
public:
  /// `threshold`: copies of one thread state kept (0: every thread, exact symmetry reduction).
  SymmetricModel(Model &inner, ThreadSymmetry &symmetry, unsigned threshold);

  void restart() override;
  ThreadId numThreads() const override;
  bool isAlive(ThreadId thread) const override;
  bool isEnabled(ThreadId thread) const override;
  const Operation &pending(ThreadId thread) const override;
  const Operation &step(ThreadId thread, uint32_t choice = 0) override;
  ExecStatus status() const override;
  const ErrorInfo &error() const override;
  std::unique_ptr<ModelCheckpoint> checkpoint() const override;
  bool checkpointInto(ModelCheckpoint &into) const override;
  void restore(const ModelCheckpoint &checkpoint) override;
  bool stateKey(std::string &key) const override;
  SourceLocation sourceLocation(uint32_t location) const override;
  std::string describeAddress(uint64_t address) const override;

  /// At most `threads` threads (main included): a thread about to create one more is not
  /// enabled. The states reached are then some of the program's (an under-approximation for
  /// finding bugs in programs that create threads without end); 0: no limit.
  void limitThreads(ThreadId threads) { threadLimit_ = threads; }
  /// Whether the thread limit held a creation back (the search then did not cover everything).
  bool heldBack() const { return heldBack_; }

  /// Whether some state stood for more threads than it holds (the threshold was reached): a
  /// violation found may then be spurious.
  bool abstracted() const { return abstracted_; }
  /// The most threads one state held.
  ThreadId maxThreads() const { return maxThreads_; }

  /// The schedule of the program itself (threads by creation number) that `schedule` of this
  /// model (from its initial state) stands for; nullopt where the states it passes through
  /// were abstracted (threads dropped or copied), which no schedule of the program matches.
  std::optional<std::vector<std::pair<ThreadId, uint32_t>>>
  programSchedule(const std::vector<std::pair<ThreadId, uint32_t>> &schedule);

private:
  class Checkpoint;
  /// The real thread a (real or twin) thread number stands for.
  ThreadId realThread(ThreadId thread) const;
  /// Sorts, caps and renumbers the threads of the inner model's state; finds the twins.
  void normalize();

  Model &inner_;
  ThreadSymmetry &symmetry_;
  unsigned threshold_;
  /// Twin k (thread number inner_.numThreads() + k) steps a copy of thread twins_[k].
  std::vector<ThreadId> twins_;
  std::vector<Operation> twinPending_;
  /// The creation number of each thread of the current state (while nothing was dropped).
  std::vector<ThreadId> origin_;
  bool dropped_ = false; // threads of the current path were dropped or copied
  Operation event_;
  /// Set when the threads stopped being interchangeable: the model then stands in an
  /// Unsupported error.
  ErrorInfo obstacle_;
  bool abstracted_ = false;
  ThreadId threadLimit_ = 0;
  mutable bool heldBack_ = false;
  ThreadId maxThreads_ = 0;
  std::vector<std::string> keys_; // scratch of normalize()
};

} // namespace bpor
