// Every external function the runtime models: the __bpor_* ABI (runtime/bpor_abi.h) and the libc
// functions that keep their names. Each is one row of core/ModelledFunctions.def, which says
// its names, its footprint, when it is enabled and how it is performed; the runtime reads the
// table built from it (Externals.cpp) instead of switching on the operation in each place, so
// an operation's dependence is read in one row.
#pragma once

#include "core/Operation.h"
#include "interp/ExternalCall.h"

#include <array>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bpor::runtime {

/// One value per row of core/ModelledFunctions.def, in its order.
enum class Ext : uint32_t {
#define BPOR_MODELLED(Id, ...) Id,
#include "core/ModelledFunctions.def"
};

/// How many rows core/ModelledFunctions.def has.
inline constexpr uint32_t NumExternalOps = 0
#define BPOR_MODELLED(...) +1
#include "core/ModelledFunctions.def"
    ;

/// Where one access of an operation's footprint lies.
enum class AccessAt : uint8_t {
  None,            // no access (an unused rule)
  Arg,             // at the address in argument `arg`
  ArgIfNotNull,    // the same, when that argument is not 0 (an optional out-parameter)
  ThreadNumbering, // runtime objects that are not program memory (Execution.h)
  KeyTable,
  ExitTable,
  Clock,
  RandomState,
};

/// How many bytes one access of a footprint covers.
enum class AccessSize : uint8_t {
  Bytes,      // `amount` bytes
  Arg,        // the size in argument `amount`
  Words,      // `amount` pointer-sized words of the program's data model
  SyncObject, // the synchronisation object of `amount` bytes, clipped to its memory object
};

/// One access of a footprint.
struct AccessRule {
  AccessAt at = AccessAt::None;
  uint8_t arg = 0;
  AccessSize size = AccessSize::Bytes;
  uint16_t amount = 1;
  bool write = false;
};

/// How the call becomes what the thread does: the code that prepares it (Execution::prepare).
enum class Preparation : uint8_t {
  Pending, // the pending operation the row describes: its kind, location and accesses
  Own,     // a case of its own in Execution::prepare (Dispatch.cpp): answered at once, or a
           // footprint that depends on the state (the thread a join names)
  Process, // runtime/handlers/ProcessHandler.h: exit, exit handlers, per-thread state, time
  Attribute,       // runtime/handlers/SyncHandler.h: the attribute objects of threads and
                   // mutexes, answered at once
  // The libc family (runtime/handlers/LibcHandler.h):
  StringFunction,  // the footprint is the bytes it reaches, performed at once when they are
                   // private
  FormattedOutput, // the printf family
  Output,          // puts, fputs, putchar, ...
  Libc,            // answered at once: abs, getenv, __assert
  Heap,            // runtime/handlers/HeapHandler.h: allocation, free, frame ends
  Cxx,             // runtime/handlers/CxxHandler.h: throw, terminate, setjmp, longjmp
};

/// When a pending operation can be performed (beyond the atomic block of another thread).
enum class Enabling : uint8_t {
  Always,
  MutexAvailable,    // a mutex or spin lock this thread can lock
  RwlockReadable,    // a read lock can be taken
  RwlockWritable,    // the write lock can be taken
  SemaphorePositive, // a semaphore whose count is positive
  JoinTargetEnded,   // the thread joined ended (or the join is misuse, which the step reports)
  FutexWordChanged,  // the word differs from the expected value (or the wait is timed)
  OnceNotRunning,    // no other thread runs the pthread_once routine
};

/// Which part of the runtime performs the step.
enum class Performer : uint8_t {
  None,        // answered when called: never pending
  Memory,      // Perform.cpp: loads, stores, read-modify-writes, the pass's memcpy/memset
  Threads,     // Perform.cpp: create, join, detach
  Sync,        // runtime/handlers/SyncHandler.h: mutexes, condition variables, locks, barriers,
               // semaphores
  Process,     // runtime/handlers/ProcessHandler.h: exit handlers, the clock, sleeping
  Heap,        // runtime/handlers/HeapHandler.h: free, realloc
  Libc,        // runtime/handlers/LibcHandler.h: the string and memory functions
  Nondet,      // a choice among values (Perform.cpp)
  AtomicBegin, // the start of an atomic block
  FutexWait,   // returns whether the word changed
  Yield,       // no effect but letting the others run
  /// Answered when called, but visible first when it touches memory other threads may reach
  /// (the output functions): the step grants the call, which then runs again at once.
  AtCall,
};

