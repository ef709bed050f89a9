// Estimates the size of a search before (or while) it runs: Knuth's estimator (Knuth, "Estimating
// the efficiency of backtrack programs", 1975) over random executions from the initial state.
//
// A random execution chooses uniformly among the b_1, b_2, ... enabled threads (and data
// choices) of the states it passes; its probability is 1 / (b_1 b_2 ...), so the product
// b_1 b_2 ... has as expectation the number of maximal executions (interleavings), and the mean
// of independent samples estimates it without bias, the sample standard deviation telling how
// far it may be. Exact when every state at one depth has the same number of branches.
//
// What the leaves count (EstimateTree):
//  - Interleavings: every execution: the exhaustive search's count (--search=none).
//  - Traces: each execution weighs 1 / L, L being the number of interleavings of its
//    Mazurkiewicz trace (the linear extensions of its happens-before order, counted over the
//    order's consistent cuts): the expectation is the number of traces, which is what optimal
//    DPOR explores, and what source and classic DPOR explore beyond their sleep-set-blocked
//    executions. Unlike Knuth's estimator on the sleep-set tree, no sample is wasted on a
//    blocked path (those take nearly every path of a program with a few independent steps).
// Both are heavy-tailed when a few rare executions carry most of the weight: the spread is an
// estimate too (docs/design.md, "Estimating the size of a search").
#pragma once

#include "core/Model.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace bpor {

enum class EstimateTree : uint8_t { Interleavings, Traces };

/// What the samples so far say about the number of leaves.
struct TreeEstimate {
  uint64_t samples = 0;
  double mean = 0;   // the estimate: the mean of the samples' weights
  double stddev = 0; // the sample standard deviation of the weights
  /// Samples cut at the depth limit (counted as executions there, as the searches end them).
  uint64_t depthLimited = 0;
  /// Samples whose trace was too long or too wide to count its interleavings (Traces): while
  /// there is one, there is no estimate.
  uint64_t unweighed = 0;
  /// Samples whose weight passed a double's range (about 1.8e308: 200 threads that each take a
  /// lock once weigh 200!): while there is one, the mean says only that the count is beyond it.
  uint64_t overflowed = 0;
  /// Kish's effective sample size, n / (1 + cv^2) with cv the weights' coefficient of
  /// variation: how many equally weighted samples these are worth. Far below `samples`, a few
  /// samples carry the estimate, and its spread is not known either.
  double effectiveSamples() const {
    if (samples < 2 || mean <= 0)
      return 0;
    double cv2 = stddev * stddev * double(samples - 1) / double(samples) / (mean * mean);
    return double(samples) / (1 + cv2);
  }
  /// Half the width of the 95% confidence interval of the mean (normal approximation; infinite
  /// below two samples).
  double halfWidth95() const {
    return samples > 1 ? 1.96 * stddev / std::sqrt(double(samples))
                       : std::numeric_limits<double>::infinity();
  }
};

class TreeSampler {
public:
  /// Samples `model`'s executions; restarts it for every one, so no search may be using it.
  TreeSampler(Model &model, EstimateTree tree, uint64_t seed, uint64_t maxDepth);
  /// Runs one random execution and adds its weight to the estimate.
  void sample();
  const TreeEstimate &estimate() const { return estimate_; }
  /// The number the estimate is of: every execution's weight summed, by running them all
  /// (exponential: for tests).
  double exactTotal();

private:
  /// One random execution's weight (negative: it could not be weighed).
  double walk();
  /// 1 / (its trace's interleavings) for the execution in events_ (0 if too costly to count).
  double traceWeight(bool endedEarly);
  uint64_t nextRandom(uint64_t below);
  double sumBelow(std::vector<std::pair<ThreadId, uint32_t>> &prefix);

  Model &model_;
  EstimateTree tree_;
  uint64_t state_;
  uint64_t maxDepth_;
  TreeEstimate estimate_;
  double sumSquares_ = 0; // Welford's running sum of squared deviations
  std::vector<Operation> events_; // the execution of the sample in progress
};

} // namespace bpor
