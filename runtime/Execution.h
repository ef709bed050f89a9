// One run of an instrumented program behind the checker's Model interface (core/Model.h).
//
// The Execution owns the program's Memory, its threads (interpreter states) and the tables of
// synchronisation objects, and is the interpreter's ExternalHandler: every __bpor_* call
// (runtime/bpor_abi.h) and every modelled libc call arrives here. A call with concurrency
// semantics is a visible operation: the handler records it as the thread's pending Operation
// and pauses the thread; step() later performs it (memory checks happen then, so that a
// use-after-free is an error only if the access executes after the free), completes the call and
// runs the thread's local code to its next visible operation. Calls without concurrency
// semantics (malloc, printf, pthread_self, ...) are answered at once.
//
// The Execution composes the run's components (threads, memory, synchronisation objects, the
// symbolic state, race detection) and routes each call to the family of modelled functions its
// row names (runtime/handlers/: heap, libc, process, synchronisation, the C++ runtime), which
// share the run through a HandlerContext; threads, memory accesses, decisions and the rows of
// ControlRows.cpp it handles itself.
#pragma once

#include "core/Model.h"
#include "core/ThreadSymmetry.h"
#include "interp/Interpreter.h"
#include "interp/Program.h"
#include "runtime/AtomicBlockFootprint.h"
#include "runtime/CoverageCounter.h"
#include "runtime/ExecutionOptions.h"
#include "runtime/InjectedRead.h"
#include "runtime/LeakCheck.h"
#include "runtime/LocationTable.h"
#include "runtime/ProcessState.h"
#include "runtime/ProgramOutput.h"
#include "runtime/ProgramThread.h"
#include "runtime/PseudoAddresses.h"
#include "runtime/ThreadEnds.h"
#include "runtime/ThreadNumbers.h"
#include "runtime/ThreadTable.h"
#include "runtime/handlers/CxxHandler.h"
#include "runtime/handlers/HandlerContext.h"
#include "runtime/handlers/HeapHandler.h"
#include "runtime/handlers/LibcHandler.h"
#include "runtime/handlers/ProcessHandler.h"
#include "runtime/handlers/SyncHandler.h"
#include "runtime/race/RaceCheck.h"
#include "runtime/symbolic/SymbolicData.h"
#include "runtime/sync/SyncObjects.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bpor {

class Execution final : public Model, public ThreadSymmetry, private ExternalHandler {
public:
  /// `program` must have been built with a registry filled by runtime::registerExternals and
  /// must outlive the Execution. The execution starts restarted (at s0).
  explicit Execution(const Program &program, ExecutionOptions options = {});
  ~Execution() override;

  void restart() override;
  ThreadId numThreads() const override { return numThreads_; }
  bool isAlive(ThreadId thread) const override;
  bool isEnabled(ThreadId thread) const override;
  const Operation &pending(ThreadId thread) const override;
  const Operation &step(ThreadId thread, uint32_t choice = 0) override;
  bool takesReadValues() const override { return true; }
  void setReadValue(ThreadId thread, uint64_t value) override { injected_.set(thread, value); }
  uint64_t peekMemory(uint64_t address, uint32_t size) const override;
  RmwArguments pendingRmw(ThreadId thread) const override;
  void setWeakMemorySteps(bool on) override { options_.weakMemorySteps = on; }
  void setReadsGivenValues(bool on) override { options_.readsGivenValues = on; }
  ExecStatus status() const override { return status_; }
  /// Interpreted instructions (plus one) count a step's work, except in symbolic mode, where a
  /// step's solver calls cost far more than its instructions.
  bool countsStepWork() const override { return !options_.symbolicNondet; }
  uint64_t lastStepWork() const override { return lastStepWork_; }
  void setQuiet(bool quiet) override { output_.setQuiet(quiet); }
  const ErrorInfo &error() const override { return error_; }
  SourceLocation sourceLocation(uint32_t location) const override {
    return locations_.find(location);
  }
  std::string describeAddress(uint64_t address) const override;
  std::string functionName(uint64_t address) const override;
  std::string threadName(ThreadId thread) const override;
  ThreadId lockHolder(uint64_t address) const override;
  UserCall userCall(ThreadId thread) const override;

  // Checkpoints (Checkpoint.cpp): a copy of every part of the run's state.
  std::unique_ptr<ModelCheckpoint> checkpoint() const override;
  bool checkpointInto(ModelCheckpoint &into) const override;
  void restore(const ModelCheckpoint &checkpoint) override;

  /// The state key (StateKey.cpp); none in symbolic mode, whose path condition it would miss.
  bool stateKey(std::string &key) const override;

