// SV-COMP's valid-memtrack at the normal end of the process (ExecutionOptions::detectLeaks):
// every live heap object must still be pointed to. Pointers are found by scanning: each
// pointer-sized, pointer-aligned word of a reached object (and each register of a live thread)
// that locates a live heap object reaches it. Roots are the global variables; the stacks and
// registers of threads that still run (exit() from a function, main returning while other
// threads run) are roots of a second, weaker reachability. An object neither reaches is lost: a
// violation. One only the stacks reach is undecided: whether memory pointed to by a dying
// stack at exit is "tracked" is a convention, so the execution is failed as Unsupported and the
// answer is unknown rather than a guess.
#include "runtime/Execution.h"

#include <fmt/format.h>
#include <unordered_map>
#include <unordered_set>

namespace bpor {

using runtime::Stage;

bool Execution::checkLeaksAtExit(const ProgramThread &exiting) {
  if (!options_.detectLeaks || status_ != ExecStatus::Running)
    return true;
  std::unordered_map<uint32_t, const MemoryObject *> objects;
  memory_.forEachObject(
      [&](uint32_t id, const MemoryObject &object) { objects.emplace(id, &object); });
  uint32_t pointerBytes = program_.pointerBytes();

  std::unordered_set<uint32_t> reached;
  std::vector<uint32_t> work;
  auto reachAddress = [&](uint64_t value) {
    uint32_t id = 0;
    uint64_t offset = 0;
    if (!memory_.locate(value, id, offset))
      return;
    auto it = objects.find(id);
    if (it == objects.end() || !it->second->alive || !reached.insert(id).second)
      return;
    work.push_back(id);
  };
  auto propagate = [&] {
    while (!work.empty()) {
      uint32_t id = work.back();
      work.pop_back();
      const MemoryObject &object = *objects.at(id);
      if (object.kind == ObjectKind::Function)
        continue;
      Address base = memory_.addressOf(id, 0);
      for (uint64_t at = 0; at + pointerBytes <= object.size; at += pointerBytes) {
        uint64_t word = 0;
        if (memory_.read(base + at, pointerBytes, word) == MemoryFault::None)
          reachAddress(word);
      }
    }
  };
  auto lostHeap = [&]() -> const MemoryObject * {
    for (const auto &[id, object] : objects)
      if (object->kind == ObjectKind::Heap && object->alive && !reached.count(id))
        return object;
    return nullptr;
  };
  auto lostId = [&](const MemoryObject *lost) {
    for (const auto &[id, object] : objects)
      if (object == lost)
        return id;
    return uint32_t(0);
  };

  for (const auto &[id, object] : objects)
    if (object->kind == ObjectKind::Global && object->alive && reached.insert(id).second)
      work.push_back(id);
  propagate();
  if (!lostHeap())
    return true;
  // What the stacks and registers of the threads that have not ended still reach.
  for (const auto &[id, object] : objects)
    if (object->kind == ObjectKind::Stack && object->alive && reached.insert(id).second)
      work.push_back(id);
  for (ThreadId t = 0; t < numThreads_; ++t) {
    const ProgramThread &thread = *threads_[t];
    if (thread.stage == Stage::Terminated)
      continue;
    // The registers of its live frames (a returned main has none).
    for (const Frame &frame : thread.state.frames) {
      uint32_t numSlots = program_.function(frame.function).numSlots;
      for (uint32_t s = 0; s < numSlots && frame.base + s < thread.state.slots.size(); ++s)
        reachAddress(thread.state.slots[frame.base + s]);
    }
  }
  propagate();
  if (const MemoryObject *lost = lostHeap()) {
    fail(ErrorKind::MemoryError, exiting, exiting.pending.location,
         fmt::format("memory leak: {} ({} bytes) is pointed to by nothing when the program ends",
                     memory_.describe(memory_.addressOf(lostId(lost), 0)), lost->size));
    error_.memory = MemoryViolation::Track;
    return false;
  }
  fail(ErrorKind::Unsupported, exiting, exiting.pending.location,
       "heap memory is pointed to only from a stack or register when the program ends: "
       "whether valid-memtrack holds is not decided");
  return false;
}

} // namespace bpor
