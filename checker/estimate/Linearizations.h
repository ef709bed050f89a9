// The number of interleavings of one execution's Mazurkiewicz trace: the linear extensions of
// its happens-before order (program order and the order of dependent events, checker/
// Dependence.h), which is what the trace-weighted estimate divides by (TreeEstimate.h).
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <vector>

namespace bpor {

/// Counts the interleavings of `events` (an execution, in order; each event's `thread` set).
/// With `lastEndsAll`, the last event ended the execution while other threads could have run:
/// it stays last in every interleaving, as it disables everything after it. Counting walks the
/// order's consistent cuts level by level (a cut: how many events of each thread ran), so it
/// costs about their number times the threads; beyond `maxCuts` cuts on one level it gives up
/// and returns 0. Large counts are approximate (doubles).
double countLinearizations(const std::vector<Operation> &events, bool lastEndsAll,
                           uint64_t maxCuts);

} // namespace bpor
