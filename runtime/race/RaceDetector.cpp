#include "runtime/race/RaceDetector.h"

#include <algorithm>

namespace bpor::runtime {

void RaceDetector::reset() {
  threads_.clear();
  inSection_.clear();
  ended_.clear();
  objects_.clear();
  bytes_.clear();
  clockOf(0);
}

void RaceDetector::joinInto(Clock &into, const Clock &from) {
  if (into.size() < from.size())
    into.resize(from.size(), 0);
  for (size_t i = 0; i < from.size(); ++i)
    into[i] = std::max(into[i], from[i]);
}

RaceDetector::Clock &RaceDetector::clockOf(ThreadId thread) {
  if (threads_.size() <= thread)
    threads_.resize(thread + 1);
  Clock &clock = threads_[thread];
  if (clock.size() <= thread)
    clock.resize(thread + 1, 0);
  if (clock[thread] == 0)
    clock[thread] = 1; // a thread's own component starts above everyone's view of it (0)
  return clock;
}

void RaceDetector::threadCreated(ThreadId parent, ThreadId child) {
  Clock parentClock = clockOf(parent);
  Clock &childClock = clockOf(child);
  joinInto(childClock, parentClock);
  ++clockOf(parent)[parent]; // the creation is a release
}

void RaceDetector::threadEnded(ThreadId thread) { ended_[thread] = clockOf(thread); }

void RaceDetector::joined(ThreadId thread, ThreadId target) {
  auto it = ended_.find(target);
  if (it != ended_.end()) {
    Clock target = it->second;
    joinInto(clockOf(thread), target);
  }
}

void RaceDetector::acquire(ThreadId thread, uint64_t object) {
  auto it = objects_.find(object);
  if (it != objects_.end()) {
    Clock released = it->second;
    joinInto(clockOf(thread), released);
  }
}

void RaceDetector::release(ThreadId thread, uint64_t object) {
  Clock &clock = clockOf(thread);
  joinInto(objects_[object], clock);
  ++clock[thread];
}

void RaceDetector::endReleaseSequence(uint64_t object) { objects_.erase(object); }

namespace {
/// The key of the one lock of all atomic sections: no address of a memory object.
constexpr uint64_t AtomicSections = ~uint64_t(0);
} // namespace

void RaceDetector::enterSection(ThreadId thread) {
  if (inSection_.size() <= thread)
    inSection_.resize(thread + 1, false);
  acquire(thread, AtomicSections);
  inSection_[thread] = true;
}

void RaceDetector::leaveSection(ThreadId thread) {
  if (thread >= inSection_.size() || !inSection_[thread])
    return;
  inSection_[thread] = false;
  release(thread, AtomicSections);
}

bool RaceDetector::orderedBefore(const RaceAccess &earlier, ThreadId thread) {
  if (earlier.thread == thread)
    return true;
  const Clock &clock = clockOf(thread);
  return earlier.thread < clock.size() && earlier.stamp <= clock[earlier.thread];
}

std::optional<Race> RaceDetector::access(ThreadId thread, uint64_t address, uint64_t size,
                                         bool write, bool atomic, uint32_t location) {
  RaceAccess now{thread, clockOf(thread)[thread], location, write, atomic};
  std::optional<Race> found;
  auto races = [&](const RaceAccess &earlier) {
    return !(earlier.atomic && atomic) && !orderedBefore(earlier, thread);
  };
  for (uint64_t byte = address; byte < address + size; ++byte) {
    Shadow &shadow = bytes_[byte];
    if (!found) {
      if (shadow.write && races(*shadow.write))
        found = Race{*shadow.write, now, byte};
      if (write)
        for (const RaceAccess &read : shadow.reads)
          if (!found && races(read))
            found = Race{read, now, byte};
    }
    if (write) {
      shadow.write = now;
      shadow.reads.clear();
    } else {
      auto mine = std::find_if(shadow.reads.begin(), shadow.reads.end(),
                               [&](const RaceAccess &read) { return read.thread == thread; });
      if (mine != shadow.reads.end())
        *mine = now;
      else
        shadow.reads.push_back(now);
    }
  }
  return found;
}

} // namespace bpor::runtime
