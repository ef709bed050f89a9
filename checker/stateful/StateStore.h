// The visited set of the stateful search (checker/stateful/StatefulSearch.h), in Spin's three
// forms: exact (the state keys themselves), hash compaction (a 64-bit hash per state) and
// bitstate hashing (k bits per state in a fixed bit array, a Bloom filter). Exact storage keeps
// each distinct part of a key (core/StateWriter.h: the process, memory, each thread) once,
// numbered per position, and a state as the list of its parts' numbers, as Spin's COLLAPSE
// compression does: threads' local states and memory contents recur in many states. Exact storage misses
// nothing; the other two may take a new state for a visited one when hashes collide, which makes
// the search incomplete with a probability the store estimates.
//
// For the bounded context switching of Holzmann and Florian (seeds/003, Fig. 3), a state is
// stored with the fewest preemptions it was reached with and the threads whose step reached it
// with that many; bitstate storage instead keeps one entry per (state, preemptions) for every
// count from the one reached up to the bound ("replicated storage", section 3.2) and no threads.
#pragma once

#include "core/Model.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bpor {

enum class StateStorage : uint8_t { Exact, HashCompact, Bitstate };

/// The hash that names a state by its key (Model::stateKey) across processes and in hash
/// compaction and bitstate storage: fixed by this code, not by the standard library, so that
/// every process of a run, and a run resumed from another's checkpoint, agrees.
uint64_t stateKeyHash(std::string_view key);

const char *stateStorageName(StateStorage storage);

/// The keys of an exact store's states, rebuilt from what forEachPart and forEachState gave.
class KeyParts {
public:
  void add(size_t position, std::string part);
  /// The key of a state forEachState gave (valid until the next call).
  std::string_view expand(std::string_view state);

private:
  std::vector<std::vector<std::string>> parts_;
  std::string key_;
};

class StateStore {
public:
  static constexpr uint32_t NoId = ~uint32_t(0);

  /// `bitstateLog2`: the bit array holds 2^bitstateLog2 bits (bitstate storage only).
  explicit StateStore(StateStorage storage, unsigned bitstateLog2 = 30, unsigned hashFunctions = 3);

  struct Visit {
    bool explore = false; // the state must be (re-)explored
    bool isNew = false;   // never seen before
    uint32_t id = NoId;   // a number for the state (NoId with bitstate storage)
    uint64_t hash = 0;    // a hash of the state (equal states, equal hashes)
  };

  /// Records that the state with `key` was reached by `thread`'s step with `preemptions`
  /// preemptions (an unbounded search passes 0 and NoThread, so a state is explored once), and says whether it must be explored:
  /// it is new, or (bounded) it was reached with fewer preemptions than ever, or with as few by
  /// a thread that had not reached it with that many (seeds/003, CONSTRAINT of Fig. 3).
  Visit visit(std::string_view key, ThreadId thread, uint64_t preemptions, uint64_t bound);

  /// What hash compaction and bitstate storage keep of a key (its hash and length), 16 bytes,
  /// and the visit of a state by it alone (an unbounded search): a search that hands states to
  /// other processes sends these instead of keys when the storage is not exact.
  static std::string fingerprint(std::string_view key);
  /// The stateKeyHash of the key a fingerprint was made of.
  static uint64_t fingerprintHash(std::string_view fingerprint);
  Visit visitFingerprint(std::string_view fingerprint);

  /// What a checkpoint keeps of the store, in the store's own compact form. Exact storage:
  /// every part of a key (position in the key, part) in the order of their numbers at each
  /// position, then every state as its parts' numbers (KeyParts::expand gives back the key);
  /// hash compaction: every state's fingerprint (forEachPart gives nothing). Bitstate storage
  /// keeps no state apart: both give nothing.
  void forEachPart(const std::function<void(size_t position, std::string_view part)> &each) const;
  void forEachState(const std::function<void(std::string_view state)> &each) const;

  uint64_t states() const { return states_; }
  /// Heap bytes the store holds (approximate).
  uint64_t bytes() const;
  StateStorage storage() const { return storage_; }
  /// The probability that some state was taken for a visited one although it was new (0 for
  /// exact storage): for hash compaction the chance that two of n states share a 64-bit hash,
  /// n^2 / 2^65; for bitstate storage the chance that a new state finds all its k bits already
  /// set, (bits set / bits)^k, at the final fill.
  double omissionProbability() const;

private:
  struct Info {
    uint32_t id = 0;
    uint64_t preemptions = 0;
    std::vector<ThreadId> threads; // reached with `preemptions` by these threads' steps
  };
  Visit record(Info &info, bool isNew, ThreadId thread, uint64_t preemptions);
  bool testAndSetBits(uint64_t hash1, uint64_t hash2);
  /// The numbers of the key's parts, 4 bytes each, into `out` (the key itself, marked, if it
  /// is not a sequence of parts).
  void collapse(std::string_view key, std::string &out);

  struct PartHash {
    using is_transparent = void;
    size_t operator()(std::string_view part) const { return std::hash<std::string_view>()(part); }
  };
  using PartTable = std::unordered_map<std::string, uint32_t, PartHash, std::equal_to<>>;

  StateStorage storage_;
  std::unordered_map<std::string, Info> exact_;
  std::vector<PartTable> parts_; // by position in the key
  std::string collapsed_;        // scratch
  std::unordered_map<uint64_t, Info> compact_;
  std::vector<uint64_t> bits_;
  uint64_t bitMask_ = 0;
  unsigned hashFunctions_ = 3;
  uint64_t bitsSet_ = 0;
  uint64_t states_ = 0;
  uint64_t keyBytes_ = 0;
};

} // namespace bpor
