// Source-DPOR and optimal DPOR (Abdulla, Aronis, Jonsson, Sagonas: "Optimal dynamic partial
// order reduction", POPL 2014, Algorithms 1 and 2; "Source sets: a foundation for optimal
// dynamic partial order reduction", JACM 2017). docs/optimal-dpor.md explains how they are
// adapted to this checker's operations (blocking acquisitions, joins, data choices, events that
// end the execution).
//
// Both explore every Mazurkiewicz trace of the model (under checker/Dependence.h's relation,
// plus program order) at least once. Optimal DPOR explores exactly one execution per trace and
// none that ends sleep-set blocked; source-DPOR may explore sleep-set-blocked executions.
#pragma once

#include "checker/Explorer.h"

namespace bpor {

enum class OptimalVariant : uint8_t {
  Source,  // source sets with sleep sets (Algorithm 1)
  Optimal, // wakeup trees with sleep sets (Algorithm 2)
};

const char *optimalVariantName(OptimalVariant variant);

/// Explores `model` with the chosen variant. SearchOptions and the result keep the meanings of
/// explore() (checker/Explorer.h): maxDepth (livelock), maxExecutions, timeLimitSeconds,
/// keepGoing, progress; a deadlock is reported when threads remain and none is enabled;
/// stats.sleepSetBlocked counts executions ended because every enabled thread slept.
/// options.por is ignored. Bounds do not apply to these reductions: options.bound must be
/// BoundKind::None, otherwise std::invalid_argument is thrown ("optimal DPOR and source-DPOR
/// do not support bounds").
SearchResult exploreOptimal(Model &model, const SearchOptions &options, OptimalVariant variant,
                            const ExecutionObserver &observer = {});

} // namespace bpor
