// SV-COMP's valid-memtrack (ExecutionOptions::detectLeaks): heap memory must stay pointed to
// until it is freed. Pointers are found by scanning: each pointer-sized, pointer-aligned word of
// a reached object (and each register of a live frame) that locates a live heap object reaches
// it. Memory that nothing reaches any more (globals, stacks, registers) was lost at some point:
// a violation, whenever the program ends (abort() included, which unwinds nothing).
//
// At a normal end (main returns, exit(), the last thread ends) the roots are the global
// variables. An object only a stack or register still reaches then (exit() called with the
// pointer in a local, main returning while other threads run) is undecided: whether memory a
// dying stack points to is "tracked" is a convention the property does not settle, so the
// execution is failed as Unsupported and the answer is unknown rather than a guess.
#include "runtime/Execution.h"

#include <fmt/format.h>
#include <unordered_map>
#include <unordered_set>

namespace bpor {

using runtime::ProgramThread;
using runtime::Stage;

namespace {

/// What the scan found: the live heap objects nothing reaches.
struct LeakScan {
  const Memory &memory;
  uint32_t pointerBytes;
  std::unordered_map<uint32_t, const MemoryObject *> objects;
  std::unordered_set<uint32_t> reached;
  std::vector<uint32_t> work;

  LeakScan(const Memory &memory, uint32_t pointerBytes)
      : memory(memory), pointerBytes(pointerBytes) {
    memory.forEachObject(
        [&](uint32_t id, const MemoryObject &object) { objects.emplace(id, &object); });
  }
  void reachObject(uint32_t id) {
    auto it = objects.find(id);
    if (it != objects.end() && it->second->alive && reached.insert(id).second)
      work.push_back(id);
  }
  void reachAddress(uint64_t value) {
    uint32_t id = 0;
    uint64_t offset = 0;
    if (memory.locate(value, id, offset))
      reachObject(id);
  }
  void rootsOfKind(ObjectKind kind) {
    for (const auto &[id, object] : objects)
      if (object->kind == kind)
        reachObject(id);
  }
  void propagate() {
    while (!work.empty()) {
      uint32_t id = work.back();
      work.pop_back();
      const MemoryObject &object = *objects.at(id);
      if (object.kind == ObjectKind::Function)
        continue;
      Address base = memory.addressOf(id, 0);
      for (uint64_t at = 0; at + pointerBytes <= object.size; at += pointerBytes) {
        uint64_t word = 0;
        if (memory.read(base + at, pointerBytes, word) == MemoryFault::None)
          reachAddress(word);
      }
    }
  }
  /// A live heap object not reached, if any (its id).
  std::optional<uint32_t> lost() const {
    for (const auto &[id, object] : objects)
      if (object->kind == ObjectKind::Heap && object->alive && !reached.count(id))
        return id;
    return std::nullopt;
  }
};

} // namespace

/// Adds the stacks and the registers of the live frames of every thread not ended: all of a
/// frame's registers, or (liveOnly) at a call only those the function may still read.
/// Registers are not C variables: a dead register may still hold a pointer a variable no
/// longer does, and a variable still in scope may be held by no live register. So a leak is
/// definite only if all registers miss the object, and the answer undecided if only the live
/// ones do.
static void reachStacks(LeakScan &scan, const Program &program,
                        const runtime::ThreadTable &threads,
                        ThreadId numThreads, bool liveOnly) {
  scan.rootsOfKind(ObjectKind::Stack);
  for (ThreadId t = 0; t < numThreads; ++t) {
    const ProgramThread &thread = threads[t];
    if (thread.stage == Stage::Terminated)
      continue;
    for (const Frame &frame : thread.state.frames) {
      const interp::Function &function = program.function(frame.function);
      const Slot *slots = thread.state.slots.data() + frame.base;
      if (liveOnly && frame.pc < function.code.size() &&
          function.code[frame.pc].op == interp::Op::Call) {
        for (uint32_t s : function.calls[function.code[frame.pc].imm].liveSlots)
          scan.reachAddress(slots[s]);
        continue;
      }
      for (uint32_t s = 0; s < function.numSlots; ++s)
        scan.reachAddress(slots[s]);
    }
  }
  scan.propagate();
}

void Execution::failLeak(const ProgramThread &thread, uint32_t lostId) {
  const MemoryObject *lost = memory_.object(memory_.addressOf(lostId, 0));
  fail(ErrorKind::MemoryError, thread, thread.pending.location,
       fmt::format("memory leak: {} ({} bytes) is pointed to by nothing when the program ends",
                   memory_.describe(memory_.addressOf(lostId, 0)), lost ? lost->size : 0));
  error_.memory = MemoryViolation::Track;
}

bool Execution::checkLeaksAtExit(const ProgramThread &exiting) {
  if (!options_.detectLeaks || status_ != ExecStatus::Running)
    return true;
  LeakScan scan(memory_, program_.pointerBytes());
  scan.rootsOfKind(ObjectKind::Global);
  scan.propagate();
  if (!scan.lost())
    return true;
  reachStacks(scan, program_, threads_, numThreads_, /*liveOnly=*/false);
  if (std::optional<uint32_t> lost = scan.lost()) {
    failLeak(exiting, *lost);
    return false;
  }
  fail(ErrorKind::Unsupported, exiting, exiting.pending.location,
       "heap memory is pointed to only from a stack or register when the program ends: "
       "whether valid-memtrack holds is not decided");
  return false;
}

bool Execution::lostAtAbnormalEnd(const ProgramThread &thread) {
  if (!options_.detectLeaks || status_ != ExecStatus::Running)
    return false;
  LeakScan all(memory_, program_.pointerBytes());
  all.rootsOfKind(ObjectKind::Global);
  reachStacks(all, program_, threads_, numThreads_, /*liveOnly=*/false);
  if (std::optional<uint32_t> lost = all.lost()) {
    failLeak(thread, *lost);
    return true;
  }
  LeakScan live(memory_, program_.pointerBytes());
  live.rootsOfKind(ObjectKind::Global);
  reachStacks(live, program_, threads_, numThreads_, /*liveOnly=*/true);
  if (live.lost()) {
    fail(ErrorKind::Unsupported, thread, thread.pending.location,
         "heap memory is pointed to only by registers the program no longer reads when it "
         "aborts: whether it was lost is not decided");
    return true;
  }
  return false;
}

} // namespace bpor
