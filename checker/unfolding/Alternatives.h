// Alt(C, D) of seeds/004 (Definition "Alternatives"): a configuration J in U such that C u J is
// a configuration and every event of D is in immediate conflict with some event of C u J.
//
// Found as a comb: for each event d of D that C does not already exclude, its spikes are the
// events of U in immediate conflict with d whose local configurations are compatible with C;
// J is the union of one spike's local configuration per d, chosen pairwise compatible
// (conflict is binary, so pairwise compatibility makes the union a configuration).
//
// With `partial` = k > 0 the alternative need conflict with only k events of D (the newest
// one, which the right branch must exclude, and the k - 1 added before it): a k-partial
// alternative (Nguyen et al., "Quasi-optimal partial order reduction", CAV 2018). It is cheaper
// to find but may lead to configurations whose enabled events are all in D (sleep-set blocked
// executions); partial = 0 asks for all of D and gives the optimal exploration.
#pragma once

#include "checker/unfolding/Event.h"

#include <optional>
#include <vector>

namespace bpor::unfolding {

/// `C` is the configuration (its events marked inC), `D` in the order its events were added.
/// Returns J \ C sorted by id, or nothing if there is no alternative.
std::optional<std::vector<Event *>> findAlternative(const std::vector<Event *> &C,
                                                    const std::vector<Event *> &D,
                                                    unsigned partial);

/// Whether some event of the configuration C (marked inC) conflicts with `event`, an extension
/// of C (its causes are in C).
bool conflictsWithConfiguration(const Event &event, const std::vector<Event *> &C);

} // namespace bpor::unfolding
