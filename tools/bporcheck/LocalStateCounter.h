// --hash-states: the number of unique local states a search reaches, the metric of the
// dissertation's experiments (chapter 8). Each explored execution's events are hashed with
// checker/StateHash (Definition 2.1: an event with its happens-before past, canonical across
// interleavings) and the hashes kept in a set, so memory grows with the number of states.
#pragma once

#include "checker/Explorer.h"

#include <cstdint>
#include <string>
#include <unordered_set>

namespace bpor::tool {

class LocalStateCounter {
public:
  /// An observer for explore() or exploreOptimal() that records every execution's local states.
  ExecutionObserver observer();
  /// Distinct local states seen so far.
  uint64_t count() const { return hashes_.size(); }
  /// The distinct local-state hashes themselves (--dump-local-states, and the validation that
  /// compares the sets two searches reach).
  const std::unordered_set<uint64_t> &hashes() const { return hashes_; }
  /// Writes the hashes to `path`, sorted, one 16-digit hex number a line; returns an error
  /// message or "".
  std::string write(const std::string &path) const;

private:
  std::unordered_set<uint64_t> hashes_;
};

} // namespace bpor::tool
