// Renaming a thread's objects (Memory.h, "Renaming a thread's objects"): the symmetry
// reduction gives a thread's state, memory included, to another thread number.
//
// A thread's objects are named by (thread, index). In wide memory the thread is in the id's
// group bits; in narrow memory each thread has an arena of the address space and its objects
// lie in it in allocation order, so renaming shifts every address by the distance between the
// two arenas and keeps the layout (and so every comparison and difference of addresses).
#include "memory/Memory.h"

#include <cassert>

namespace bpor {

namespace {

constexpr uint32_t NoGroup = ~uint32_t(0);

uint32_t arenaStart(uint32_t thread) {
  return (NarrowStaticArenas + thread) << NarrowArenaBits;
}

} // namespace

const std::vector<MemoryObject> &Memory::groupObjects(uint32_t thread) const {
  static const std::vector<MemoryObject> none;
  return thread < dynamic_.size() ? dynamic_[thread] : none;
}

uint32_t Memory::groupPointedInto(uint64_t value) const {
  uint32_t thread = NoGroup;
  if (narrow_) {
    if (value > 0xffffffffu || (value >> NarrowArenaBits) < NarrowStaticArenas)
      return NoGroup;
    thread = uint32_t(value >> NarrowArenaBits) - NarrowStaticArenas;
  } else {
    uint32_t group = objectGroupOf(objectIdOf(value));
    if (group == 0)
      return NoGroup;
    thread = group - 1;
  }
  return pointsIntoGroup(value, thread) ? thread : NoGroup;
}

bool Memory::pointsIntoGroup(uint64_t value, uint32_t thread) const {
  const std::vector<MemoryObject> &objects = groupObjects(thread);
  if (objects.empty())
    return false;
  if (!narrow_) {
    uint32_t id = objectIdOf(value);
    if (objectGroupOf(id) != thread + 1 || indexInGroup(id) >= objects.size())
      return false;
    return offsetOf(value) <= objects[indexInGroup(id)].size;
  }
  const MemoryObject &last = objects.back();
  return value >= arenaStart(thread) && value <= uint64_t(last.base) + last.size;
}

uint64_t Memory::relocated(uint64_t value, uint32_t from, uint32_t to) const {
  if (from == to || !pointsIntoGroup(value, from))
    return value;
  if (narrow_)
    return value - arenaStart(from) + arenaStart(to);
  uint32_t id = objectIdOf(value);
  return makeAddress(dynamicObjectId(to, indexInGroup(id)), offsetOf(value));
}

void Memory::forEachWord(const std::vector<MemoryObject> &objects,
                         const std::function<void(uint64_t)> &visit) const {
  size_t width = narrow_ ? 4 : 8;
  for (const MemoryObject &object : objects) {
    if (!object.alive)
      continue;
    for (size_t at = 0; at + width <= object.size; at += width) {
      uint64_t word = 0;
      std::memcpy(&word, object.bytes() + at, width);
      visit(word);
    }
  }
}

void Memory::forEachGlobalWord(const std::function<void(uint64_t)> &visit) const {
  size_t width = narrow_ ? 4 : 8;
  for (const auto &[id, image] : initialImages_) {
    const MemoryObject &object = static_[id];
    for (size_t at = 0; at + width <= object.size; at += width) {
      uint64_t word = 0;
      std::memcpy(&word, object.bytes() + at, width);
      visit(word);
    }
  }
}

void Memory::relocateGroup(std::vector<MemoryObject> &objects, uint32_t from, uint32_t to) const {
  size_t width = narrow_ ? 4 : 8;
  for (MemoryObject &object : objects) {
    assert(object.shadow.empty() && "symbolic bytes are not renamed");
    object.ownerThread = to;
    if (narrow_)
      object.base = object.base - arenaStart(from) + arenaStart(to);
    if (!object.alive)
      continue;
    for (size_t at = 0; at + width <= object.size; at += width) {
      uint64_t word = 0;
      std::memcpy(&word, object.bytes() + at, width);
      uint64_t moved = relocated(word, from, to);
      if (moved != word)
        std::memcpy(object.bytes() + at, &moved, width);
    }
  }
}

void Memory::replaceGroups(uint32_t first, std::vector<std::vector<MemoryObject>> &&groups) {
  for (uint32_t thread = first; thread < dynamic_.size(); ++thread)
    truncate(thread, 0);
  if (dynamic_.size() < first + groups.size())
    dynamic_.resize(first + groups.size());
  for (size_t i = 0; i < groups.size(); ++i)
    dynamic_[first + i] = std::move(groups[i]);
  dynamicBytes_ = 0;
  for (const std::vector<MemoryObject> &objects : dynamic_)
    for (const MemoryObject &object : objects)
      if (object.alive)
        dynamicBytes_ += object.size;
}

void Memory::writeGroup(StateWriter &out, const std::vector<MemoryObject> &objects) {
  // A trailing run of released objects is left out (see writeState).
  size_t kept = objects.size();
  while (kept > 0 && !objects[kept - 1].alive)
    --kept;
  out.u64(kept);
  for (size_t i = 0; i < kept; ++i) {
    const MemoryObject &object = objects[i];
    out.u8(uint8_t(object.kind) | uint8_t(object.alive) << 4 | uint8_t(object.published) << 5);
    if (object.alive) {
      out.bytes(object.bytes(), object.size);
      // Bytes never written read as 0 like written zeroes, but reading them is a coverage gap:
      // the states differ.
      out.u64(object.undefined.size());
      for (uint64_t word : object.undefined)
        out.u64(word);
    } else
      out.u64(object.size);
  }
}

} // namespace bpor
