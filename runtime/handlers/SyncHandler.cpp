// The synchronisation family (SyncHandler.h): attribute objects, the objects' footprints and
// the rules its steps share.
#include "runtime/handlers/SyncHandler.h"

#include <cerrno>
#include <fmt/format.h>

namespace bpor::runtime {

CallOutcome SyncHandler::prepare(ProgramThread &thread, const ExternalCall &call, Slot *result) {
  Memory &memory = context_.memory;
  // Attribute objects hold our own format: the detach state (or mutex type) as an int at offset
  // 0, a thread's stack size as 8 bytes at offset 8 (0: the default).
  constexpr uint64_t DefaultStackSize = 8 << 20, MinStackSize = 16384;
  uint32_t wordBytes = context_.program.pointerBytes();
  const Slot *a = thread.request.args;
  auto access = [&](Address address, uint64_t size, bool write, uint64_t &value) {
    MemoryFault fault =
        write ? memory.write(address, size, value) : memory.read(address, size, value);
    if (fault != MemoryFault::None)
      context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                    fmt::format("{}: {} of {} bytes at {} by {}", memoryFaultName(fault),
                                write ? "store" : "load", size, memory.describe(address),
                                call.name));
    return fault == MemoryFault::None;
  };
  uint64_t value = 0;
  result[0] = 0;
  Ext id = Ext(call.id);
  switch (id) {
  case Ext::MutexattrInit:
  case Ext::MutexattrSettype:
  case Ext::AttrInit:
  case Ext::AttrSetdetachstate: {
    // Attribute objects hold our own format: the type (or detach state) as an int at offset 0.
    // They are the caller's private data in practice, so writing them is not visible.
    bool setter = id == Ext::MutexattrSettype || id == Ext::AttrSetdetachstate;
    int32_t setting = setter ? int32_t(a[1]) : 0;
    if (setter && (setting < 0 || setting > 2)) {
      result[0] = EINVAL;
      return CallOutcome::Return;
    }
    MemoryFault fault = memory.write(a[0], 4, uint32_t(setting));
    if (fault != MemoryFault::None) {
      context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                    fmt::format("{}: {} of an attribute at {}", memoryFaultName(fault), call.name,
                                memory.describe(a[0])));
      return CallOutcome::Stop;
    }
    result[0] = 0;
    return CallOutcome::Return;
  }
  case Ext::MutexattrDestroy:
  case Ext::AttrDestroy:
  case Ext::AttrInitIgnored:
  case Ext::SetnameIgnored:
    result[0] = 0;
    return CallOutcome::Return;
  case Ext::AttrSetIgnored:
  case Ext::MutexattrSetIgnored:
    return CallOutcome::Return;
  case Ext::AttrGetdetachstate:
  case Ext::MutexattrGettype:
    if (!access(a[0], 4, false, value) || !access(a[1], 4, true, value))
      return CallOutcome::Stop;
    return CallOutcome::Return;
  case Ext::AttrSetstacksize:
    if (a[1] < MinStackSize) {
      result[0] = EINVAL;
      return CallOutcome::Return;
    }
    value = a[1];
    // The size (a size_t) is kept in the attribute object's bytes 8 onwards.
    return access(a[0] + 8, wordBytes, true, value) ? CallOutcome::Return : CallOutcome::Stop;
  case Ext::AttrGetstacksize:
    if (!access(a[0] + 8, wordBytes, false, value))
      return CallOutcome::Stop;
    if (value == 0)
      value = DefaultStackSize;
    return access(a[1], wordBytes, true, value) ? CallOutcome::Return : CallOutcome::Stop;
  default:
    return CallOutcome::Return;
  }
}

uint64_t SyncHandler::footprint(Address address, uint64_t typeSize) const {
  // The whole pthread object where it fits in its memory object (plain accesses to its bytes
  // then conflict with operations on it), at least one byte.
  uint64_t offset = 0;
  const MemoryObject *object = context_.memory.object(address, offset);
  if (!object || offset >= object->size)
    return 1;
  return std::max<uint64_t>(1, std::min<uint64_t>(typeSize, object->size - offset));
}

