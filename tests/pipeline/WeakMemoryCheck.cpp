#include "tests/pipeline/WeakMemoryCheck.h"
#include "tests/pipeline/CompileProgram.h"
#include "tests/support/GraphEnumerator.h"

#include "checker/graph/GraphSearch.h"
#include "checker/optimal/OptimalExplorer.h"

#include <fmt/format.h>

#include <algorithm>

#include <functional>
#include <map>
#include <set>

namespace bpor::testing {

namespace {

/// What a search (or the shares of a divided one) found: each graph with how often, the
/// errors by kind and place.
struct Found {
  std::map<std::string, unsigned> graphs;
  std::set<std::string> errors;
  bool complete = true;
  /// Some search stopped at an error another thread could still have gone on from (the graph
  /// search's rule under keepGoing, GraphSearch::enter), and none stopped for another reason.
  bool stoppedAtError = false, stoppedOtherwise = false;
};

/// A mismatch, if `found` is not the oracle's graphs (each once) and errors.
void compareWithOracle(const Found &found, const EnumeratedGraphs &expected,
                       const std::string &what, std::vector<std::string> &mismatches) {
  size_t missed = 0, extra = 0, twice = 0;
  for (const std::string &g : expected.graphs)
    missed += !found.graphs.count(g);
  for (const auto &[g, count] : found.graphs) {
    extra += !expected.graphs.count(g);
    twice += count - 1;
  }
  if (!missed && !extra && !twice && found.complete && found.errors == expected.errors)
    return;
  // A search that stopped at an error, incomplete by design, is held to what it explored: only
  // the oracle's graphs, each once, and only the oracle's errors.
  bool errorsExpected = std::includes(expected.errors.begin(), expected.errors.end(),
                                      found.errors.begin(), found.errors.end());
  if (!found.complete && found.stoppedAtError && !found.stoppedOtherwise && !extra && !twice &&
      !found.errors.empty() && errorsExpected)
    return;
  std::string text = fmt::format("{}: {} of the oracle's {} graphs missed, {} graphs not the "
                                 "oracle's, {} explored twice, complete {}; errors:",
                                 what, missed, expected.graphs.size(), extra, twice,
                                 found.complete);
  for (const std::string &e : found.errors)
    text += " " + e;
  text += " against the oracle's:";
  for (const std::string &e : expected.errors)
    text += " " + e;
  for (const std::string &g : expected.graphs)
    if (!found.graphs.count(g))
      text += "\n    missed:\n" + g;
  for (const auto &[g, count] : found.graphs)
    if (!expected.graphs.count(g) || count > 1)
      text += fmt::format("\n    found {} times:\n{}", count, g);
  mismatches.push_back(text);
}

/// g's canonical text without the waits the threads end in. Only an execution that the
/// process's exit ends has them (threads that wait for a lock, at a spin loop, ... when main
/// returns); the oracle's interleavings never step a thread into a wait.
std::string withoutWaits(const graph::Graph &g) {
  graph::Graph stripped = g;
  for (std::vector<graph::Event> &events : stripped.threads)
    if (!events.empty() && events.back().blocked)
      events.pop_back();
  return stripped.canonical();
}

/// "kind at location" of each error (a deadlock's location is the whole program's).
std::set<std::string> errorKeys(const SearchResult &result) {
  std::set<std::string> keys;
  for (const ErrorReport &report : result.errors)
    keys.insert(report.error.kind == ErrorKind::Deadlock
                    ? fmt::format("{} at 0", errorKindName(report.error.kind))
                    : fmt::format("{} at {}", errorKindName(report.error.kind),
                                  report.error.location));
  return keys;
}

/// The graph search under `m` (a share of it, given a split), added to `found`; every
/// consistency check by vector clocks is made with the reference axioms too, and each
/// disagreement counted.
void exploreInto(Model &model, graph::MemoryModel m, const SearchSplit *split, Found &found,
                 uint64_t &disagreements) {
  graph::GraphSearchOptions options;
  options.model = m;
  options.onGraph = [&](const graph::Graph &g) { ++found.graphs[withoutWaits(g)]; };
  options.disagreements = &disagreements;
  SearchOptions search;
  search.keepGoing = true;
  search.split = split;
  SearchResult result = graph::exploreGraphs(model, search, options);
  std::set<std::string> errors = errorKeys(result);
  found.errors.insert(errors.begin(), errors.end());
  found.complete = found.complete && result.complete;
  if (!result.complete) {
    bool atError = result.limit == SearchLimit::None && !result.errors.empty();
    found.stoppedAtError = found.stoppedAtError || atError;
    found.stoppedOtherwise = found.stoppedOtherwise || !atError;
  }
}

/// A mismatch if the consistency checks by vector clocks disagreed with the reference axioms.
void noteDisagreements(graph::MemoryModel m, uint64_t disagreements,
                       std::vector<std::string> &mismatches) {
  if (disagreements)
    mismatches.push_back(fmt::format("{}: the consistency check by vector clocks disagreed with "
                                     "the reference axioms on {} graphs",
                                     graph::memoryModelName(m), disagreements));
}

/// A mismatch unless the default search (optimal DPOR, under SC) finds `expected`'s errors.
void compareDefaultSearch(Model &model, const EnumeratedGraphs &expected,
                          std::vector<std::string> &mismatches) {
  SearchOptions search;
  search.keepGoing = true;
  SearchResult sc = exploreOptimal(model, search, OptimalVariant::Optimal);
  std::set<std::string> errors = errorKeys(sc);
  if (sc.complete && errors == expected.errors)
    return;
  std::string text = "the default search under SC: complete " +
                     std::string(sc.complete ? "true" : "false") + "; errors:";
  for (const std::string &e : errors)
    text += " " + e;
  text += " against the SC graphs':";
  for (const std::string &e : expected.errors)
    text += " " + e;
  mismatches.push_back(text);
}

} // namespace

WeakMemoryCheck checkWeakMemory(const CProgram &program,
                                const std::vector<graph::MemoryModel> &models,
                                uint64_t maxInterleavings, bool againstSC) {
  WeakMemoryCheck out;
  PipelineCheck &check = out.check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return out;
  Model &model = *built[0].model;
  for (graph::MemoryModel m : models) {
    EnumeratedGraphs expected = enumerateGraphs(model, m, maxInterleavings);
    if (!expected.complete) {
      check.skipped = true;
      continue;
    }
    uint64_t disagreements = 0;
    auto explore = [&](const SearchSplit *split, Found &found) {
      exploreInto(model, m, split, found, disagreements);
    };
    if (againstSC && m == graph::MemoryModel::SC)
      compareDefaultSearch(model, expected, check.mismatches);
    Found whole;
    explore(nullptr, whole);
    out.graphs.emplace_back(m, expected.graphs.size());
    noteDisagreements(m, disagreements, check.mismatches);
    compareWithOracle(whole, expected, graph::memoryModelName(m), check.mismatches);
    // The search divided as -j and mpirun divide it (SearchSplit): the units at one split depth
    // (by program) dealt out in turn to three shares, each explored by a search of its own;
    // together they find each of the oracle's graphs once, and its errors.
    constexpr uint64_t Shares = 3;
    size_t depth = 1 + std::hash<std::string>{}(program.source) % 12;
    Found divided;
    for (uint64_t share = 0; share < Shares; ++share) {
      SearchSplit split;
      split.depth = depth;
      split.claim = [&](uint64_t unit, bool, bool, const Statistics &) {
        return unit % Shares == share;
      };
      explore(&split, divided);
    }
    compareWithOracle(divided, expected,
                      fmt::format("{} divided at depth {} into {} shares",
                                  graph::memoryModelName(m), depth, Shares),
                      check.mismatches);
  }
  return out;
}

WeakMemoryCheck checkWeakNondet(const CProgram &program,
                                const std::vector<graph::MemoryModel> &models,
                                uint64_t maxInterleavings, bool againstSC) {
  WeakMemoryCheck out;
  PipelineCheck &check = out.check;
  llvm::LLVMContext context;
  ModelConfig enumerated;
  enumerated.enumerateSmallNondet = true;
  enumerated.nondetClasses = false;
  ModelConfig symbolicConfig;
  symbolicConfig.symbolicNondet = true;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {enumerated, symbolicConfig}, check.mismatches);
  if (!check.mismatches.empty())
    return out;
  Model &values = *built[0].model, &symbolic = *built[1].model;
  const Execution &symbolicExecution = *built[1].execution;
  for (graph::MemoryModel m : models) {
    EnumeratedGraphs expected = enumerateGraphs(values, m, maxInterleavings);
    if (!expected.complete) {
      check.skipped = true;
      continue;
    }
    out.graphs.emplace_back(m, expected.graphs.size());
    uint64_t disagreements = 0;
    Found byValue;
    exploreInto(values, m, nullptr, byValue, disagreements);
    compareWithOracle(byValue, expected,
                      fmt::format("{}, every value enumerated", graph::memoryModelName(m)),
                      check.mismatches);
    uint64_t fixedBefore = symbolicExecution.coverageGaps().concretisedTotal();
    Found bySymbol;
    exploreInto(symbolic, m, nullptr, bySymbol, disagreements);
    noteDisagreements(m, disagreements, check.mismatches);
    if (symbolicExecution.coverageGaps().concretisedTotal() != fixedBefore) {
      check.concretised = true; // fixed with loss: the search may miss errors, no check
    } else {
      // The graphs differ (one nondet event against one per value); the errors may not.
      bySymbol.graphs.clear();
      for (const std::string &g : expected.graphs)
        bySymbol.graphs[g] = 1;
      compareWithOracle(bySymbol, expected,
                        fmt::format("{}, the input symbolic", graph::memoryModelName(m)),
                        check.mismatches);
    }
    if (againstSC && m == graph::MemoryModel::SC) {
      std::vector<std::string> mismatches;
      fixedBefore = symbolicExecution.coverageGaps().concretisedTotal();
      compareDefaultSearch(symbolic, expected, mismatches);
      if (symbolicExecution.coverageGaps().concretisedTotal() != fixedBefore)
        check.concretised = true;
      else
        check.mismatches.insert(check.mismatches.end(), mismatches.begin(), mismatches.end());
    }
  }
  return out;
}

} // namespace bpor::testing
