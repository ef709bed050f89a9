// The core types of the project's layers (docs/design.md, "Folders"): the threads, visible
// operations and their access footprints that the runtime produces, the interpreter reports and
// the explorers reason about. No dependency but the standard library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bpor {

using ThreadId = uint32_t;
inline constexpr ThreadId NoThread = ~ThreadId(0);

/// What a visible operation does. The checker's dependence relation reads only the access
/// footprint (Operation::accesses) and the thread fields; the kind serves the bound functions
/// (yields for the fair bound, blocking operations for the preemption bound) and the trace.
enum class OpKind : uint8_t {
  Load,
  Store,
  ReadModifyWrite, // atomicrmw, cmpxchg (pending: a write; a cmpxchg that failed may read only)
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

/// The memory order of an atomic access or fence: llvm::AtomicOrdering's values, which the pass
/// passes to the runtime (runtime/bpor_abi.h). The weak-memory searches (checker/graph/) read
/// it; the others treat every access as sequentially consistent.
enum class MemoryOrder : uint8_t {
  NotAtomic = 0,
  Unordered = 1,
  Relaxed = 2,
  Acquire = 4,
  Release = 5,
  AcqRel = 6,
  SeqCst = 7,
};
/// Whether an access of order `o` releases (its write publishes the thread's earlier writes)
/// or acquires (its read sees what a release it reads from published).
inline bool isReleaseOrder(MemoryOrder o) {
  return o == MemoryOrder::Release || o == MemoryOrder::AcqRel || o == MemoryOrder::SeqCst;
}
inline bool isAcquireOrder(MemoryOrder o) {
  return o == MemoryOrder::Acquire || o == MemoryOrder::AcqRel || o == MemoryOrder::SeqCst;
}

/// How a write combines with the value it overwrites, when that is all it does: an atomic
/// read-modify-write whose result the program ignores (atomic_fetch_add as a statement), a
/// barrier arrival. Two updates of one kind on the same range commute: applied in either
/// order they leave the same value, and neither tells the other's thread anything
/// (docs/design.md, "Commuting updates").
enum class Update : uint8_t {
  None = 0, // an ordinary write (or a read)
  Add,      // x += v (and x -= v: an addition modulo 2^n)
  Or,       // x |= v
  And,      // x &= v
  Xor,      // x ^= v
};

/// Which operation on a semaphore, barrier, read-write lock, pthread_once control or condition
/// variable an operation is (Operation::detail, which the runtime sets on them): the
/// weak-memory search models each such object as a word of memory that these operations read
/// and write (docs/weak-memory.md, "Synchronisation objects"), and the kind alone does not
/// tell them apart (sem_trywait and pthread_rwlock_tryrdlock are both Trylocks, a barrier's
/// arrival and departure both BarrierWaits).
enum class SyncWord : uint8_t {
  None = 0,
  SemInit,
  SemPost,
  SemWait,
  SemTrywait,
  SemOther, // sem_timedwait, sem_getvalue: not modelled by the weak-memory search
  BarrierInit,
  BarrierArrive,
  BarrierDepart, // Operation::written: the barrier's arrivals that complete the generation
  RwInit,
  RwRdlock,
  RwWrlock,
  RwTryrdlock,
  RwTrywrlock,
  RwUnlock,
  OnceBegin,
  OnceEnd,
  OnceAbort,
  // A condition variable (checker/graph/CondWords.h): pthread_cond_init, the first and third
  // of pthread_cond_wait's four steps under the weak-memory search (ExecutionOptions::
  // weakMemorySteps), pthread_cond_signal, pthread_cond_broadcast; CondOther: a wait that may
  // wake without a signal (timed, or spurious wakeups on), not modelled by that search.
  CondInit,
  CondWait,
  CondWake,
  CondSignal,
  CondBroadcast,
  CondOther,
  // A call on runtime state that other threads' calls share (rand's seed, the clock, the
  // tables of exit handlers and of thread-specific keys): what it returns or leaves depends on
  // the order of such calls (checker/graph/SyncWords.h, "runtime state").
  RuntimeState,
};

/// A read-write lock's word while a writer holds it (otherwise it counts the readers).
inline constexpr uint64_t RwWriterHeld = 0xffffffff;

/// A byte range in the program's memory (or a synchronisation object's address) touched by an
/// operation. Addresses are the runtime's encoded pointers; a test model may use any integers.
struct Access {
  uint64_t address = 0;
  uint64_t size : 60 = 0;
  uint64_t write : 1 = 0;
  /// An Update other than None on a write (write is then set): see Update. Code that reads
  /// only `write` treats the access as an ordinary write, which is always sound.
  uint64_t update : 3 = 0;

