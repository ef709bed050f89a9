// The estimate of a search's size: which tree the chosen search's count follows, sampling it
// with Knuth's estimator (checker/estimate/TreeEstimate.h) on a model of its own while the search
// runs, and the words the progress line and --estimate print (docs/design.md, "Estimating the
// size of a search").
#pragma once

#include "checker/estimate/TreeEstimate.h"
#include "tools/bporcheck/Options.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace bpor::tool {

/// The tree whose leaves the search `options` chooses counts as its executions (with the
/// sleep-set-blocked ones left out), or none for a search whose count is something else: a
/// bounded, best-first, stateful, unfolding, random or weak-memory search, or DPOR without
/// sleep sets (which explores a trace more than once).
std::optional<EstimateTree> estimateTreeFor(const Options &options);

/// The executions of `stats` that the tree's leaves stand for.
uint64_t estimatedCount(EstimateTree tree, const Statistics &stats);

/// "~1.2e+06 executions (approximate 95% interval 1.1e+06 to 1.3e+06, 400 samples)"; the
/// interval starts at `atLeast` or above (what a search has done already).
std::string describeEstimate(const TreeEstimate &estimate, double atLeast = 0);

/// Samples while a search runs, on a model of its own (made on first use), taking at most
/// `share` of the time elapsed so far: the search loses no more than that (docs/results.md).
class BackgroundEstimate {
public:
  using ModelMaker = std::function<std::shared_ptr<Model>()>;
  BackgroundEstimate(ModelMaker makeModel, uint64_t maxDepth, double share = 0.01);
  /// Samples until the share of `elapsedSeconds` is used, or the estimate is precise enough.
  void advance(double elapsedSeconds);
  /// The estimate so far, if it has samples.
  const TreeEstimate *estimate() const;
  /// The text the progress line adds for `tree`, given what the search has done: the
  /// estimate and, at the search's rate, the time left; "" if there is none yet or the search
  /// in progress counts something else.
  std::string progressText(std::optional<EstimateTree> tree, const Statistics &stats,
                           double elapsedSeconds);
  /// Once, when a progressText after ten seconds found the search far from its end at its rate
  /// (the low end of a precise estimate's interval an hour or more away, or a rough estimate's
  /// mean a day or more): a warning that says so and names what gets an answer sooner; else "".
  std::string explosionWarning();

private:
  /// How far from its end progressText found the search ("6 days or more"), if far.
  std::string farFromEnd_;
  bool warned_ = false;
  ModelMaker makeModel_;
  uint64_t maxDepth_;
  double share_;
  double spentSeconds_ = 0;
  std::optional<EstimateTree> tree_;
  std::shared_ptr<Model> model_;
  std::unique_ptr<TreeSampler> sampler_;
  bool failed_ = false;
};

/// --estimate: samples `model` (no search is using it) until the estimate is precise enough or
/// `timeLimitSeconds` have passed (0: 10 seconds).
TreeEstimate sampleUpFront(Model &model, EstimateTree tree, uint64_t maxDepth,
                           double timeLimitSeconds);

/// Enough samples: the 95% interval within 5% of the estimate, or the cap.
bool estimatePreciseEnough(const TreeEstimate &estimate);

} // namespace bpor::tool
