// Interchangeable threads (core/ThreadSymmetry.h, docs/symmetry.md): whether the
// threads of the current state may be permuted, copied and dropped, the key of one thread's
// part whatever its number, and the rearrangement itself.
//
// A thread's part is its ProgramThread and its memory group (the objects it allocated: its
// stack frames, its heap blocks, its thread-local copies). Moving it to another number renames
// the group (Memory::relocateGroup) and every address of the group the record holds
// (runtime::relocateThread, ThreadNumbers.h). The
// rest of the state must not refer to a thread: no synchronisation object (they record owners
// and waiters), no join or thread id the program looked at, and no address of a thread's
// objects outside that thread's own part (symmetryObstacle checks the memory for one).
#include "runtime/Execution.h"

#include <algorithm>
#include <fmt/format.h>

namespace bpor {

std::string Execution::symmetryObstacle() const {
  if (symbolicMode())
    return "symbolic nondet values";
  if (options_.raceDetection != RaceDetection::Off)
    return "data-race detection";
  if (const char *use = identityUse_.firstUse())
    return fmt::format("the program uses {}", use);
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

void Execution::threadPartKey(ThreadId thread, std::string &key) const {
  // The part as it would be under one fixed number, so that equal parts give equal bytes.
  const ThreadId reference = memory_.maxAllocatingThreads() - 1;
  ProgramThread copy = threads_[thread];
  runtime::relocateThread(memory_, copy, thread, reference);
  std::vector<MemoryObject> objects = memory_.groupObjects(thread);
  memory_.relocateGroup(objects, thread, reference);
  key.clear();
  StateWriter out(key);
  writeThreadPart(out, copy, threadEnds_.bits(thread));
  out.tag('M');
  Memory::writeGroup(out, objects);
}

void Execution::rearrangeThreads(std::span<const ThreadId> order) {
  std::vector<ProgramThread> moved;
  std::vector<std::vector<MemoryObject>> groups;
  moved.reserve(order.size());
  groups.reserve(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    ThreadId from = order[i], to = ThreadId(i + 1);
    moved.push_back(threads_[from]);
    runtime::relocateThread(memory_, moved.back(), from, to);
    groups.push_back(memory_.groupObjects(from));
    memory_.relocateGroup(groups.back(), from, to);
  }
  memory_.replaceGroups(1, std::move(groups));
  numThreads_ = ThreadId(order.size() + 1);
  threadEnds_.rearrange(order);
  threads_.reserve(numThreads_);
  for (size_t i = 0; i < moved.size(); ++i)
    threads_.replace(ThreadId(i + 1), std::move(moved[i]));
}

} // namespace bpor
