// Which earlier events of an execution may conflict with a new one through their memory
// footprints, so that EventLog's race scan visits those rather than every event of every other
// thread (docs/optimal-dpor.md, "Which events the scan visits").
//
// Every event is entered in chains, one per location and thread, linking each event to the
// previous event of its thread in the same chain. Locations are aligned 8-byte words and
// aligned 64-byte blocks. By the extent of its byte ranges:
//  - a small range lies within two words: its event is entered under those words and asks for
//    them and for their blocks;
//  - a wide range lies within two blocks: its event is entered under those blocks and scans
//    every event itself;
//  - a larger range, a global operation and one that ends the execution: the event is entered
//    in the always-chain, which every scan visits, and scans every event itself.
// Two overlapping small ranges share a word, a small and a wide one share a block; any pair
// with a wide or larger range is seen by the scan of the later event. The other dependences
// (program order, a fork and its child's first event, a join and its target's end) are
// EventLog's to add.
#pragma once

#include "checker/optimal/Event.h"

#include <cstdint>
#include <vector>

namespace bpor::optimal {

/// An event's chains: the ones it is entered in and the ones its scan asks for.
struct EventChains {
  /// The scan visits every event (and asks for no chain).
  bool scanAll = false;
  uint8_t numEntered = 0;
  uint8_t numAsked = 0;
  uint32_t entered[2 * Operation::MaxAccesses];
  uint32_t asked[4 * Operation::MaxAccesses];
};

class LocationChains {
public:
  /// The chain every scan visits (wide, global and execution-ending events).
  static constexpr uint32_t AlwaysSlot = 0;
  /// By default at most this many chains (the memory bound): an event whose word or block
  /// has none scans every event and is entered in the always-chain.
  static constexpr size_t DefaultMaxChains = size_t(1) << 18;

  explicit LocationChains(size_t maxChains = DefaultMaxChains);

  /// The chains of `event` (by its footprint and flags), made if new. Making a chain changes
  /// no chain's events.
  void chainsOf(const Event &event, EventChains &out) {
    const Operation &op = event.op;
    if (op.numAccesses == 1 && !op.global && !event.endsExecution) {
      // The common case, inline: one range within one word.
      const Access &access = op.accesses[0];
      uint64_t w = access.address >> WordBits;
      uint32_t word;
      if (access.size - 1 < 8 && (access.address + (access.size - 1)) >> WordBits == w &&
          (word = wordSlot(w)) != AlwaysSlot) {
        out.scanAll = false;
        out.entered[0] = out.asked[0] = word;
        out.asked[1] = blockOfWord_[word];
        out.numEntered = 1;
        out.numAsked = 2;
        return;
      }
    }
    chainsOfAnyEvent(event, out);
  }

  /// The latest entry (EventLog's link) of thread `t` in the chain, or -1.
  int64_t latest(uint32_t slot, ThreadId t) const {
    const std::vector<int64_t> &c = chains_[slot];
    return t < c.size() ? c[t] : -1;
  }
  /// Threads numbered below this may have events in the chain.
  size_t threadsIn(uint32_t slot) const { return chains_[slot].size(); }

  /// Makes `entry` of thread `t` the chain's latest; returns the previous latest.
  int64_t enter(uint32_t slot, ThreadId t, int64_t entry) {
    std::vector<int64_t> &c = chains_[slot];
    if (t >= c.size())
      c.resize(t + 1, -1);
    int64_t previous = c[t];
    c[t] = entry;
    return previous;
  }
  /// Undoes enter: `previous` is the value enter returned.
  void leave(uint32_t slot, ThreadId t, int64_t previous) { chains_[slot][t] = previous; }

  /// Empties every chain (keeps them).
  void clear();

private:
  static constexpr unsigned WordBits = 3, BlockBits = 6;
  // A word's key is its number plus one (never 0); a block's has the top bit set too.
  static uint64_t wordKey(uint64_t word) { return word + 1; }
  static uint64_t blockKey(uint64_t block) { return uint64_t(1) << 63 | (block + 1); }
  static size_t hashOf(uint64_t k) { return size_t((k * 0x9E3779B97F4A7C15ull) >> 32); }

  void chainsOfAnyEvent(const Event &event, EventChains &out);
  uint32_t wordSlot(uint64_t word) {
    size_t i = hashOf(wordKey(word)) & (keys_.size() - 1);
    if (keys_[i] == wordKey(word)) // found at once: the usual case
      return slots_[i];
    return findWordSlot(word);
  }
  uint32_t findWordSlot(uint64_t word);
  uint32_t slotFor(uint64_t key);
  void grow();

  // Open addressing, linear probing; key 0 marks an empty entry (no key is 0).
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> slots_;
  size_t used_ = 0;
  std::vector<std::vector<int64_t>> chains_; // per slot, per thread: the latest entry
  std::vector<uint32_t> blockOfWord_;        // per slot: a word's block (AlwaysSlot if none)
  size_t maxChains_;
};

} // namespace bpor::optimal
