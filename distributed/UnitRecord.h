// Rank 0's record of a divided search's units (docs/design.md, "Distributed search"): which
// are claimed, which are finished and what the finished ones cost, and the checkpoint file that
// keeps the finished ones for a run resumed later.
//
// A rank explores the units it claims in the order it claims them (a unit reserved for it lies
// ahead of it, and it asks again only past it), so a rank's unit is finished when the rank asks
// for its next unit, or ends its search complete; the statistics it sends with
// each ask, less those of the ask before, are that unit's cost. A unit claimed but not finished
// when a checkpoint is written is not in it: a resumed run explores it again from its root.
#pragma once

#include "checker/Explorer.h"

#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bpor::distributed {

/// What rank 0 answers a rank that asks for a unit.
struct Grant {
  enum Kind : uint8_t {
    Asked,    // the unit asked for is the rank's
    Reserved, // it was another's; `unit`, a later one, is the rank's
    Skip,     // it and every later unit are others': the rank asks next for `unit`
  };
  Kind kind = Asked;
  uint64_t unit = 0;
};

class UnitRecord {
public:
  explicit UnitRecord(size_t ranks) : open_(ranks), atOpen_(ranks) {}

  /// The split's units are numbered 0 to total - 1 (countUnits).
  void setTotal(uint64_t total) { total_ = total; }
  uint64_t total() const { return total_; }
  /// `rank` asks for `unit` with its statistics `sofar`; the rank's previous unit is finished.
  /// It gets the unit if no one has it, else the first later unit free (reserved for it: the
  /// rank walks the units in order and meets it), so that ranks do not queue asking for units
  /// taken one after another; Skip past the last unit if none is left.
  Grant claim(int rank, uint64_t unit, const Statistics &sofar);
  /// `rank`'s search ended with `last` as its statistics; if `complete`, its last unit is
  /// finished (else it was stopped inside it).
  void end(int rank, const Statistics &last, bool complete);
  /// The cost of every unit finished, in this run and the runs it resumed.
  Statistics finishedCost() const;
  uint64_t finishedUnits() const;
  uint64_t claimedUnits() const;

  /// Branches a rank's races asked for (SearchResult::askedBranches), kept with the finished
  /// units: a unit finished before a checkpoint is not explored again after a resume, so what
  /// it asked for must not be lost.
  void addAsked(const std::set<SplitPath> &branches);
  std::set<SplitPath> asked() const;
  /// The next round (checker/SplitRounds.h): `rounds` with the branches the round that ended
  /// asked for already added. Its units are numbered anew; the cost of the finished ones so
  /// far stays.
  void startRound(const SplitRounds &rounds);
  const SplitRounds &rounds() const { return rounds_; }

  /// Writes the round, its finished units and what they asked for, and the cost of every unit
  /// finished, to `path` (through a temporary file renamed over it, so that a run killed while
  /// writing leaves the previous checkpoint). Empty, or what went wrong.
  std::string save(const std::string &path, const std::string &fingerprint, size_t depth) const;
  /// Takes the round and the finished units of the checkpoint at `path` as finished and
  /// claimed; `depth` is the split depth it was made with. Empty, or why the checkpoint does not
  /// fit this run.
  std::string load(const std::string &path, const std::string &fingerprint, size_t &depth);

private:
  void finish(int rank, const Statistics &now);
  mutable std::mutex lock_;
  std::vector<bool> claimed_;
  uint64_t claimedCount_ = 0;
  uint64_t total_ = 0;
  std::vector<uint64_t> finished_;
  Statistics cost_;
  std::vector<std::optional<uint64_t>> open_; // each rank's unit in progress
  std::vector<Statistics> atOpen_;            // its statistics when it took that unit
  std::set<SplitPath> asked_;
  SplitRounds rounds_;
};

/// A rank's side of the claims: asks rank 0 only for the units a Grant leaves open, and takes
/// the unit reserved for it when its search reaches it. A rank walks the units in order, so a
/// reserved unit and a skip both lie ahead.
class ClaimCursor {
public:
  /// Whether the rank explores `unit`; `ask` asks rank 0 (nothing: the search stopped).
  bool claim(uint64_t unit, const std::function<std::optional<Grant>()> &ask);

private:
  std::optional<uint64_t> reserved_;
  uint64_t askFrom_ = 0; // units before it are others'
};

} // namespace bpor::distributed
