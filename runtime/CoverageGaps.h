// What an Execution's runs left out of the program's behaviours, and the values its nondet calls
// returned: what the verdict states beyond "no error" (tools/bporcheck/Report.cpp).
#pragma once

#include "core/Model.h"
#include "core/NondetKind.h"
#include "interp/Symbolic.h"

#include <array>
#include <cstdint>
#include <set>

namespace bpor {

/// What the executions so far left out, counted over the Execution's whole life (restarts and
/// restores do not reset it): a search whose executions drew from a partial domain or were
/// refused a spurious wakeup did not cover every behaviour of the program.
struct CoverageGaps {
  /// Nondet calls whose type has more values than the choices offered (nondetDomain).
  uint64_t partialNondetDraws = 0;
  /// Waits that began after their thread had used up its spurious wakeups.
  uint64_t spuriousWakeupsWithheld = 0;
  /// rand() calls: they return the C standard's fixed sequence, not every value a real
  /// generator (seeded by anything) may return.
  uint64_t fixedRandomValues = 0;
  /// Allocations that may fail under SV-COMP's rules (every allocation function but malloc and
  /// alloca: calloc, realloc, aligned_alloc) that succeeded: their failing was not explored
  /// (ExecutionOptions::onlyMallocNeverFails).
  uint64_t allocationsAssumedToSucceed = 0;
  /// Loads of heap bytes that were never written (malloc's memory, Memory::markUndefined):
  /// they read 0, where the program may see any value. The location id of the first one.
  uint64_t undefinedReads = 0;
  uint32_t firstUndefinedRead = 0;
  /// Symbolic nondet values made concrete, by reason (interp/Symbolic.h): the executions
  /// covered only the value each had then.
  std::array<uint64_t, size_t(Concretisation::NumKinds)> concretised{};
  uint64_t concretisedTotal() const {
    uint64_t total = 0;
    for (uint64_t n : concretised)
      total += n;
    return total;
  }
  /// Adds another model's gaps (the workers of a parallel search).
  void add(const CoverageGaps &other) {
    partialNondetDraws += other.partialNondetDraws;
    spuriousWakeupsWithheld += other.spuriousWakeupsWithheld;
    fixedRandomValues += other.fixedRandomValues;
    allocationsAssumedToSucceed += other.allocationsAssumedToSucceed;
    if (!firstUndefinedRead)
      firstUndefinedRead = other.firstUndefinedRead;
    undefinedReads += other.undefinedReads;
    for (size_t k = 0; k < concretised.size(); ++k)
      concretised[k] += other.concretised[k];
    solverUnknowns += other.solverUnknowns;
    for (uint32_t site : other.weakOrderSites)
      addWeakOrder(site);
  }
  void addWeakOrder(uint32_t location) {
    if (!weakOrderSites.insert(location).second)
      return;
    ++weakOrders;
    if (!firstWeakOrder)
      firstWeakOrder = location;
  }
  /// Path conditions Z3 could not decide in other models (add()); the CoverageCounter adds this
  /// model's own (CoverageCounter::solverUnknowns).
  uint64_t solverUnknowns = 0;
  /// The atomic operations of the program (distinct places) with a memory order weaker than
  /// seq_cst (relaxed, acquire, release, acq_rel) that the executions treated as sequentially
  /// consistent: the behaviours only a weaker memory model allows were not explored. The
  /// location id of the first one met.
  uint64_t weakOrders = 0;
  uint32_t firstWeakOrder = 0;
  std::set<uint32_t> weakOrderSites;
};

/// The value a nondet call returned in an execution (symbolic mode: in the model of the path).
struct NondetValue {
  ThreadId thread = 0;
  uint32_t location = 0;
  unsigned bits = 0;
  NondetKind kind = NondetKind::Unsigned;
  uint64_t value = 0;
  /// The steps of the execution before the call: it lies between trace event afterStep - 1
  /// and trace event afterStep.
  uint32_t afterStep = 0;
};

} // namespace bpor