  Update updateKind() const { return Update(update); }
};

/// A visible operation: pending (next(s, u)) or executed (an event of the execution).
struct Operation {
  ThreadId thread = NoThread;
  OpKind kind = OpKind::Other;
  /// Conflicts with every operation of every other thread that has a footprint: used where the
  /// footprint is not known in advance (an atomic block) or the operation ends all threads (exit).
  bool global : 1 = false;
  /// A load that may be disabled, whatever its kind says: a futex wait, enabled once its word
  /// differs from the value given (mayBlock, checker/Dependence.h).
  bool blocking : 1 = false;
  /// Set on an executed event whose transition ended its thread (its function returned or it
  /// called pthread_exit). A join of that thread depends on it.
  /// A model MAY also set it on a pending operation when it knows that the transition will end
  /// the thread: the checker then treats that transition as a release (it enables joins),
  /// which the delta and fair bounds need to know before it runs. Leaving it false on pending
  /// operations is allowed (see docs/algorithms-notes.md, "Release operations").
  bool endsThread : 1 = false;
  /// Set on an executed read-modify-write that wrote (a compare-and-swap may fail): it wrote
  /// `written`.
  bool wrote : 1 = false;
  /// Set on a Lock, Trylock or Unlock of a pthread mutex or spin lock (not a timed lock, a
  /// read-write lock or a semaphore): the operations the weak-memory search models as
  /// read-modify-writes and stores of a lock word (docs/weak-memory.md, "Mutexes").
  bool mutex : 1 = false;
  /// Set on the yield the pass puts on the back edge of a spin loop, a loop whose iterations
  /// only read (passes/SpinLoopPass.h): the weak-memory search makes the thread wait there
  /// for a write that ends the loop, as an await (docs/weak-memory.md, "Spin loops").
  bool spinLoop : 1 = false;
  /// Set on an executed event that only read where its pending operation writes: a
  /// compare-and-swap that failed, a mutex or spin trylock that found the lock held. Its
  /// accesses are then reads (what it did: it commutes with other reads of them), where the
  /// pending operation's are writes (what it may do). Moved before an event that writes what
  /// it read, it may write after all (outcomeFootprint; docs/design.md, "What an event did").
  bool onlyRead : 1 = false;
  /// Set on an executed event whose footprint says its outcome, onlyRead or not: a
  /// compare-and-swap or a mutex or spin trylock where the runtime makes a failed one a read.
  /// Moved before an event it depends on, such an event may do otherwise (fail where it
  /// succeeded, or the reverse): the explorers then find out what it does there.
  bool outcomeFootprint : 1 = false;
  /// Up to MaxAccesses byte ranges (memcpy reads one and writes another; an executed atomic
  /// block has the ranges its body touched). Synchronisation operations access their object's
  /// address as a write, so that operations on one mutex are dependent.
  static constexpr unsigned MaxAccesses = 3;
  uint8_t numAccesses = 0;
  /// What else the model says about the operation, by its kind: for a Decision, the runtime's
  /// DecisionKind (for the trace only); for a Nondet, its type (nondetDetail, for the trace);
  /// for any other operation, its SyncWord (read through syncWord() only).
  uint8_t detail = 0;
  /// Which operation on a synchronisation object this is (None for anything else). A nondet
  /// draw's or a decision's detail says something else: read as a SyncWord it would make a
  /// draw of a char or a branch on a symbolic value look like a semaphore or barrier step.
  SyncWord syncWord() const {
    return kind == OpKind::Nondet || kind == OpKind::Decision ? SyncWord::None : SyncWord(detail);
  }
  /// The memory order of a load, store, read-modify-write or fence (for a compare-and-swap, the
  /// order of success), and a compare-and-swap's order of failure.
  MemoryOrder order = MemoryOrder::NotAtomic;
  MemoryOrder failureOrder = MemoryOrder::NotAtomic;
  /// In a trace of the weak-memory search, on a load or read-modify-write: the step (1-based)
  /// of the store it read, ReadFromInitial for the location's initial value; 0 where not given
  /// (the SC searches, where a load reads the last store before it). For the trace only.
  uint16_t readFromStep = 0;
  static constexpr uint16_t ReadFromInitial = 0xffff;
  /// Source location id for traces (0: unknown); Model::describeLocation turns it into text.
  uint32_t location = 0;
  // (The small fields come first: with the accesses after them the struct has no padding.)
  Access accesses[MaxAccesses];
  /// Fork: the child; Join: the thread joined. NoThread otherwise.
  ThreadId otherThread = NoThread;
  /// Number of data choices (Nondet); 1 for everything else.
  uint32_t numChoices : 31 = 1;
  /// Set on an executed load, store or join whose value stands for a symbolic nondet
  /// expression: `value` is what the path's current model gives it, which depends on what
  /// the solver answered before (one process and another may hold different models of one
  /// path), not on the trace. Hashes of traces leave such a value out (checker/StateHash.cpp).
  /// (A bit beside numChoices: the Operation has no padding left.)
  uint32_t symbolicValue : 1 = 0;
  /// Set on an executed event: the value read (loads, the old value of an RMW) or written, the
  /// choice made for Nondet; on a spin loop's yield (spinLoop), pending too, the number of the
  /// thread's steps in the iteration it ends. Used for hashing states and for the trace.
  uint64_t value = 0;
  /// Set on an executed read-modify-write that wrote: the value it wrote. On an executed Fork:
  /// the child's start routine, an address Model::describeAddress names (for the trace only;
  /// never read by the checker, which reads `written` only where `wrote` is set). On a
  /// barrier's departure (SyncWord::BarrierDepart), pending or executed: the number of
  /// arrivals since the barrier's initialisation that completes the thread's generation (the
  /// weak-memory search's barrier word, docs/weak-memory.md).
  uint64_t written = 0;

  void addAccess(uint64_t address, uint64_t size, bool write) {
    accesses[numAccesses++] = Access{address, size, write};
  }
  /// Adds the range to the footprint, merged with a range it overlaps (their union, written if
  /// either is). Returns false, leaving the footprint as it was, if there is no room.
  bool mergeAccess(const Access &access);
};
// Every search copies operations: the trace-only fields fill what was padding.
static_assert(sizeof(Operation) == 88, "Operation grew: keep it small, it is copied per step");

} // namespace bpor
