// The reads-from search's view of one execution: its events with the locations they read and
// write, what each read reads from, the clocks of happens-before, and the search's state
// (checker/readsfrom/ReadsFromSearch.h).
#pragma once

#include "checker/ThreadNames.h"
#include "checker/engine/SearchLedger.h"
#include "checker/readsfrom/DecisionTree.h"
#include "checker/readsfrom/ScWitness.h"
#include "core/Model.h"

#include <map>
#include <span>
#include <unordered_map>

namespace bpor::readsfrom {

/// One vector clock per event (indexed by thread name), in one block that an execution's
/// analysis reuses: rows of `width` entries, not a vector per event.
class ClockTable {
public:
  void reset(size_t rows, size_t width, uint32_t fill) {
    width_ = width;
    cells_.assign(rows * width, fill);
  }
  std::span<uint32_t> operator[](size_t row) { return {cells_.data() + row * width_, width_}; }
  std::span<const uint32_t> operator[](size_t row) const {
    return {cells_.data() + row * width_, width_};
  }

private:
  size_t width_ = 0;
  std::vector<uint32_t> cells_;
};


/// What an event does to a mutex (or spin lock), whose operations the search orders as Nidhugg
/// does: each reads the one before it and writes (docs/design.md, "The reads-from search").
enum class LockOp : uint8_t { None, Lock, TrylockOk, TrylockFail, Unlock, Other };

/// One step of the execution.
struct RfEvent {
  ThreadId name = NoThread; // the thread's creation-path name (checker/ThreadNames.h)
  uint32_t index = 0;       // 1-based among its thread's events
  int32_t readLoc = -1;
  int32_t readFrom = None; // the event it reads from, or Initial
  int32_t writeLocs[WitnessEvent::MaxWrites] = {-1, -1, -1, -1};
  uint64_t written[WitnessEvent::MaxWrites] = {};
  /// A read-modify-write's arguments: whether it writes depends on what it reads.
  RmwArguments rmw;
  std::vector<int32_t> after; // the creation of its thread, the end of a joined thread
  uint32_t unfolding = 0;     // its unfolding event (0: none yet)
  std::shared_ptr<DecisionNode> decision;
  bool pinned = false;
  LockOp lock = LockOp::None; // set by the analysis for every event on a mutex's location

  bool reads() const { return readLoc >= 0; }
  bool writes() const { return writeLocs[0] >= 0; }
  bool conflicts() const { return reads() || writes() || !after.empty(); }
  int32_t depth() const { return decision ? decision->depth : -1; }
};

/// The locations: each (address, size) the program accesses, numbered; accesses of one
/// location with another size, overlapping it, are refused.
class Locations {
public:
  /// The location's number, or -1 if the range overlaps another location's.
  int32_t find(uint64_t address, uint64_t size);
  /// Calls f(number) for each location that overlaps [address, address + size).
  template <typename F> void forEachOverlapping(uint64_t address, uint64_t size, F &&f) const {
    auto it = byAddress_.upper_bound(address);
    if (it != byAddress_.begin()) {
      auto before = std::prev(it);
      if (before->first + std::max<uint64_t>(before->second.first, 1) > address)
        f(before->second.second);
    }
    for (; it != byAddress_.end() && it->first < address + size; ++it)
      f(it->second.second);
  }
  uint32_t size() const { return uint32_t(sizes_.size()); }
  uint64_t addressOf(int32_t loc) const { return addresses_[size_t(loc)]; }
  uint64_t sizeOf(int32_t loc) const { return sizes_[size_t(loc)]; }
  std::vector<uint64_t> initial; // each location's value before any write of the execution
  std::vector<uint8_t> mutex;    // a mutex or spin lock: operations with Operation::mutex

private:
  std::map<uint64_t, std::pair<uint64_t, int32_t>> byAddress_; // address -> (size, number)
  std::vector<uint64_t> sizes_, addresses_;
};

/// An event's reads-from and outcome as one alternative would have them (an overlay on the
/// execution's own).
struct Overlay {
  std::vector<int32_t> readFrom;
  std::vector<uint8_t> writes;    // whether it writes (a compare-and-swap may not)
  std::vector<uint64_t> written;  // the value of its first write
  std::vector<uint8_t> modified;  // its read changed: what follows it in its thread is dropped
  std::vector<int32_t> depth;     // the depth of the decision it stands for (-1: none)
  std::vector<uint8_t> deleted;   // left out (a lock whose place a blocked lock takes)
};

class ReadsFromSearch {
public:
  ReadsFromSearch(Model &model, const SearchOptions &options, const ExecutionObserver &observer)
      : model_(model), options_(options), ledger_(options, observer ? &observer : nullptr),
        names_(nameTable_) {}

