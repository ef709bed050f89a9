// Whether events with a given reads-from relation can happen in one sequentially consistent
// order, and one such order (the witness the reads-from search replays): VerifySC of Abdulla et
// al. (OOPSLA 2019), decided exactly by a depth-first search over the events each thread has
// taken and the latest write of each location, states that failed remembered (polynomial in
// the events for a fixed number of threads).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace bpor::readsfrom {

inline constexpr int32_t Initial = -1; // reads a location's initial value
inline constexpr int32_t None = -2;    // reads nothing / no such event

struct WitnessEvent {
  uint32_t thread = 0; // a dense thread number; each thread's events are in program order
  int32_t readLoc = -1;
  int32_t readFrom = None; // index of the event it reads from, or Initial
  static constexpr unsigned MaxWrites = 4;
  int32_t writeLocs[MaxWrites] = {-1, -1, -1, -1};
  std::vector<int32_t> after; // events of other threads it must follow (creation, join, exit)
};

/// An order of all `events` (indices) that respects program order, `after`, and in which each
/// read reads its `readFrom` (the latest write of its location before it, or none for Initial);
/// nullopt if there is none. Among orders, it prefers to take events in the order given.
std::optional<std::vector<uint32_t>> findScOrder(std::span<const WitnessEvent> events,
                                                 uint32_t numThreads, uint32_t numLocations);

} // namespace bpor::readsfrom
