// The total adequate order of Esparza, Römer and Vogler ("An improvement of McMillan's unfolding
// algorithm", 2002) on local configurations, which decides cutoffs (seeds/004, section 5.2 and
// appendix C.1): [e'] precedes [e] if it is smaller; at equal size, if its Parikh vector (how
// often each transition occurs) is smaller lexicographically; and at equal Parikh vectors, if
// its Foata normal form (the Parikh vectors of its levels, a level being the events whose
// longest causal chain has the same length) is smaller. Being total, it lets an event whose
// state another configuration of the same size reached be a cutoff, which McMillan's size order
// alone never does (threads adding to a sum in either order reach one state).
//
// Transitions are compared by number: each distinct transition (thread as the model numbers it,
// kind, source location, footprint, data choice) is numbered when first met, which is a total
// order on transitions as the definition needs (the search numbers them down from the top, so
// that what it explores first is least: UnfoldingSearch::transitionNumber).
#pragma once

#include "checker/unfolding/Event.h"

#include <cstdint>
#include <vector>

namespace bpor::unfolding {

struct OrderKey {
  uint32_t size = 0;
  std::vector<uint32_t> parikh;              // transition numbers, sorted
  std::vector<std::vector<uint32_t>> levels; // per level, transition numbers sorted
};

/// The key of [e]; every event of [e] must have its transition number and level set.
OrderKey orderKeyOf(const Event &e);

/// Whether [a] strictly precedes [b] in the order.
bool precedes(const OrderKey &a, const OrderKey &b);

} // namespace bpor::unfolding
