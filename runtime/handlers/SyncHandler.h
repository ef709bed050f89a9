// The synchronisation family (Performer::Sync, Preparation::Attribute): mutexes, spin locks,
// condition variables, read-write locks, barriers, semaphores, pthread_once, thread-specific
// keys, and the attribute objects of threads and mutexes. The objects themselves are the
// execution's SyncObjects (runtime/sync/), which enabledness, checkpoints, the state key and
// thread symmetry read too; this family is the only one that changes them.
#pragma once

#include "runtime/InjectedRead.h"
#include "runtime/handlers/HandlerContext.h"
#include "runtime/handlers/ProcessHandler.h"
#include "runtime/sync/SyncObjects.h"

namespace bpor::runtime {

class SyncHandler {
public:
  /// Timed waits pass their deadline on the process's clock (`process`); a weak-memory search
  /// tells a trylock what it reads (`injected`).
  SyncHandler(HandlerContext &context, SyncObjects &sync, InjectedRead &injected,
              ProcessHandler &process)
      : context_(context), sync_(sync), injected_(injected), process_(process) {}

  /// pthread_attr_* and pthread_mutexattr_* calls: attribute objects hold the model's own
  /// format and are the caller's private data in practice, so they are answered at once.
  CallOutcome prepare(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// The granted step of an operation on a synchronisation object (SyncPerform.cpp).
  Performed perform(ProgramThread &thread, Slot &result, Operation &event);
  /// The bytes of a synchronisation object of `typeSize` bytes at `address` that its
  /// operations access: the whole object where it fits in its memory object, at least one.
  uint64_t footprint(Address address, uint64_t typeSize) const;

private:
  /// The mutex at `address`, created on first use (a static initialiser is zeroes, or names
  /// its type).
  Mutex &mutexAt(Address address);
  /// pthread_cond_wait in four steps (SyncCondWait.cpp; ExecutionOptions::weakMemorySteps).
  Performed performCondWaitStep(ProgramThread &thread, Slot &result, Operation &event);
  /// Whether a trylock must fail because the weak-memory search says it reads the lock held.
  bool triesHeldLock(const ProgramThread &thread, const Mutex &mutex);
  bool triesHeldRwlock(const ProgramThread &thread, const RwLock &lock, bool write);
  Performed failedTrylockReads(Performed performed, Operation &event);
  /// Stopped (Unsupported) for a statically initialised rwlock that asks for writer preference;
  /// Complete otherwise.
  Performed refuseWriterPreference(ProgramThread &thread, Address lock);
  /// A barrier (re)initialised or destroyed: no thread has arrived at it since.
  void forgetBarrierPasses(Address barrier);

  HandlerContext &context_;
  SyncObjects &sync_;
  InjectedRead &injected_;
  ProcessHandler &process_;
};

} // namespace bpor::runtime