  // Interchangeable threads (Symmetry.cpp; core/ThreadSymmetry.h).
  std::string symmetryObstacle() const override;
  void threadPartKey(ThreadId thread, std::string &key) const override;
  void rearrangeThreads(std::span<const ThreadId> order) override;

  /// Changes ExecutionOptions::spuriousWakeupLimit for the executions from the next restart
  /// on. The stateful search can afford no limit (UnlimitedSpuriousWakeups): a wait loop that
  /// wakes spuriously again and again returns to states it has visited.
  void setSpuriousWakeupLimit(uint32_t limit) { options_.spuriousWakeupLimit = limit; }

  /// What the program printed in this execution.
  const std::string &output() const { return output_.text(); }
  /// Turns ExecutionOptions::printOutput off or on, for example while the tool replays an
  /// execution whose output was shown when the search ran it.
  void setPrintOutput(bool print) { options_.printOutput = print; }
  /// The status passed to exit() or returned by main (after Finished).
  int exitCode() const { return process_.exitCode; }
  const Memory &memory() const { return memory_; }
  const ExecutionOptions &options() const { return options_; }
  const CoverageGaps &coverageGaps() const { return coverage_.gaps(); }
  /// This model's gaps, its solver's undecided conditions included: what another model of the
  /// program adds to its own (addCoverageGaps).
  CoverageGaps ownCoverageGaps() const { return coverage_.own(symbolic_.solverUnknowns()); }
  /// The gaps of another model of the same program (a parallel search's worker, a distributed
  /// search's rank) count as this one's: the verdict states what every worker left uncovered.
  void addCoverageGaps(const CoverageGaps &gaps) { coverage_.add(gaps); }
  void addCoverageGapsOf(const Execution &worker) { addCoverageGaps(worker.ownCoverageGaps()); }
  /// Whether this build has Z3 (ExecutionOptions::symbolicNondet).
  static bool symbolicSupported() { return runtime::SymbolicData::supported(); }
  bool symbolicMode() const { return symbolic_.on(); }
  /// The nondet calls of the current execution so far, with their values (symbolic mode: in
  /// a model of the whole path condition, so they reproduce the execution).
  std::vector<NondetValue> nondetValues() const { return symbolic_.nondetValues(); }
  /// Symbolic mode: later executions start from the current path's model (see
  /// symbolic::ExprStore::rootWithModelOf), until releaseModel(). Re-running an execution's
  /// schedule after anchorModel() shows the values of its final model at every step.
  void anchorModel() { symbolic_.anchorModel(); }
  void releaseModel() { symbolic_.releaseModel(); }
  /// Satisfiability checks Z3 could not decide (their outcomes were not explored).
  uint64_t solverUnknowns() const { return coverage_.solverUnknowns(symbolic_.solverUnknowns()); }

private:
  class Checkpoint;
  using ProgramThread = runtime::ProgramThread;
  using Request = runtime::Request;
  using Performed = runtime::Performed;

