#include "tests/pipeline/WeakMemoryCheck.h"
#include "tests/pipeline/CompileProgram.h"
#include "tests/support/GraphEnumerator.h"

#include "checker/graph/GraphSearch.h"

#include <fmt/format.h>

#include <map>

namespace bpor::testing {

WeakMemoryCheck checkWeakMemory(const CProgram &program,
                                const std::vector<graph::MemoryModel> &models,
                                uint64_t maxInterleavings) {
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
    std::map<std::string, unsigned> found;
    graph::GraphSearchOptions options;
    options.model = m;
    options.onGraph = [&](const graph::Graph &g) { ++found[g.canonical()]; };
    // Every consistency check by vector clocks is made with the reference axioms too.
    uint64_t disagreements = 0;
    options.disagreements = &disagreements;
    SearchOptions search;
    search.keepGoing = true;
    SearchResult result = graph::exploreGraphs(model, search, options);
    std::set<std::string> errors;
    for (const ErrorReport &report : result.errors)
      errors.insert(report.error.kind == ErrorKind::Deadlock
                        ? fmt::format("{} at 0", errorKindName(report.error.kind))
                        : fmt::format("{} at {}", errorKindName(report.error.kind),
                                      report.error.location));
    size_t missed = 0, extra = 0, twice = 0;
    for (const std::string &g : expected.graphs)
      missed += !found.count(g);
    for (const auto &[g, count] : found) {
      extra += !expected.graphs.count(g);
      twice += count - 1;
    }
    out.graphs.emplace_back(m, expected.graphs.size());
    if (disagreements)
      check.mismatches.push_back(fmt::format(
          "{}: the consistency check by vector clocks disagreed with the reference axioms on "
          "{} graphs",
          graph::memoryModelName(m), disagreements));
    if (missed || extra || twice || !result.complete || errors != expected.errors) {
      std::string text = fmt::format(
          "{}: {} of the oracle's {} graphs missed, {} graphs not the oracle's, {} explored "
          "twice, complete {}; errors:",
          graph::memoryModelName(m), missed, expected.graphs.size(), extra, twice,
          result.complete);
      for (const std::string &e : errors)
        text += " " + e;
      text += " against the oracle's:";
      for (const std::string &e : expected.errors)
        text += " " + e;
      for (const std::string &g : expected.graphs)
        if (!found.count(g))
          text += "\n    missed:\n" + g;
      for (const auto &[g, count] : found)
        if (!expected.graphs.count(g) || count > 1)
          text += fmt::format("\n    found {} times:\n{}", count, g);
      check.mismatches.push_back(text);
    }
  }
  return out;
}

} // namespace bpor::testing