  SearchResult run();

private:
  // ---- One execution (ReadsFromSearch.cpp) ----
  void execute(const std::shared_ptr<DecisionNode> &work);
  bool step(ThreadId thread);
  bool freesOrdered();
  bool copiesLocal();
  bool refuse(ThreadId thread, const Operation &op, const std::string &what);
  void internalError(const char *what);
  void report(const ErrorInfo &error);
  void endExecution(ExecutionEnd end);
  ThreadId nextThread() const;
  bool waits(ThreadId thread) const;
  bool iterationReadsLatest(ThreadId thread) const;
  void endWithoutThread();

  // ---- The alternatives it leads to (ReadsFromAlternatives.cpp) ----
  void computeClocks();
  void assignUnfoldingAndDecisions(const std::shared_ptr<DecisionNode> &work);
  void addAlternatives();
  void tryReadFrom(int32_t read, int32_t write);
  void trySwapUpdates(int32_t read, int32_t write);
  void trySat(const DecisionNode &decision, const Overlay &overlay, uint32_t alternative);
  void addLockAlternatives(int32_t event);
  void trySwapLocks(int32_t first, int32_t second);
  void trySwapBlocked(int32_t lock, ThreadId blockedName, ThreadId blockedThread);
  bool heldAfter(int32_t event, const Overlay &overlay) const;
  bool doesLock(int32_t event) const;
  std::vector<uint8_t> keptEvents(int32_t depth, const Overlay &overlay) const;
  Overlay baseOverlay() const;
  uint64_t valueOf(int32_t write, int32_t loc, const Overlay *overlay) const;
  void recomputeOutcome(int32_t event, Overlay &overlay) const;
  bool writesReadingFrom(int32_t event, int32_t write) const;
  bool happensBefore(int32_t a, std::span<const uint32_t> clock) const;
  uint32_t unfoldingOf(ThreadId name, uint32_t parent, uint32_t readFrom);
  uint32_t unfoldingOfEvent(int32_t event) const; // 0 for Initial and None
  uint32_t unfoldingReading(int32_t event, int32_t write);
  uint32_t parentUnfolding(int32_t event) const;
  int32_t poPredecessor(int32_t e) const;

  Model &model_;
  const SearchOptions &options_;
  SearchLedger ledger_;
  ThreadNameTable nameTable_;
  ThreadNames names_;
  Locations locations_;
  DecisionQueue queue_;
  bool refused_ = false;
  /// The execution's frees (free, realloc): the event and the object's bytes.
  struct FreedObject {
    int32_t event;
    uint64_t address, size;
  };
  std::vector<FreedObject> frees_;
  /// The execution's copies (memcpy, memset, libc functions over memory): the event and its
  /// operation's footprint (ops_).
  std::vector<int32_t> copies_;
  // An error, or an infeasible end of the whole execution, stopped it while another thread
  // was alive.
  bool cutByError_ = false, cutByInfeasible_ = false;

  // The current execution.
  std::vector<RfEvent> events_;
  std::vector<Operation> ops_;
  Schedule schedule_;
  std::vector<std::vector<int32_t>> byThread_; // name -> its events
  std::vector<int32_t> lastWriter_;            // location -> event, or Initial
  std::vector<uint8_t> locationSeen_;
  size_t replayed_ = 0; // the witness prefix's length
  int32_t creationLoc_ = -1;
  // Threads that wait for a mutex at the execution's end: (location, thread).
  std::vector<std::pair<int32_t, ThreadId>> blockedOnLock_;
  std::vector<ThreadId> holder_; // per location: the thread that holds it as a mutex

  // Happens-before: the clock of each event (per thread name, the highest index before or
  // at it), the same without its own read (above), and per event the lowest index of each
  // thread's events after it (below).
  ClockTable clock_, above_, below_;
  std::vector<std::vector<std::vector<int32_t>>> writesBy_; // name -> location -> writes
  std::vector<uint32_t> successorStart_;                    // computeClocks' scratch
  std::vector<int32_t> successorList_;
  std::vector<uint32_t> scratchFill_;
  std::vector<int32_t> witnessNumber_, witnessOriginal_; // trySat's scratch
  std::vector<WitnessEvent> witnessEvents_;

  /// An unfolding name per (thread name, parent, what it reads): looked up for every event of
  /// every execution, so hashed.
  struct UnfoldingKey {
    uint32_t name, parent, readFrom;
    bool operator==(const UnfoldingKey &) const = default;
  };
  struct UnfoldingKeyHash {
    size_t operator()(const UnfoldingKey &k) const {
      uint64_t x = (uint64_t(k.name) << 32 | k.parent) * 0x9e3779b97f4a7c15ull;
      return size_t((x ^ (x >> 29) ^ k.readFrom) * 0xbf58476d1ce4e5b9ull);
    }
  };
  std::unordered_map<UnfoldingKey, uint32_t, UnfoldingKeyHash> unfolding_;
};

} // namespace bpor::readsfrom
