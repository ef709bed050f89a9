// What a divided BPOR search (SearchOptions::split) records of the bound's pruning, so that
// once every worker's record is merged it can tell whether the bound cut a transition the search
// needed: SearchResult::boundPruned, the ground of "the bound pruned nothing" (docs/design.md,
// "BPOR: a split at a depth"). Above the split every enabled thread branches, a superset of what
// BPOR asks for; a unit below a branch BPOR's rules do not ask for is not needed for the claim
// that the search covered every schedule, so what the bound cuts there does not count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace bpor {

/// A path: the steps (thread, choice) from the initial state to a state above the split (or to
/// a unit's root), flattened as thread, choice, thread, choice, ...
using SplitPath = std::vector<uint32_t>;

struct SplitPruning {
  /// A thread BPOR's Initialize or Backtrack asked for at a state above the split, with what
  /// the ask comes from: the path of the unit whose execution raced (or of the state whose
  /// Initialize asked), then the state's path followed by the thread.
  using Ask = std::pair<SplitPath, std::vector<uint32_t>>;
  std::set<Ask> asked;
  /// Where the bound cut something: the path of the unit whose subtree it cut in, or of the
  /// state above the split where it excluded a transition BPOR asked for.
  std::set<SplitPath> pruned;

  bool empty() const { return asked.empty() && pruned.empty(); }
  void merge(const SplitPruning &other);
  /// Whether the bound cut something in the tree of needed branches: the least set of branches
  /// above the split closed under "asked for from a path of needed branches" (the one search's
  /// rule, whatever the order of exploration), with the units below them. Without a cut there,
  /// that tree is a complete search without the bound.
  bool cutNeeded() const;
};

} // namespace bpor