/// One row of the table: everything the runtime knows about an external operation.
struct ExternalOp {
  Ext id;
  /// Its names, separated by spaces; when `routed`, each __bpor_ name is also registered
  /// without the prefix (programs run without the pass, as in some tests).
  const char *names = "";
  /// The pass renames a call of each __bpor_ name's C name to it (ModelledFunctions.def).
  bool routed = false;
  /// Bit i: argument i of a __bpor_ name is private to the call (passes/PrivateArguments.h).
  uint8_t privateArgs = 0;
  Preparation preparation = Preparation::Own;
  OpKind kind = OpKind::Other; // the pending operation's kind
  int8_t locationArg = -1;     // the argument carrying its location id (-1: the call's line)
  std::array<AccessRule, 3> accesses{};
  Enabling enabled = Enabling::Always;
  Performer performer = Performer::None;
  /// Symbolic mode: bit i set if argument i may reach the runtime symbolic; an access rule at
  /// such an argument is confined to its object (docs/design.md, "Symbolic addresses").
  uint8_t symbolicArgs = 0;
  /// Symbolic mode: moves the expressions of the bytes it reads and writes (else those bytes
  /// are made concrete first).
  bool symbolicMemory = false;
  /// Whether it reads the bytes its pointer arguments point to (free does not).
  bool readsPointees = true;
  /// Bit i set: it neither reads nor writes what argument i points into, but hands the pointer
  /// on (pthread_create's argument for the new thread); symbolic bytes there stay symbolic.
  uint8_t untouchedPointees = 0;
  /// Its only effect besides its result is output (printf; not sprintf, nor %n, which the
  /// formatter refuses): with the result ignored, symbolic values it prints stay symbolic.
  bool onlyPrints = false;
  /// What it does with thread identity that thread symmetry cannot follow (nullptr: nothing).
  const char *identityUse = nullptr;
};

/// Whether `id` locks, tries or unlocks a mutex or spin lock without a timeout
/// (Operation::mutex).
inline bool isPlainMutexOperation(Ext id) {
  switch (id) {
  case Ext::MutexLock:
  case Ext::MutexTrylock:
  case Ext::MutexUnlock:
  case Ext::SpinLock:
  case Ext::SpinTrylock:
  case Ext::SpinUnlock: return true;
  default: return false;
  }
}

/// The operation on a synchronisation word `id` is (Operation::detail; core/Operation.h).
inline SyncWord syncWordOf(Ext id) {
  switch (id) {
  case Ext::SemInit: return SyncWord::SemInit;
  case Ext::SemPost: return SyncWord::SemPost;
  case Ext::SemWait: return SyncWord::SemWait;
  case Ext::SemTrywait: return SyncWord::SemTrywait;
  case Ext::SemTimedwait:
  case Ext::SemGetvalue: return SyncWord::SemOther;
  case Ext::BarrierInit: return SyncWord::BarrierInit;
  case Ext::BarrierWait: return SyncWord::BarrierArrive; // the departure: SyncPerform.cpp
  case Ext::RwlockInit: return SyncWord::RwInit;
  case Ext::RwlockRdlock: return SyncWord::RwRdlock;
  case Ext::RwlockWrlock: return SyncWord::RwWrlock;
  case Ext::RwlockTryrdlock: return SyncWord::RwTryrdlock;
  case Ext::RwlockTrywrlock: return SyncWord::RwTrywrlock;
  case Ext::RwlockUnlock: return SyncWord::RwUnlock;
  case Ext::OnceBegin: return SyncWord::OnceBegin;
  case Ext::OnceEnd: return SyncWord::OnceEnd;
  case Ext::OnceAbort: return SyncWord::OnceAbort;
  case Ext::CondInit: return SyncWord::CondInit;
  case Ext::CondWait: return SyncWord::CondWait; // the later steps: SyncPerform.cpp
  case Ext::CondTimedwait: return SyncWord::CondOther;
  case Ext::CondSignal: return SyncWord::CondSignal;
  case Ext::CondBroadcast: return SyncWord::CondBroadcast;
  case Ext::Rand:
  case Ext::Srand:
  case Ext::Random:
  case Ext::ClockGettime:
  case Ext::Time:
  case Ext::Gettimeofday:
  case Ext::Clock:
  case Ext::Sleep:
  case Ext::Usleep:
  case Ext::Nanosleep:
  case Ext::Atexit:
  case Ext::CxaAtexit:
  case Ext::AtQuickExit:
  case Ext::KeyCreate:
  case Ext::KeyDelete: return SyncWord::RuntimeState;
  default: return SyncWord::None;
  }
}

/// The rows, indexed by Ext (Externals.cpp).
extern const ExternalOp ExternalOpTable[];
/// The row of `id`: inline, since enabledness and perform ask it at every step.
inline const ExternalOp &externalOp(Ext id) { return ExternalOpTable[uint32_t(id)]; }
/// The row of an ExternalRegistry id, null for one the table does not have (UnknownExternal).
const ExternalOp *findExternalOp(uint32_t id);
/// Every row, in the order of Ext.
std::span<const ExternalOp> externalOps();

/// Registers every name the runtime models (ExternalOp::names).
void registerExternals(ExternalRegistry &registry);

/// The names a program may call that the runtime answers (the C names: a __bpor_ entry counts
/// by its plain name when it has one), for the user guide's table of modelled functions.
std::vector<std::string> modelledFunctionNames();

} // namespace bpor::runtime

namespace bpor {
using runtime::registerExternals;
} // namespace bpor
