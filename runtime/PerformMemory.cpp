// Performing memory accesses: loads, stores, read-modify-writes, compare-and-swaps, fences and
// the pass's memcpy/memset, with the loads of bytes nothing wrote they reveal.
#include "runtime/Execution.h"

#include "core/RmwSemantics.h"

#include <cerrno>
#include <fmt/format.h>
#include <llvm/IR/Instructions.h>

namespace bpor {

using runtime::Ext;

namespace {

uint64_t maskOf(uint64_t size) { return rmwMask(size); }

// core's RmwOp numbers atomicrmw's operations as LLVM does.
using B = llvm::AtomicRMWInst::BinOp;
static_assert(uint32_t(RmwOp::Xchg) == B::Xchg && uint32_t(RmwOp::Add) == B::Add &&
              uint32_t(RmwOp::Sub) == B::Sub && uint32_t(RmwOp::And) == B::And &&
              uint32_t(RmwOp::Nand) == B::Nand && uint32_t(RmwOp::Or) == B::Or &&
              uint32_t(RmwOp::Xor) == B::Xor && uint32_t(RmwOp::Max) == B::Max &&
              uint32_t(RmwOp::Min) == B::Min && uint32_t(RmwOp::UMax) == B::UMax &&
              uint32_t(RmwOp::UMin) == B::UMin && uint32_t(RmwOp::FAdd) == B::FAdd &&
              uint32_t(RmwOp::FSub) == B::FSub && uint32_t(RmwOp::FMax) == B::FMax &&
              uint32_t(RmwOp::FMin) == B::FMin && uint32_t(RmwOp::UIncWrap) == B::UIncWrap &&
              uint32_t(RmwOp::UDecWrap) == B::UDecWrap);

} // namespace

// The interpreter's plain load of a private local of the program that nothing wrote (every
// byte of it: a value partly written is a small struct copied with its padding).
void Execution::readUnwritten(const ThreadState &state) {
  const ProgramThread &thread = threads_[state.threadId];
  coverage_.countUndefinedRead(locations_, state, context_.currentLocation(thread));
}

RmwArguments Execution::pendingRmw(ThreadId id) const {
  RmwArguments rmw;
  if (id >= numThreads_ || threads_[id].pending.kind != OpKind::ReadModifyWrite)
    return rmw;
  const Request &request = threads_[id].request;
  const Slot *a = request.args;
  if (request.id == Ext::Rmw) {
    rmw.form = RmwArguments::Form::Update;
    rmw.op = RmwOp(a[3]);
    rmw.operand = a[1];
    rmw.size = a[2];
  } else if (request.id == Ext::Cmpxchg) {
    rmw.form = RmwArguments::Form::CompareExchange;
    rmw.operand = a[1];
    rmw.desired = a[2];
    rmw.size = a[3];
  }
  return rmw;
}

namespace {

// The flags an order argument may carry (bpor_abi.h).
constexpr Slot ProtocolOrder = 0x100, CallersOrder = 0x200;

// llvm::AtomicOrdering values (bpor_abi.h): unordered, monotonic (relaxed), acquire, release and
// acq_rel are weaker than seq_cst (7); 0 is not atomic. An access of the C++ ABI's own protocol
// is trusted, as library code is (CoverageCounter::countWeakOrder).
bool weakerThanSeqCst(Slot order) {
  Slot o = order & 0xff;
  return !(order & ProtocolOrder) && o != 0 && o < 7;
}

// The memory operation's order argument (one of them, for a compare-and-swap) weaker than
// seq_cst, with its flags; 0 if none is.
Slot weakOrder(Ext id, const Slot *a) {
  auto weak = [](Slot order) { return weakerThanSeqCst(order) ? order : 0; };
  switch (id) {
  case Ext::Load: return weak(a[2]);
  case Ext::Store:
  case Ext::LoadBytes:
  case Ext::StoreBytes: return weak(a[3]);
  case Ext::Rmw: return weak(a[4]);
  case Ext::Cmpxchg: return weak(a[4]) ? weak(a[4]) : weak(a[5]);
  case Ext::Fence: return weak(a[0]);
  default: return 0;
  }
}

// The memory order in argument `arg` (bpor_abi.h), without the protocol flag.
MemoryOrder orderAt(const Slot *a, unsigned arg) { return MemoryOrder(a[arg] & 0xff); }

} // namespace

// Whether a compare-and-swap that failed is a read of its location, for the dependence
// relation (Operation::onlyRead; docs/design.md, "Dependence"). Not where it changes more than
// the value: in symbolic mode it concretises the symbolic bytes it reads
// (SymbolicData::concretise), which a load of them then sees; the data-race detector records it
// as an atomic write, and one with a seq_cst failure order as a release, whatever the outcome
// (race/RaceCheck.cpp), so two failed ones leave its clocks different in either order; and under
// a weak-memory search, which says what it read (setReadValue), it keeps writing that value as it
// did. Those stay writes.
bool Execution::failedCompareOnlyReads(bool injected) const {
  return !injected && !symbolic_.on() && options_.raceDetection == RaceDetection::Off;
}

// Not under data-race detection: its detector orders two atomic updates by which ran first (the
// later reads the earlier's release), so that their order decides whether plain accesses around
// them race, and a search must try both. In symbolic mode they do: an update of a commuting
// kind (integer arithmetic and bit operations) fixes nothing, it writes the expression of its
// operation (SymbolicUpdates.cpp), and the two orders' expressions are equal for every input.
bool Execution::updatesCommute() const {
  return options_.raceDetection == RaceDetection::Off;
}

uint64_t Execution::peekMemory(uint64_t address, uint32_t size) const {
  uint64_t value = 0;
  if (size <= 8)
    memory_.read(address, size, value);
  return value;
}

Execution::Performed Execution::performMemory(ProgramThread &thread, Slot &result,
                                              Operation &event) {
  const Slot *a = thread.request.args;
  if (Slot order = weakOrder(thread.request.id, a))
    coverage_.countWeakOrder(locations_, thread.state, thread.pending.location,
                             (order & CallersOrder) != 0);
  switch (thread.request.id) {
  case Ext::Load: {
    uint64_t value = 0;
    if (a[1] > 8) {
      context_.memoryError(thread, MemoryFault::InvalidPointer, a[0], a[1],
                           "load (wider than 8 bytes)");
      return Performed::Stopped;
    }
    // A read given its value reads a plain number: a byte never written is not drawn as an
    // input there, and its read counts as one of undefined memory.
    if (symbolic_.on() && !options_.readsGivenValues)
      symbolic_.drawUnwrittenBytes(thread, a[0], a[1]);
    if (MemoryFault f = memory_.read(a[0], a[1], value); f != MemoryFault::None) {
      context_.memoryError(thread, f, a[0], a[1], "load");
      return Performed::Stopped;
    }
    context_.noteUndefinedRead(thread, a[0], a[1]);
    result = event.value = injected_.take(thread.state.threadId, value);
    event.order = orderAt(a, 2);
    return Performed::Complete;
  }
  case Ext::Store:
    if (MemoryFault f = memory_.write(a[0], std::min<uint64_t>(a[2], 8), a[1]);
        f != MemoryFault::None) {
      context_.memoryError(thread, f, a[0], a[2], "store");
      return Performed::Stopped;
    }
    event.value = a[1] & maskOf(a[2]);
    event.order = orderAt(a, 3);
    if (a[2] == program_.pointerBytes())
      memory_.noteStoredPointer(a[0], a[1], thread.state.threadId);
    return Performed::Complete;
  case Ext::LoadBytes:
  case Ext::StoreBytes: {
    bool load = thread.request.id == Ext::LoadBytes;
    Address shared = a[0], local = a[1];
    uint64_t size = a[2];
    if (MemoryFault f = memory_.check(shared, size, !load); f != MemoryFault::None) {
      context_.memoryError(thread, f, shared, size, load ? "load" : "store");
      return Performed::Stopped;
    }
    if (MemoryFault f = memory_.check(local, size, load); f != MemoryFault::None) {
      context_.memoryError(thread, f, local, size, load ? "load (destination)" : "store (source)");
      return Performed::Stopped;
    }
    // An aggregate copy reads padding and fields never set as a matter of course: the bytes
    // keep their definedness, and only a scalar load of one that was never written counts.
    if (load) {
      std::memmove(memory_.host(local), memory_.host(shared), size);
      memory_.copyDefinedness(local, shared, size);
    } else {
      std::memmove(memory_.host(shared), memory_.host(local), size);
      memory_.copyDefinedness(shared, local, size);
      memory_.noteStoredWords(shared, size, thread.state.threadId);
    }
    return Performed::Complete;
  }
  case Ext::Rmw:
  case Ext::Cmpxchg: {
    bool rmw = thread.request.id == Ext::Rmw;
    uint64_t size = rmw ? a[2] : a[3];
    uint64_t old = 0;
    if (MemoryFault f = memory_.check(a[0], size, true); f != MemoryFault::None || size > 8) {
      context_.memoryError(thread, f == MemoryFault::None ? MemoryFault::InvalidPointer : f, a[0],
                           size,
                           rmw ? "atomicrmw" : "cmpxchg");
      return Performed::Stopped;
    }
    memory_.read(a[0], size, old);
    context_.noteUndefinedRead(thread, a[0], size);
    bool injected = injected_.givenTo(thread.state.threadId); // a weak-memory search's value
    old = injected_.take(thread.state.threadId, old) & maskOf(size);
    uint64_t updated = old;
    if (rmw) {
      if (!applyRmw(RmwOp(a[3]), old, a[1], size, updated)) {
        context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                      fmt::format("atomicrmw operation {} is not supported", a[3]));
        return Performed::Stopped;
      }
    } else if ((old & maskOf(size)) == (a[1] & maskOf(size))) {
      updated = a[2];
    }
    // A compare-and-swap that failed wrote nothing (memory holds the value it read).
    event.wrote = rmw || (old & maskOf(size)) == (a[1] & maskOf(size));
    event.outcomeFootprint = !rmw && failedCompareOnlyReads(injected);
    if (!event.wrote && event.outcomeFootprint) {
      // A read of its location (docs/design.md, "Dependence"): memory, its definedness and
      // what it publishes are left as they were, so that it commutes with other reads.
      event.onlyRead = true;
      for (unsigned k = 0; k < event.numAccesses; ++k)
        event.accesses[k].write = false;
    } else {
      memory_.write(a[0], size, updated);
      if (size == program_.pointerBytes())
        memory_.noteStoredPointer(a[0], updated, thread.state.threadId);
    }
    result = event.value = old;
    event.written = event.wrote ? updated & maskOf(size) : 0;
    event.order = orderAt(a, 4);
    if (!rmw)
      event.failureOrder = orderAt(a, 5);
    return Performed::Complete;
  }
  case Ext::Fence:
    event.order = orderAt(a, 0);
    return Performed::Complete;
  case Ext::BporMemcpy:
  case Ext::BporMemmove:
  case Ext::BporMemset: {
    bool set = thread.request.id == Ext::BporMemset;
    uint64_t n = a[2];
    if (n == 0)
      return Performed::Complete;
    if (!set) {
      if (MemoryFault f = memory_.check(a[1], n, false); f != MemoryFault::None) {
        context_.memoryError(thread, f, a[1], n, "memcpy (source)");
        return Performed::Stopped;
      }
    }
    if (MemoryFault f = memory_.check(a[0], n, true); f != MemoryFault::None) {
      context_.memoryError(thread, f, a[0], n, set ? "memset" : "memcpy (destination)");
      return Performed::Stopped;
    }
    if (set) {
      std::memset(memory_.host(a[0]), int(uint8_t(a[1])), n);
      memory_.markDefined(a[0], n);
    } else {
      std::memmove(memory_.host(a[0]), memory_.host(a[1]), n);
      memory_.copyDefinedness(a[0], a[1], n);
      memory_.noteStoredWords(a[0], n, thread.state.threadId);
    }
    return Performed::Complete;
  }
  default:
    return Performed::Complete;
  }
}

} // namespace bpor
