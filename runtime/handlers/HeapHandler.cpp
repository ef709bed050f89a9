// The heap family (HeapHandler.h).
#include "runtime/handlers/HeapHandler.h"
#include "runtime/ThreadObjects.h"

#include <cerrno>
#include <fmt/format.h>

namespace bpor::runtime {

namespace {

// Whether an allocation of `size` bytes fails: it is larger than any object the model can hold
// (at least 4 GiB, or in a 32-bit program more than PTRDIFF_MAX, 2 GiB - 1, which glibc's malloc
// refuses too), or than the user's --malloc-limit (`limit`, 0: none). malloc and its kin return
// NULL for it (errno ENOMEM).
bool tooLargeForAnyObject(const Memory &memory, uint64_t limit, unsigned __int128 size) {
  return size > (memory.narrow() ? uint64_t(INT32_MAX) : UINT32_MAX) || (limit && size > limit);
}

} // namespace

// SV-COMP's rules let every allocation function but malloc and alloca fail: one that succeeded
// there is a behaviour the search left out.
void HeapHandler::countAllocationThatMayFail() {
  if (context_.options.onlyMallocNeverFails)
    context_.coverage.countAllocationAssumedToSucceed();
}

CallOutcome HeapHandler::prepare(ProgramThread &thread, const ExternalCall &call, Slot *result) {
  Memory &memory = context_.memory;
  uint64_t mallocLimit = context_.options.mallocLimit;
  Slot *a = thread.request.args;
  Ext id = thread.request.id;
  auto loc32 = [](Slot s) { return uint32_t(s); };
  Operation &op = thread.pending;
  const ExternalOp &row = externalOp(id);
  // A new heap object, or 0 with the execution failed as a resource limit.
  auto allocate = [&](uint64_t size, uint32_t align) -> Address {
    Address object = memory.allocate(ObjectKind::Heap, size, align, thread.state.threadId);
    if (object == 0)
      context_.fail(ErrorKind::ResourceLimit, thread, context_.currentLocation(thread),
                    fmt::format("cannot allocate {} bytes (the model's memory limit)", size));
    return object;
  };
  switch (id) {
  // A request larger than any object (tooLargeForAnyObject) returns NULL with errno ENOMEM, as
  // glibc's malloc does for a size it cannot map: what the program does then is its own
  // behaviour. Any other allocation the model cannot make is a resource limit, never a NULL
  // the program would have to handle: running out of the model's memory by allocating what
  // it could hold one request at a time is no behaviour of the program.
  case Ext::Malloc:
  case Ext::Calloc: {
    unsigned __int128 total = id == Ext::Malloc ? a[0] : (unsigned __int128)a[0] * a[1];
    if (tooLargeForAnyObject(memory, mallocLimit, total)) {
      result[0] = 0;
      setErrno(memory, thread, ENOMEM);
      return CallOutcome::Return;
    }
    result[0] = allocate(uint64_t(total), 16);
    if (result[0] == 0)
      return CallOutcome::Stop;
    if (id == Ext::Malloc) // calloc's bytes are zeroes; malloc's hold no value yet
      memory.markUndefined(result[0], uint64_t(total));
    else
      countAllocationThatMayFail();
    return CallOutcome::Return;
  }
  case Ext::FrameEnd: { // (location): the frame's stack objects die at its return
    const ThreadState &state = thread.state;
    size_t first = state.frames.empty() ? state.allocas.size() : state.frames.back().allocaBase;
    bool visible = false, fits = true;
    Access hull{};
    for (size_t i = first; i < state.allocas.size(); ++i) {
      const MemoryObject *object = memory.object(state.allocas[i]);
      if (!object || !object->published || !object->alive)
        continue;
      Access freed{state.allocas[i], std::max<uint64_t>(1, object->size), true};
      if (!visible)
        context_.setPending(thread, row.kind, loc32(a[0]));
      visible = true;
      uint64_t hullEnd = std::max(hull.address + hull.size, freed.address + freed.size);
      hull.address = hull.size ? std::min(hull.address, freed.address) : freed.address;
      hull.size = hullEnd - hull.address;
      hull.write = true;
      fits = fits && op.mergeAccess(freed);
    }
    // More objects than an operation holds: one range over all of them (a superset, so
    // dependence stays sound; the frame's objects are neighbours in their thread's group).
    if (!fits) {
      op.numAccesses = 0;
      op.addAccess(hull.address, hull.size, true);
    }
    return visible ? CallOutcome::Pause : CallOutcome::Return;
  }
  case Ext::Realloc:
    if (tooLargeForAnyObject(memory, mallocLimit, a[1])) {
      // glibc leaves the old object as it was.
      result[0] = 0;
      setErrno(memory, thread, ENOMEM);
      return CallOutcome::Return;
    }
    if (a[0] == 0) {
      result[0] = allocate(a[1], 16);
      if (result[0] == 0)
        return CallOutcome::Stop;
      memory.markUndefined(result[0], a[1]);
      countAllocationThatMayFail();
      return CallOutcome::Return;
    }
    countAllocationThatMayFail(); // realloc of an object: it may fail and leave the object
    [[fallthrough]];
  case Ext::Free: {
    if (a[0] == 0)
      return CallOutcome::Return; // free(NULL)
    // free writes the whole object (Model.h); an invalid pointer gets a one-byte footprint and
    // faults when the operation executes.
    context_.setPending(thread, row.kind, 0);
    uint64_t offset = 0;
    const MemoryObject *object = memory.object(a[0], offset);
    if (object && object->kind == ObjectKind::Heap && offset == 0)
      op.addAccess(a[0], std::max<uint64_t>(1, object->size), true);
    else
      op.addAccess(a[0], 1, true);
    return CallOutcome::Pause;
  }

  case Ext::AlignedAlloc: // aligned_alloc and memalign: (alignment, size)
    // An alignment that is not a power of two is refused (glibc: NULL, errno EINVAL).
    if (a[0] == 0 || (a[0] & (a[0] - 1)) != 0 || a[0] > UINT32_MAX) {
      result[0] = 0;
      setErrno(memory, thread, EINVAL);
      return CallOutcome::Return;
    }
    if (tooLargeForAnyObject(memory, mallocLimit, a[1])) {
      result[0] = 0;
      setErrno(memory, thread, ENOMEM);
      return CallOutcome::Return;
    }
    result[0] = allocate(a[1], uint32_t(a[0]));
    if (result[0] == 0)
      return CallOutcome::Stop;
    memory.markUndefined(result[0], a[1]);
    countAllocationThatMayFail();
    return CallOutcome::Return;
  default:
    break;
  }
  return context_.unsupportedCall(thread, call);
}

Performed HeapHandler::perform(ProgramThread &thread, Slot &result) {
  Memory &memory = context_.memory;
  const Slot *a = thread.request.args;
  Address faultAt = 0;
  MemoryFault fault = MemoryFault::None;
  const char *what = "";
  switch (thread.request.id) {
  case Ext::Free:
    fault = memory.release(a[0], ObjectKind::Heap);
    faultAt = a[0];
    what = "free";
    break;
  case Ext::Realloc: {
    const MemoryObject *old = memory.object(a[0]);
    uint64_t oldSize = old && old->alive && old->kind == ObjectKind::Heap ? old->size : 0;
    Address fresh = a[1] == 0 ? 0
                              : memory.allocate(ObjectKind::Heap, a[1], 16,
                                                thread.state.threadId);
    if (a[1] != 0 && fresh == 0) {
      context_.fail(ErrorKind::ResourceLimit, thread, thread.pending.location,
                    fmt::format("cannot allocate {} bytes (the model's memory limit)", a[1]));
      return Performed::Stopped;
    }
    // The allocation may have moved the thread's object table: look the old object up again.
    // The new bytes hold no value; the copied ones are as defined as they were.
    if (fresh)
      memory.markUndefined(fresh, a[1]);
    if (fresh && oldSize) {
      std::memcpy(memory.host(fresh), memory.object(a[0])->bytes(),
                  std::min<uint64_t>(oldSize, a[1]));
      memory.copyDefinedness(fresh, a[0], std::min<uint64_t>(oldSize, a[1]));
    }
    fault = memory.release(a[0], ObjectKind::Heap);
    if (fault != MemoryFault::None) {
      if (fresh)
        memory.release(fresh, ObjectKind::Heap);
      faultAt = a[0];
      what = "realloc";
      break;
    }
    result = fresh;
    return Performed::Complete;
  }
  default:
    break;
  }
  if (fault != MemoryFault::None) {
    context_.memoryError(thread, fault, faultAt, 0, what);
    return Performed::Stopped;
  }
  return Performed::Complete;
}

} // namespace bpor::runtime
