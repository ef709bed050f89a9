// Every external function the runtime models, by the id its ExternalHandler switches on: the
// __bpor_* ABI (runtime/bpor_abi.h) and the libc functions that keep their names.
#pragma once

#include "interp/ExternalCall.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::runtime {

enum class Ext : uint32_t {
  // Memory accesses (bpor_abi.h).
  Load,
  Store,
  LoadBytes,
  StoreBytes,
  Rmw,
  Cmpxchg,
  Fence,
  BporMemcpy,
  BporMemmove,
  BporMemset,
  // Scheduling, errors, exit.
  SchedYield,
  SpinYield,
  AssertFail,
  ReachError,
  Abort,
  // C++ exceptions and termination (the support library in runtime/cxx/ calls these).
  CxxThrow,
  CxxTerminate,
  FutexWait,
  // Non-local jumps within a thread.
  Setjmp,
  Longjmp,
  Exit,
  // SV-COMP.
  Assume,
  Nondet,
  AtomicBegin,
  AtomicEnd,
  // Threads.
  ThreadCreate,
  ThreadJoin,
  ThreadExit,
  ThreadSelf,
  ThreadEqual,
  ThreadDetach,
  MutexInit,
  MutexDestroy,
  MutexLock,
  MutexTrylock,
  MutexUnlock,
  MutexattrInit,
  MutexattrDestroy,
  MutexattrSettype,
  CondInit,
  CondDestroy,
  CondWait,
  CondTimedwait,
  CondSignal,
  CondBroadcast,
  RwlockInit,
  RwlockDestroy,
  RwlockRdlock,
  RwlockWrlock,
  RwlockTryrdlock,
  RwlockTrywrlock,
  RwlockUnlock,
  BarrierInit,
  BarrierDestroy,
  BarrierWait,
  SemInit,
  SemDestroy,
  SemWait,
  SemTrywait,
  SemPost,
  SemGetvalue,
  OnceBegin,
  OnceEnd,
  OnceUnlowered, // pthread_once reached without the pass's lowering (through a pointer)
  KeyCreate,
  KeyDelete,
  Getspecific,
  Setspecific,
  AttrInit,
  AttrDestroy,
  AttrSetdetachstate,
  AttrGetdetachstate,
  AttrSetstacksize,
  AttrGetstacksize,
  AttrSetIgnored, // scheduling, scope, guard size: accepted, no effect on the model
  MutexattrGettype,
  MutexattrSetIgnored, // pshared, protocol: accepted, no effect on the model
  AttrInitIgnored,     // condattr/rwlockattr/barrierattr init and destroy, condattr setters
  SetnameIgnored,      // pthread_setname_np
  MutexTimedlock,
  SemTimedwait,
  SpinInit,
  SpinDestroy,
  SpinLock,
  SpinTrylock,
  SpinUnlock,
  Cancel,
  // Program start and end, per-thread state, time (Process.cpp).
  Atexit,
  CxaAtexit,
  AtQuickExit,
  QuickExit,
  ImmediateExit, // _exit, _Exit: no handlers
  CxaThreadAtexit,
  ThreadLocalAddress,
  ErrnoLocation,
  ClockGettime,
  Time,
  Gettimeofday,
  Clock,
  Nanosleep,
  // libc.
  Malloc,
  Calloc,
  Realloc,
  Free,
  Memcpy,
  Memmove,
  Memset,
  Memcmp,
  Strlen,
  Strcmp,
  Strncmp,
  Strcpy,
  Strncpy,
  Strcat,
  Strchr,
  Strdup,
  Printf,
  Puts,
  Putchar,
  Fprintf,
  Sprintf,
  Snprintf,
  Atoi,
  Atol,
  Strtol,
  Strtoul,
  Strrchr,
  Strnlen,
  Memchr,
  Strstr,
  Strncat,
  PosixMemalign,
  AlignedAlloc, // aligned_alloc(alignment, size), memalign(alignment, size)
  Fflush,
  Fputs,
  Fputc,
  Getenv,
  AssertBsd, // __assert(assertion, file, line)
  Abs,
  Labs,
  Rand,
  Srand,
  Sleep,
  Usleep,
};

/// Registers every name the runtime models. pthread/semaphore/sched functions are registered
/// under their __bpor_ names (what the pass emits) and their plain names (programs run without
/// the pass, as in some tests), assert under both __assert_fail and __bpor_assert_fail.
void registerExternals(ExternalRegistry &registry);

/// The names a program may call that the runtime answers (the C names: a __bpor_ entry counts
/// by its plain name when it has one), for the user guide's table of modelled functions.
std::vector<std::string> modelledFunctionNames();

} // namespace bpor::runtime

namespace bpor {
using runtime::registerExternals;
} // namespace bpor
