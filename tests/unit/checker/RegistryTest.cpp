// The table of searches (checker/registry/SearchRegistry.h): every exhaustive search it names
// finds the same distinct errors (kind and wording) as exhaustive search on generated programs,
// and reports itself complete; random testing never does.
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"

#include "checker/registry/SearchRegistry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace bpor;
using namespace bpor::testing;

namespace {

/// The distinct errors a search reported: kind and message.
std::set<std::pair<ErrorKind, std::string>> errorsOf(const SearchResult &result) {
  std::set<std::pair<ErrorKind, std::string>> out;
  for (const ErrorReport &report : result.errors)
    out.emplace(report.error.kind, report.error.message);
  return out;
}

SearchOutcome runNamed(const SearchKind &kind, const Program &program) {
  SearchRequest request;
  request.options.keepGoing = true;
  request.options.oneReportPerError = true;
  request.options.maxExecutions = kind.exhaustive ? 0 : 50;
  if (kind.bounds == BoundUse::Required) { // a bound no generated program reaches
    request.options.bound = BoundKind::Preemption;
    request.options.boundValue = 100;
  }
  ProgramModel model(program);
  return kind.run(model, request, {});
}

} // namespace

TEST(SearchRegistry, NamesEverySearchOnce) {
  std::set<std::string_view> names;
  for (const SearchKind &kind : searchKinds()) {
    EXPECT_TRUE(names.insert(kind.name).second) << kind.name;
    EXPECT_EQ(findSearch(kind.name), &kind);
    EXPECT_FALSE(kind.summary.empty());
  }
  for (std::string_view name : {"none", "dpor", "bpor", "source", "optimal", "rf", "stateful",
                                "unfolding", "pct"})
    EXPECT_NE(findSearch(name), nullptr) << name;
  EXPECT_EQ(findSearch("dfs"), nullptr);
  EXPECT_EQ(searchKindList(),
            "none, dpor, bpor, source, optimal, rf, stateful, unfolding or pct");
}

TEST(SearchRegistry, ExhaustiveSearchesAgreeWithExhaustiveSearch) {
  GeneratorOptions generator;
  generator.assumes = true;
  unsigned readsFromCompared = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Program program = generateProgram(seed, generator);
    SearchOutcome reference = runNamed(*findSearch("none"), program);
    ASSERT_TRUE(reference.search.complete) << seed;
    for (const SearchKind &kind : searchKinds()) {
      SearchOutcome found = runNamed(kind, program);
      if (!kind.exhaustive) {
        EXPECT_FALSE(found.search.complete) << kind.name;
        continue;
      }
      // The reads-from search refuses what it does not take yet (the test models' locks are
      // no pthread mutexes, their nondet values data choices), naming it; and an execution
      // that an error or a failed assumption ended for every thread leaves it incomplete
      // (docs/reads-from.md). Either way no "ok" it cannot back: the errors it found are the
      // program's.
      if (kind.name == "rf" && !found.search.complete) {
        std::set<std::pair<ErrorKind, std::string>> mine = errorsOf(found.search),
                                                    all = errorsOf(reference.search);
        bool refused = !found.search.errors.empty() &&
                       found.search.errors.front().error.kind == ErrorKind::Unsupported;
        if (!refused) {
          EXPECT_TRUE(std::includes(all.begin(), all.end(), mine.begin(), mine.end())) << seed;
        }
        continue;
      }
      readsFromCompared += kind.name == "rf";
      if (kind.name == "stateful") { // the test models have no state keys
        EXPECT_FALSE(found.search.complete) << seed;
        EXPECT_NE(found.incompleteReason.find("no state keys"), std::string::npos)
            << found.incompleteReason;
        continue;
      }
      EXPECT_TRUE(found.search.complete) << kind.name << " seed " << seed;
      EXPECT_EQ(errorsOf(found.search), errorsOf(reference.search))
          << kind.name << " seed " << seed;
    }
  }
  EXPECT_GE(readsFromCompared, 5u);
}

// The facts the command asks of a search instead of comparing its name.
TEST(SearchRegistry, FactsTheCommandAsks) {
  for (const SearchKind &kind : searchKinds()) {
    EXPECT_FALSE(kind.title.empty()) << kind.name;
    // Only the engine's searches take best-first order; only source-DPOR, optimal DPOR and
    // BPOR divide over workers.
    EXPECT_EQ(kind.engine.has_value(),
              kind.name == "none" || kind.name == "dpor" || kind.name == "bpor")
        << kind.name;
    EXPECT_EQ(kind.parallel,
              kind.name == "source" || kind.name == "optimal" || kind.name == "bpor")
        << kind.name;
    EXPECT_EQ(kind.storesStates, kind.counts == ResultUnit::States) << kind.name;
  }
  EXPECT_EQ(findSearch("optimal")->title, "optimal DPOR");
  EXPECT_EQ(findSearch("dpor")->engine, PorMode::Dpor);
  // Divided among MPI ranks: source-DPOR and BPOR by units, optimal DPOR by shared states; not
  // the reads-from search or DPOR with sleep sets.
  EXPECT_TRUE(findSearch("source")->distributed);
  EXPECT_TRUE(findSearch("bpor")->distributed);
  EXPECT_TRUE(findSearch("optimal")->distributed);
  EXPECT_FALSE(findSearch("rf")->distributed);
  EXPECT_FALSE(findSearch("dpor")->distributed);
  EXPECT_EQ(findSearch("stateful")->counts, ResultUnit::States);
  EXPECT_EQ(findSearch("none")->executions, ExecutionsAre::Schedules);
  EXPECT_EQ(findSearch("optimal")->executions, ExecutionsAre::Traces);
  EXPECT_EQ(findSearch("unfolding")->ownOptions, OwnOptions::Unfolding);
}
