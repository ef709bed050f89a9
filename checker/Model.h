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

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace bpor {

using ThreadId = uint32_t;
inline constexpr ThreadId NoThread = ~ThreadId(0);

/// What a visible operation does. The checker's dependence relation reads only the access
/// footprint (Operation::accesses) and the thread fields; the kind serves the bound functions
/// (yields for the fair bound, blocking operations for the preemption bound) and the trace.
enum class OpKind : uint8_t {
  Load,
  Store,
  ReadModifyWrite, // atomicrmw, cmpxchg (also when the compare fails: it is still a write)
  Fence,
  MemoryCopy,      // memcpy/memmove/memset and libc functions over shared memory
  Free,            // free(): writes the whole object
  Lock,
  Trylock,
  Unlock,
  CondWait,        // releases the mutex and starts waiting
  CondWake,        // reacquires the mutex after a signal (or a timeout for timedwait)
  CondSignal,
  CondBroadcast,
  RwRdlock,
  RwWrlock,
  RwUnlock,
  BarrierWait,
  SemWait,
  SemPost,
  Once,            // pthread_once's begin: waits while another thread runs the routine
  OnceEnd,         // pthread_once's routine returned: the control is done (enables the waiters)
  Fork,            // pthread_create: otherThread is the child
  Join,            // pthread_join: otherThread is the target; enabled once it has terminated
  Yield,           // sched_yield, and the yields the pass puts on spin-loop back edges
  AtomicBlock,     // a __VERIFIER_atomic_* call or atomic_begin..end, run as one transition
  Nondet,          // __VERIFIER_nondet_*: a data choice among numChoices values
  Decision,        // a branch on a symbolic nondet value: a data choice among the outcomes
  Exit,            // main returns or exit(): ends every thread
  Other,           // a runtime operation with no special meaning to the checker
  FailedAssume,    // stopped for good at a failed assumption: never enabled, no footprint
};

const char *opKindName(OpKind kind);

/// Operations whose numChoices outcomes are each explored (data choices, local to their thread
/// except for their footprint).
inline bool isDataChoice(OpKind kind) { return kind == OpKind::Nondet || kind == OpKind::Decision; }

/// A byte range in the program's memory (or a synchronisation object's address) touched by an
/// operation. Addresses are the runtime's encoded pointers; a test model may use any integers.
struct Access {
  uint64_t address = 0;
  uint64_t size : 63 = 0;
  uint64_t write : 1 = 0;
};

/// A visible operation: pending (next(s, u)) or executed (an event of the execution).
struct Operation {
  ThreadId thread = NoThread;
  OpKind kind = OpKind::Other;
  /// Conflicts with every operation of every other thread that has a footprint: used where the
  /// footprint is not known in advance (an atomic block) or the operation ends all threads (exit).
  bool global = false;
  /// Up to MaxAccesses byte ranges (memcpy reads one and writes another; an executed atomic
  /// block has the ranges its body touched). Synchronisation operations access their object's
  /// address as a write, so that operations on one mutex are dependent.
  static constexpr unsigned MaxAccesses = 3;
  uint8_t numAccesses = 0;
  /// What else the model says about the operation, for the trace only (for a Decision: the
  /// runtime's DecisionKind). Never read by the checker.
  uint8_t detail = 0;
  Access accesses[MaxAccesses];
  /// Fork: the child; Join: the thread joined. NoThread otherwise.
  ThreadId otherThread = NoThread;
  /// Number of data choices (Nondet); 1 for everything else.
  uint32_t numChoices = 1;
  /// Set on an executed event: the value read (loads, the old value of an RMW) or written, the
  /// choice made for Nondet. Used for hashing states and for the trace.
  uint64_t value = 0;
  /// Set on an executed event whose transition ended its thread (its function returned or it
  /// called pthread_exit). A join of that thread depends on it.
  /// A model MAY also set it on a pending operation when it knows that the transition will end
  /// the thread: the checker then treats that transition as a release (it enables joins),
  /// which the delta and fair bounds need to know before it runs. Leaving it false on pending
  /// operations is allowed (see docs/algorithms-notes.md, "Release operations").
  bool endsThread = false;
  /// Source location id for traces (0: unknown); Model::describeLocation turns it into text.
  uint32_t location = 0;

  void addAccess(uint64_t address, uint64_t size, bool write) {
    accesses[numAccesses++] = Access{address, size, write};
  }
  /// Adds the range to the footprint, merged with a range it overlaps (their union, written if
  /// either is). Returns false, leaving the footprint as it was, if there is no room.
  bool mergeAccess(const Access &access);
};

/// Where an execution stands after a step.
enum class ExecStatus : uint8_t {
  Running,    // at least one thread has not terminated (the checker detects deadlock: none enabled)
  Finished,   // the program exited (main returned, exit() was called, or every thread ended)
  Infeasible, // __VERIFIER_assume(false) or an equivalent: the path is pruned, not an error
  Error,      // an assertion failure, memory error or misuse of the threads API
};

/// Whether the execution was cut because the data choice `event` took an outcome no input
/// satisfies (a symbolic branch's infeasible side). Such a cut is not an event that ends the
/// execution: the decision's other outcomes, one of which is feasible, are explored from the
/// same state, and no other thread's step can make this outcome feasible (path conditions only
/// grow). So the cut disables nothing and hides nothing, and its execution needs no race
/// analysis at its end (docs/design.md, "Symbolic data"). A failed assumption, with no other
/// outcome, is different.
inline bool isInfeasibleOutcome(const Operation &event, ExecStatus status) {
  return status == ExecStatus::Infeasible && event.kind == OpKind::Decision && event.numChoices > 1;
}

enum class ErrorKind : uint8_t {
  None,
  AssertionFailure, // assert(), reach_error(), abort()
  Deadlock,         // found by the checker: threads remain but none is enabled
  Livelock,         // found by the stateful search: a fair cycle, an execution that never ends
  DataRace,         // two conflicting accesses unordered by synchronisation (when detected)
  Overflow,         // signed integer overflow (when the program was compiled to check it)
  DepthLimit,       // an execution exceeded the maximum depth (inconclusive: exit code 3)
  MemoryError,      // null/invalid pointer, out of bounds, use after free, double/invalid free
  ThreadsApiMisuse, // unlocking a mutex not held, joining twice, ...
  Unsupported,      // an unsupported construct was reached (exit code 3)
  ResourceLimit,    // stack depth, memory, or another internal limit (exit code 3)
};

const char *errorKindName(ErrorKind kind);

/// Which of SV-COMP's memory-safety properties a MemoryError violates.
enum class MemoryViolation : uint8_t {
  None,
  Deref, // valid-deref: null, invalid, out-of-bounds or freed memory accessed
  Free,  // valid-free: a double or invalid free
  Track, // valid-memtrack: heap memory no longer pointed to (found at program exit)
};

struct ErrorInfo {
  ErrorKind kind = ErrorKind::None;
  ThreadId thread = NoThread;
  uint32_t location = 0;
  std::string message;
  /// A call of reach_error() or __VERIFIER_error() (kind AssertionFailure): the violation of
  /// SV-COMP's unreach-call property, which abort() and failed assert()s are not.
  bool reachError = false;
  /// For a MemoryError: the memory-safety property it violates.
  MemoryViolation memory = MemoryViolation::None;
};

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
  /// and its bytes (runtime/StateWriter.h), which exact storage keeps once each. See
  /// docs/design.md, "The stateful search and state keys".
  virtual bool stateKey(std::string &key) const { return false; }

  /// Human-readable "file:line" for an operation's location id; empty if unknown.
  virtual std::string describeLocation(uint32_t location) const { return {}; }

  /// Human-readable description of an address for traces ("x", "heap#3+8"); may be empty.
  virtual std::string describeAddress(uint64_t address) const { return {}; }
};

/// A thread whose pending operation is FailedAssume evaluated an assumption to false outside an
/// atomic block (__VERIFIER_assume(0); abort() too in SV-COMP mode). It never runs again, and
/// the other threads go on: every state they reach is one in which the thread has not evaluated
/// the assumption yet. An execution that ends with no thread enabled and one of them stopped so
/// is infeasible (not a deadlock), and so is one that reaches the maximum depth (not a
/// livelock): the stopped thread would have ended it. See docs/algorithms-notes.md, "Failed
/// assumptions block their thread".
bool stoppedByFailedAssume(const Model &model);

} // namespace bpor
