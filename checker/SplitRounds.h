// The rounds of a divided source-DPOR search (docs/design.md, "Single branches above the split").
//
// Above the split, a state where a thread's next step creates or joins a thread takes that one
// branch alone (OptimalSearch::initialize): it is a persistent set unless some step another
// thread takes later depends on it, which the search cannot know in advance. The race analysis
// below the split checks it with source-DPOR's own rule: a race whose reversal needs a branch
// at such a state that is neither taken there nor asleep asks for that branch
// (SearchResult::askedBranches). The workers cannot add it where they stand (they walk the top
// alike and number its units alike), so the driver runs another round over the same top with
// the asked branches added after the ones taken before, and claims only the units below them:
// every round explores subtrees no earlier round did, with the sleep sets the one search would
// give them, so together the rounds explore every Mazurkiewicz trace once.
#pragma once

#include "checker/SplitPruning.h"

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace bpor {

/// The branches rounds after the first added to single-branch states above the split.
class SplitRounds {
public:
  /// A branch: the path of its state (SplitPath), then its thread and choice 0.
  using Branch = SplitPath;

  /// The round that runs next (0: the first, no branches added).
  unsigned current() const { return current_; }
  /// Starts the next round with `asked` (branches of the round that ended) added after every
  /// branch added before, in the order of their threads.
  void startNext(const std::set<Branch> &asked);
  /// The threads added at the state whose path is `state`, in the order they are explored,
  /// each with the round that added it (rounds up to the current one).
  const std::vector<std::pair<uint32_t, unsigned>> *at(const SplitPath &state) const;
  /// Whether a branch of the current round lies at `state` or below it.
  bool leadsToCurrent(const SplitPath &state) const;
  bool empty() const { return added_.empty(); }

  /// Every branch with its round, in the order added (for the wire and checkpoints).
  std::vector<std::pair<Branch, unsigned>> all() const;
  /// Rebuilt from all() and the current round.
  static SplitRounds from(const std::vector<std::pair<Branch, unsigned>> &branches,
                          unsigned current);

private:
  unsigned current_ = 0;
  std::map<SplitPath, std::vector<std::pair<uint32_t, unsigned>>> added_;
  std::set<SplitPath> currentStates_; // the states of the current round's branches
};

} // namespace bpor
