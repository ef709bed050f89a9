// The reads-from search (--search=rf): one execution per reads-from equivalence class under
// sequential consistency (Abdulla, Atig, Jonsson, Lång, Ngo, Sagonas: "Optimal stateless model
// checking for reads-from equivalence under sequential consistency", OOPSLA 2019), the
// algorithm as Nidhugg's RFSC implements it. Two executions are equivalent when each read
// reads from the same write: the order of writes that nobody reads between does not matter,
// which Mazurkiewicz traces (every other search) tell apart. docs/design.md, "The reads-from
// search", says which programs it takes and why.
#pragma once

#include "checker/Explorer.h"

namespace bpor {

/// Stops at the first error, or with keepGoing reports every error it meets; an error ends its
/// execution, so that where it ended one while other threads could still run, the search is
/// not complete with keepGoing (their later events, and what only they lead to, went unseen).
SearchResult exploreReadsFrom(Model &model, const SearchOptions &options,
                              const ExecutionObserver &observer = {});

} // namespace bpor
