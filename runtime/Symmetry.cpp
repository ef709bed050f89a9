// Interchangeable threads (core/ThreadSymmetry.h, docs/symmetry.md): whether the
// threads of the current state may be permuted, copied and dropped, the key of one thread's
// part whatever its number, and the rearrangement itself.
//
// A thread's part is its ProgramThread and its memory group (the objects it allocated: its
// stack frames, its heap blocks, its thread-local copies). Moving it to another number renames
// the group (Memory::relocateGroup) and every address of the group the record holds: slots,
// stack object lists, pending operation, call arguments, exit value, thread-local copies. The
// rest of the state must not refer to a thread: no synchronisation object (they record owners
// and waiters), no join or thread id the program looked at, and no address of a thread's
// objects outside that thread's own part (symmetryObstacle checks the memory for one).
#include "runtime/Execution.h"

#include <algorithm>
#include <fmt/format.h>

namespace bpor {


// The externals after which threads are no longer interchangeable reveal a thread's number or
// create state that records threads (owners, waiters, keys, handlers): ExternalOp::identityUse.
void Execution::noteIdentityUse(uint32_t id) {
  if (!identityObservedBy_)
    identityObservedBy_ = runtime::externalOp(runtime::Ext(id)).identityUse;
}

std::string Execution::symmetryObstacle() const {
  if (symbolicMode())
    return "symbolic nondet values";
  if (options_.raceDetection != RaceDetection::Off)
    return "data-race detection";
  if (identityObservedBy_)
    return fmt::format("the program uses {}", identityObservedBy_);
  if (!sync_.none())
    return "a pthread synchronisation object";
  if (atomicOwner_ != NoThread || process_.exitingThread != NoThread)
    return "a thread inside an atomic block or running exit handlers";
  for (ThreadId t = 1; t < numThreads_; ++t) {
    const ProgramThread &thread = threads_[t];
    const char *what = thread.needsInitialRun                  ? "has not started"
                       : !thread.specific.empty()                ? "has thread-specific data"
                       : !thread.threadExitHandlers.empty()      ? "has exit handlers"
                       : !thread.state.jumpTargets.empty()       ? "has setjmp buffers"
                       : !thread.state.exceptionsInFlight.empty() ? "unwinds an exception"
                       : thread.waitCond || thread.barrier        ? "waits"
                                                                  : nullptr;
    if (what)
      return fmt::format("thread {} {}", t, what);
  }
  // No address of a thread's objects outside its own part.
  std::string found;
  auto check = [&](uint64_t word, uint32_t owner, const char *where) {
    if (!found.empty())
      return;
    uint32_t group = memory_.groupPointedInto(word);
    if (group != ~uint32_t(0) && group != 0 && group != owner && group < numThreads_)
      found = fmt::format("{} holds the address {} of thread {}'s memory", where,
                          memory_.describe(word), group);
  };
  memory_.forEachGlobalWord([&](uint64_t word) { check(word, 0, "a global variable"); });
  for (ThreadId t = 0; t < numThreads_ && found.empty(); ++t) {
    memory_.forEachWord(memory_.groupObjects(t),
                        [&](uint64_t word) { check(word, t, "a thread's object"); });
    const ThreadState &state = threads_[t].state;
    for (Slot slot : state.slots)
      check(slot, t, "a thread's register");
    for (Slot slot : threads_[t].request.args)
      check(slot, t, "a thread's pending call");
    check(threads_[t].exitValue, t, "a thread's exit value");
  }
  return found;
}

void Execution::relocateThread(ProgramThread &thread, ThreadId from, ThreadId to) const {
  auto move = [&](uint64_t value) { return memory_.relocated(value, from, to); };
  ThreadState &state = thread.state;
  state.threadId = to;
  for (Slot &slot : state.slots)
    slot = move(slot);
  for (Address &alloca : state.allocas)
    alloca = move(alloca);
  for (Frame &frame : state.frames)
    frame.varargs = move(frame.varargs);
  for (Slot &slot : state.returnValue)
    slot = move(slot);
  for (Slot &slot : state.callArgs)
    slot = move(slot);
  state.landedObject = move(state.landedObject);
  state.fault.address = move(state.fault.address);
  thread.pending.thread = to;
  for (unsigned i = 0; i < thread.pending.numAccesses; ++i)
    thread.pending.accesses[i].address = move(thread.pending.accesses[i].address);
  for (Slot &arg : thread.request.args)
    arg = move(arg);
  thread.exitValue = move(thread.exitValue);
  for (auto &[global, copy] : thread.threadLocals)
    copy = move(copy);
  thread.errnoObject = move(thread.errnoObject);
}

void Execution::threadPartKey(ThreadId thread, std::string &key) const {
  // The part as it would be under one fixed number, so that equal parts give equal bytes.
  const ThreadId reference = memory_.maxAllocatingThreads() - 1;
  ProgramThread copy = threads_[thread];
  relocateThread(copy, thread, reference);
  std::vector<MemoryObject> objects = memory_.groupObjects(thread);
  memory_.relocateGroup(objects, thread, reference);
  key.clear();
  StateWriter out(key);
  writeThreadPart(out, copy, threadEnds_[thread]);
  out.tag('M');
  Memory::writeGroup(out, objects);
}

void Execution::rearrangeThreads(std::span<const ThreadId> order) {
  std::vector<ProgramThread> moved;
  CopyVector<uint8_t> ends = threadEnds_; // a thread listed twice makes the table longer
  ends.resize(std::max(ends.size(), order.size() + 1));
  std::vector<std::vector<MemoryObject>> groups;
  moved.reserve(order.size());
  groups.reserve(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    ThreadId from = order[i], to = ThreadId(i + 1);
    moved.push_back(threads_[from]);
    ends[to] = threadEnds_[from];
    relocateThread(moved.back(), from, to);
    groups.push_back(memory_.groupObjects(from));
    memory_.relocateGroup(groups.back(), from, to);
  }
  memory_.replaceGroups(1, std::move(groups));
  numThreads_ = ThreadId(order.size() + 1);
  threadEnds_ = std::move(ends);
  threads_.reserve(numThreads_);
  for (size_t i = 0; i < moved.size(); ++i)
    threads_.replace(ThreadId(i + 1), std::move(moved[i]));
}

} // namespace bpor
