#include "checker/graph/SyncWords.h"

#include "checker/graph/CondWords.h"
#include "checker/graph/Mutexes.h"

#include <cerrno>

namespace bpor::graph {

namespace {

constexpr uint64_t OnceRunning = 1, OnceDone = 2;

WordRead takes(uint64_t written) { return {WordRead::Writes, written}; }
WordRead refuses(WordAccess access) {
  return {access == WordAccess::Try ? WordRead::Fails : WordRead::Waits, 0};
}

/// The value a Write operation writes.
uint64_t writtenBy(const Operation &op) {
  switch (op.syncWord()) {
  case SyncWord::SemInit: return op.value; // the initial count (runtime/handlers/SyncPerform.cpp)
  case SyncWord::OnceEnd: return OnceDone;
  default: return 0; // an unlock, a barrier's or rwlock's initialisation, an abandoned once
  }
}

} // namespace

WordAccess wordAccessOf(const Operation &op) {
  if (op.mutex) {
    switch (op.kind) {
    case OpKind::Lock: return WordAccess::Acquire;
    case OpKind::Trylock: return WordAccess::Try;
    case OpKind::Unlock: return WordAccess::Write;
    default: return WordAccess::None;
    }
  }
  switch (op.syncWord()) {
  case SyncWord::None: return WordAccess::None;
  case SyncWord::SemInit:
  case SyncWord::BarrierInit:
  case SyncWord::RwInit:
  case SyncWord::OnceEnd:
  case SyncWord::OnceAbort:
  case SyncWord::CondInit: return WordAccess::Write;
  case SyncWord::SemWait:
  case SyncWord::BarrierDepart:
  case SyncWord::RwRdlock:
  case SyncWord::RwWrlock:
  case SyncWord::OnceBegin:
  case SyncWord::CondWake: return WordAccess::Acquire;
  case SyncWord::SemTrywait:
  case SyncWord::RwTryrdlock:
  case SyncWord::RwTrywrlock: return WordAccess::Try;
  case SyncWord::SemPost:
  case SyncWord::BarrierArrive:
  case SyncWord::RwUnlock:
  case SyncWord::CondWait:
  case SyncWord::CondSignal:
  case SyncWord::CondBroadcast:
  case SyncWord::RuntimeState: return WordAccess::Update;
  case SyncWord::SemOther:
  case SyncWord::CondOther: return WordAccess::Unsupported;
  }
  return WordAccess::None;
}

WordRead readWord(const Operation &op, ThreadId self, uint64_t value) {
  WordAccess access = wordAccessOf(op);
  if (op.mutex)
    return value == 0 ? takes(1) : refuses(access);
  switch (op.syncWord()) {
  case SyncWord::SemPost: return takes(value + 1);
  case SyncWord::SemWait:
  case SyncWord::SemTrywait: return value > 0 ? takes(value - 1) : refuses(access);
  case SyncWord::BarrierArrive: return takes(value + 1);
  case SyncWord::BarrierDepart:
    if (value == op.written)
      return {WordRead::Reads, 0};
    return value < op.written ? refuses(access) : WordRead{WordRead::Never, 0};
  case SyncWord::RwRdlock:
  case SyncWord::RwTryrdlock: return value != RwWriterHeld ? takes(value + 1) : refuses(access);
  case SyncWord::RwWrlock:
  case SyncWord::RwTrywrlock: return value == 0 ? takes(RwWriterHeld) : refuses(access);
  case SyncWord::RwUnlock:
    // (On 0, no holder: a misuse the runtime reports.)
    return takes(value == RwWriterHeld || value == 0 ? 0 : value - 1);
  case SyncWord::OnceBegin:
    if (value == OnceDone)
      return {WordRead::Reads, 0};
    return value == 0 ? takes(OnceRunning) : refuses(access);
  case SyncWord::RuntimeState: return takes(value + 1);
  case SyncWord::CondWait:
  case SyncWord::CondWake:
  case SyncWord::CondSignal:
  case SyncWord::CondBroadcast: {
    bool fits = true;
    std::optional<uint64_t> after = condWordAfter(op.syncWord(), self, value, fits);
    if (!fits)
      return {WordRead::Unmodelled, 0};
    return after ? takes(*after) : refuses(access);
  }
  default: return {WordRead::Never, 0};
  }
}

namespace {

/// What the runtime returned for an operation on a word, where that decides its event: an
/// error that changed nothing (EDEADLK: a lock the thread holds itself; pthread_once called
/// from its own routine, a deadlock the runtime reports), or a try that failed (EBUSY, or -1
/// from sem_trywait).
enum class Returned : uint8_t { Done, Failed, Error };

Returned returned(const Operation &op) {
  switch (op.syncWord()) {
  case SyncWord::SemTrywait: return op.value != 0 ? Returned::Failed : Returned::Done;
  case SyncWord::RwRdlock:
  case SyncWord::RwWrlock:
  case SyncWord::RwTryrdlock:
  case SyncWord::RwTrywrlock:
    return op.value == 0 ? Returned::Done : op.value == EBUSY ? Returned::Failed : Returned::Error;
  case SyncWord::OnceBegin: return op.value == 2 ? Returned::Error : Returned::Done;
  default: return Returned::Done;
  }
}

/// A barrier's arrival and every update of a condition variable both publish what came before
/// them and see what came before the updates they read (POSIX lists pthread_barrier_wait and
/// the condition-variable functions among those that synchronise memory).
bool acquiresAndReleases(SyncWord word) {
  switch (word) {
  case SyncWord::BarrierArrive:
  case SyncWord::CondWait:
  case SyncWord::CondWake:
  case SyncWord::CondSignal:
  case SyncWord::CondBroadcast: return true;
  default: return false;
  }
}

} // namespace

void setWordEvent(const Operation &op, ThreadId self, std::optional<uint64_t> read,
                  MemoryModel model, Event &event) {
  if (op.mutex) {
    setMutexEvent(op, model, event);
    return;
  }
  WordAccess access = wordAccessOf(op);
  if (access == WordAccess::Write) {
    event.kind = Kind::Write;
    event.value = writtenBy(op);
    bool init = op.syncWord() != SyncWord::OnceEnd && op.syncWord() != SyncWord::OnceAbort;
    event.order = init ? MemoryOrder::NotAtomic : MemoryOrder::Release;
    return;
  }
  if (returned(op) == Returned::Error || !read) {
    event.kind = Kind::Other;
    return;
  }
  WordRead r = readWord(op, self, *read);
  if (r.outcome != WordRead::Writes) {
    event.kind = Kind::Read;
    event.order = MemoryOrder::Acquire;
    event.value = *read;
    return;
  }
  event.kind = Kind::Update;
  event.value = r.written;
  event.order = op.syncWord() == SyncWord::RuntimeState ? MemoryOrder::Relaxed
                : acquiresAndReleases(op.syncWord())   ? MemoryOrder::AcqRel
                : access == WordAccess::Update          ? MemoryOrder::Release
                                                        : MemoryOrder::Acquire;
}

bool modelAgrees(const Operation &op, ThreadId self, std::optional<uint64_t> read) {
  WordAccess access = wordAccessOf(op);
  if (op.mutex) // a trylock acquires exactly when it reads the mutex free
    return !(access == WordAccess::Try && read && (*read == 0) != (op.value == 0));
  if (access == WordAccess::Write || returned(op) == Returned::Error)
    return true;
  if (!read)
    return false;
  switch (readWord(op, self, *read).outcome) {
  case WordRead::Writes:
    return returned(op) == Returned::Done &&
           (op.syncWord() != SyncWord::OnceBegin || op.value == 1);
  case WordRead::Reads: return op.syncWord() != SyncWord::OnceBegin || op.value == 0;
  case WordRead::Fails: return returned(op) == Returned::Failed;
  case WordRead::Waits:
  case WordRead::Never:
  case WordRead::Unmodelled: return false;
  }
  return false;
}

int64_t wordLocation(Graph &g, const Operation &op) {
  if (op.mutex)
    return mutexLocation(g, op);
  uint64_t address = op.accesses[0].address;
  // A call on runtime state: the word at the state's pseudo address (runtime/PseudoAddresses.h),
  // its first access; what else it writes is the caller's memory.
  // A barrier's operations access one byte per parity of their generation
  // (runtime/sync/Barrier.h, barrierAccess): its word is at the barrier's address, which is
  // even (a pthread_barrier_t is aligned to at least 4 bytes).
  SyncWord word = op.syncWord();
  if (word == SyncWord::BarrierInit || word == SyncWord::BarrierArrive ||
      word == SyncWord::BarrierDepart)
    address &= ~uint64_t(1);
  return g.locationOf(address, 1, 0);
}

} // namespace bpor::graph