Mutex &SyncHandler::mutexAt(Address address) {
  auto it = sync_.mutexes.find(address);
  if (it != sync_.mutexes.end())
    return it->second;
  // A statically initialised mutex: glibc keeps the type in the int __kind, which
  // PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP and friends set: at offset 16 in the 64-bit layout,
  // 12 in the 32-bit one (which has no __nusers before it).
  MutexType type = MutexType::Normal;
  uint64_t kind = 0;
  uint64_t kindOffset = context_.program.pointerBytes() == 8 ? 16 : 12;
  if (context_.memory.read(address + kindOffset, 4, kind) == MemoryFault::None && (kind & 3) <= 2)
    type = MutexType(kind & 3);
  return sync_.mutexes.emplace(address, Mutex(type)).first->second;
}

// A read-write lock never initialised by pthread_rwlock_init is glibc's static initializer,
// which may ask for writer preference (PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP sets
// __flags: the unsigned int at offset 48 in the 64-bit layout, the byte at 24 in the 32-bit
// one). The model's locks let readers in while a writer waits, so such a lock would miss the
// deadlocks writer preference causes: it is refused, as pthread_rwlockattr_setkind_np is.
Performed SyncHandler::refuseWriterPreference(ProgramThread &thread, Address lock) {
  if (sync_.rwlocks.find(lock) != sync_.rwlocks.end())
    return Performed::Complete;
  bool wide = context_.program.pointerBytes() == 8;
  uint64_t flags = 0;
  if (context_.memory.read(lock + (wide ? 48 : 24), wide ? 4 : 1, flags) != MemoryFault::None ||
      flags == 0)
    return Performed::Complete;
  context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                "a read-write lock initialised to prefer writers "
                "(PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP) is not modelled");
  return Performed::Stopped;
}

void SyncHandler::forgetBarrierPasses(Address barrier) {
  for (ThreadId t = 0; t < context_.numThreads(); ++t)
    if (context_.threads[t].passesAt(barrier) != 0)
      std::erase_if(context_.threads.modify(t).barrierPasses,
                    [&](const auto &entry) { return entry.first == barrier; });
}

// A weak-memory search may let a trylock read the lock word as another thread's acquisition
// left it, although that thread has released it since in the order the runtime runs the
// events (setReadValue with a non-zero value: held): the try then fails, changing nothing. A
// lock the caller holds itself is tried as usual (a recursive mutex counts).
bool SyncHandler::triesHeldLock(const ProgramThread &thread, const Mutex &mutex) {
  bool held = injected_.take(thread.state.threadId, mutex.isHeld() ? 1 : 0) != 0;
  return held && !mutex.isHeld();
}

// The same for a read-write lock's try (the weak-memory search's word: RwWriterHeld while a
// writer holds it, else the number of readers): a tryrdlock told a writer holds it, a
// trywrlock told anyone holds it, fails while the lock is free in the runtime.
bool SyncHandler::triesHeldRwlock(const ProgramThread &thread, const RwLock &lock,
                                  bool write) {
  bool free = lock.writer() == NoThread && (write ? lock.numReaders() == 0 : true);
  uint64_t word = lock.writer() != NoThread ? RwWriterHeld : lock.numReaders();
  uint64_t read = injected_.take(thread.state.threadId, word);
  return free && (write ? read != 0 : read == RwWriterHeld);
}

// A mutex or spin trylock that found the lock held (EBUSY) changed nothing: a read of the
// lock's bytes for the dependence relation (Operation::onlyRead; docs/design.md,
// "Dependence"). It commutes with other failed trylocks and reads; an acquisition, a release
// or a successful trylock writes the bytes and stays dependent with it. (The data-race
// detector does nothing for it either.)
Performed SyncHandler::failedTrylockReads(Performed performed, Operation &event) {
  event.outcomeFootprint = performed == Performed::Complete;
  if (performed == Performed::Complete && event.value != 0) {
    event.onlyRead = true;
    for (unsigned k = 0; k < event.numAccesses; ++k)
      event.accesses[k].write = false;
  }
  return performed;
}

} // namespace bpor::runtime