  // ExternalHandler (Dispatch.cpp; the symbolic queries in Symbolic.cpp, readUnwritten in
  // PerformMemory.cpp).
  CallOutcome call(ThreadState &state, const ExternalCall &call, Slot *result) override;
  bool keepsSymbolic(uint32_t id, unsigned arg) const override;
  bool touchesMemorySymbolically(uint32_t id) const override;
  bool keepsMemoryPlainForWeakSearch(uint32_t id) const override;
  bool readsPointees(uint32_t id) const override;
  bool touchesPointee(uint32_t id, unsigned arg) const override;
  bool onlyPrints(uint32_t id) const override;
  void readUnwritten(const ThreadState &state) override;
  void drawUnwritten(ThreadState &state, Address first, uint64_t size) override;
  /// Decodes one call into the thread's request and routes it to the family its row names
  /// (Preparation), which answers it at once (Return/Stop) or fills the thread's pending
  /// operation and returns Pause.
  CallOutcome prepare(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// A call whose row (runtime/Externals.h) describes its pending operation in full.
  CallOutcome prepareFromRow(ProgramThread &thread, const ExternalCall &call,
                             const runtime::ExternalOp &row);
  /// The rows it prepares itself: threads, failures, SV-COMP's (ControlRows.cpp).
  CallOutcome prepareControl(ProgramThread &thread, const ExternalCall &call, Slot *result);
  CallOutcome stopAtFailedAssume(ProgramThread &thread);

  /// The program's entry: main runs to its first visible operation (part of restart()).
  void startMain();
  /// ExecutionOptions::printOutput: writes the output once the execution has ended.
  void showOutputIfEnded();

  // Performing (Perform.cpp: it routes each step to the family its row's Performer names).
  bool isEnabledThread(const ProgramThread &thread) const;
  /// The function a thread created with `start` and `arg` runs for the user: `start`, or
  /// std::thread's callable (ProgramThread::startFunction).
  Address shownStartFunction(Address start, Slot arg) const;
  Performed perform(ProgramThread &thread, uint32_t choice, Slot &result, Operation &event);
  Performed performMemory(ProgramThread &thread, Slot &result, Operation &event);
  Performed performThreads(ProgramThread &thread, Slot &result, Operation &event);
  /// Whether an update whose result is ignored may be a commuting update (Update).
  bool updatesCommute() const;

  // Threads (Execution.cpp).
  ProgramThread &newThread();
  /// Runs a thread's local code until its next visible operation (or its end).
  void runThread(ProgramThread &thread);
  /// A thread whose start routine returned or that called pthread_exit: runs its next
  /// thread-specific destructor (returns true: run the thread again) or terminates it.
  bool finishThread(ProgramThread &thread);
  void terminate(ProgramThread &thread);

  bool failedCompareOnlyReads(bool injected) const;
  /// How many values a nondet call of `bits` bits offers (see ExecutionOptions).
  uint32_t nondetChoices(uint32_t bits) const;

  // Decisions on symbolic values (Symbolic.cpp; runtime/symbolic/SymbolicData.h takes their
  // outcomes). Members because a decision becomes the thread's pending operation (inside an
  // atomic block it keeps every other thread out: atomicOwner_), and its step may end the
  // thread's operation or the execution (a failed assumption, an infeasible outcome, a memory
  // error).
  /// The thread stands at a decision (ThreadState::decision): makes it the pending operation.
  void setDecisionPending(ProgramThread &thread);
  Performed performDecision(ProgramThread &thread, uint32_t choice, Operation &event);
  /// `thread` pends an atomic block whose footprint the pass named (in its pending
  /// operation): notes it, and makes the operation `global` if the block may reach a symbolic
  /// value and so stop inside itself at a decision (mayDecideInsideBlock).
  void pendNamedBlock(ProgramThread &thread);
  bool mayDecideInsideBlock(const ProgramThread &thread) const;
  /// After a step: the pending named blocks' `global` again (ProgramThread::namedBlock).
  void reconsiderNamedBlocks();

  /// Writes a thread's part of the state key (StateKey.cpp).
  void writeThreadPart(StateWriter &out, const ProgramThread &thread, uint8_t ends) const;
  runtime::IdentityUse identityUse_; // ThreadNumbers.h

  const Program &program_;
  ExecutionOptions options_;
  Memory memory_;
  runtime::InjectedRead injected_; // setReadValue
  Address mainFunction_ = 0;
  std::unique_ptr<Interpreter> interp_;
  uint64_t lastStepWork_ = 1; // lastStepWork()
  runtime::ThreadTable threads_; // [0, numThreads_) are live this run
  ThreadId numThreads_ = 0;
  ExecStatus status_ = ExecStatus::Running;
  ErrorInfo error_;
  Operation event_;
  runtime::ProgramOutput output_;
  runtime::ProcessState process_;
  runtime::CoverageCounter coverage_;
  runtime::SymbolicData symbolic_; // ExecutionOptions::symbolicNondet
  /// Set while the interpreter runs a thread: a thread created then (inside an atomic block)
  /// runs its prefix only after the handler returned.
  bool insideRun_ = false;
  /// Some thread has needsInitialRun set.
  bool childAwaitsInitialRun_ = false;
  /// A thread paused at a Nondet inside an atomic block: no other thread may run until it has
  /// left the block (its Nondet is global so the checker sees the dependence).
  ThreadId atomicOwner_ = NoThread;
  runtime::AtomicBlockFootprint blockFootprint_; // of the current step's atomic block
  /// Data-race detection (ExecutionOptions::raceDetection, runtime/race/RaceCheck.h): the
  /// operation just performed, and the end of a step; a race fails the execution.
  void noteForRaces(ProgramThread &thread, const Operation &event, Performed performed,
                    Slot result);
  void endStepForRaces(ProgramThread &thread);
  runtime::RaceCheck races_;

  runtime::SyncObjects sync_;
  runtime::ThreadEnds threadEnds_; // detached or joined, per thread

  runtime::LocationTable locations_; // kept across restarts, so that ids are stable

  // The families of modelled functions (runtime/handlers/), after the state they share.
  runtime::HandlerContext context_;
  runtime::CxxHandler cxx_{context_};
  runtime::HeapHandler heap_{context_};
  runtime::LibcHandler libc_{context_, output_};
  runtime::ProcessHandler processCalls_{context_, process_};
  runtime::SyncHandler syncCalls_{context_, sync_, injected_, processCalls_};
};

} // namespace bpor
