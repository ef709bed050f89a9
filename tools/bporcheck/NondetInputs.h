// What the user sees of nondet inputs: the value of each nondet call in an error's execution,
// and what the search covered of the inputs (docs/user-guide.md, "Nondet values").
#pragma once

#include "checker/Explorer.h"
#include "runtime/Execution.h"

#include <string>
#include <vector>

namespace bpor {

/// Symbolic mode: re-runs the error's schedule twice, the second time with the first run's
/// final model from the start, so that every event of report.trace shows the values the inputs
/// have in the error's execution; returns those values (empty in values mode).
std::vector<NondetValue> settleSymbolicTrace(Execution &execution, ErrorReport &report,
                                             uint64_t maxDepth);

/// "thread 0 at prog.c:8: 42" per input.
std::vector<std::string> describeNondetValues(const Model &model,
                                              const std::vector<NondetValue> &values);

/// "" if every value of every nondet input was covered; else what was not, e.g. "3 nondet
/// values were fixed to the value they had (2 as a pointer or memory index, ...)". Heap bytes
/// never written count as inputs: a load of one read 0, one of the values it may hold.
/// Also a wait that began after its thread had used up its spurious wakeups. `gaps`: the gaps
/// to describe (the deciding search's), execution.coverageGaps() by default.
std::string dataCoverageGap(const Execution &execution);
std::string dataCoverageGap(const Execution &execution, const CoverageGaps &gaps);

} // namespace bpor
