#include "runtime/LeakCheck.h"

#include <fmt/format.h>
#include <unordered_map>
#include <unordered_set>

namespace bpor::runtime {

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
  /// The live heap object of the lowest id not reached, if any.
  std::optional<uint32_t> lost() const {
    std::optional<uint32_t> first;
    for (const auto &[id, object] : objects)
      if (object->kind == ObjectKind::Heap && object->alive && !reached.count(id) &&
          (!first || id < *first))
        first = id;
    return first;
  }
};

} // namespace

/// Adds the stacks and the registers of the live frames of every thread not ended: all of a
/// frame's registers, or (liveOnly) at a call only those the function may still read.
/// Registers are not C variables: a dead register may still hold a pointer a variable no
/// longer does, and a variable still in scope may be held by no live register. So a leak is
/// definite only if all registers miss the object, and the answer undecided if only the live
/// ones do.
static void reachStacks(LeakScan &scan, const Program &program, const ThreadTable &threads,
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

// A valid-memtrack violation: the object `lostId` that nothing reaches.
static LeakFinding lostObject(const Memory &memory, uint32_t lostId) {
  const MemoryObject *lost = memory.object(memory.addressOf(lostId, 0));
  return LeakFinding{
      ErrorKind::MemoryError, MemoryViolation::Track,
      fmt::format("memory leak: {} ({} bytes) is pointed to by nothing when the program ends",
                  memory.describe(memory.addressOf(lostId, 0)), lost ? lost->size : 0)};
}

// valid-memcleanup: a heap object still allocated when the program ends normally is the
// violation, and one nothing reaches (lost, which valid-memcleanup includes) at any end; one
// still reached when it aborts is undecided. The message names a lost object first, else the
// first one allocated.
static std::optional<LeakFinding> unfreedObject(ProcessEnd end, const Memory &memory,
                                                const Program &program,
                                                const ThreadTable &threads,
                                                ThreadId numThreads) {
  LeakScan all(memory, program.pointerBytes());
  all.rootsOfKind(ObjectKind::Global);
  reachStacks(all, program, threads, numThreads, /*liveOnly=*/false);
  std::optional<uint32_t> unfreed = all.lost();
  bool lost = unfreed.has_value();
  if (!lost)
    unfreed = LeakScan(memory, program.pointerBytes()).lost(); // nothing reached: every object
  if (!unfreed)
    return std::nullopt;
  if (!lost && end == ProcessEnd::Abnormal)
    return LeakFinding{ErrorKind::Unsupported, MemoryViolation::None,
                       "heap memory is still allocated, and pointed to, when the program "
                       "aborts: whether valid-memcleanup counts an abort() (such as a failed "
                       "assume_abort_if_not) as the program's end is not decided"};
  Address address = memory.addressOf(*unfreed, 0);
  const MemoryObject *object = memory.object(address);
  return LeakFinding{ErrorKind::MemoryError, MemoryViolation::Cleanup,
                     fmt::format("memory not freed: {} ({} bytes) is still allocated{} when the "
                                 "program {}",
                                 memory.describe(address), object ? object->size : 0,
                                 lost ? ", and pointed to by nothing," : "",
                                 end == ProcessEnd::Normal ? "ends" : "aborts")};
}

std::optional<LeakFinding> findLeak(LeakRule rule, ProcessEnd end, const Memory &memory,
                                    const Program &program, const ThreadTable &threads,
                                    ThreadId numThreads) {
  if (rule == LeakRule::Off)
    return std::nullopt;
  if (rule == LeakRule::Cleanup)
    return unfreedObject(end, memory, program, threads, numThreads);
  if (end == ProcessEnd::Normal) {
    LeakScan scan(memory, program.pointerBytes());
    scan.rootsOfKind(ObjectKind::Global);
    scan.propagate();
    if (!scan.lost())
      return std::nullopt;
    reachStacks(scan, program, threads, numThreads, /*liveOnly=*/false);
    if (std::optional<uint32_t> lost = scan.lost())
      return lostObject(memory, *lost);
    return LeakFinding{
        ErrorKind::Unsupported, MemoryViolation::None,
        "heap memory is pointed to only from a stack or register when the program ends: "
        "whether valid-memtrack holds is not decided"};
  }
  LeakScan all(memory, program.pointerBytes());
  all.rootsOfKind(ObjectKind::Global);
  reachStacks(all, program, threads, numThreads, /*liveOnly=*/false);
  if (std::optional<uint32_t> lost = all.lost())
    return lostObject(memory, *lost);
  LeakScan live(memory, program.pointerBytes());
  live.rootsOfKind(ObjectKind::Global);
  reachStacks(live, program, threads, numThreads, /*liveOnly=*/true);
  if (live.lost())
    return LeakFinding{
        ErrorKind::Unsupported, MemoryViolation::None,
        "heap memory is pointed to only by registers the program no longer reads when it "
        "aborts: whether it was lost is not decided"};
  return std::nullopt;
}

} // namespace bpor::runtime
