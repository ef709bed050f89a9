#include "tools/bporcheck/Estimate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bpor::tool {

namespace {
// Knuth's products are heavy-tailed: too few samples understate the spread.
constexpr uint64_t MinSamples = 1000;
constexpr uint64_t MaxSamples = 100000;
constexpr double RelativePrecision = 0.02;
// Fewer effective samples than this: a handful of samples carry the mean; it is rough, and
// says so (still the order of magnitude a user decides by, and unbiased).
constexpr double RoughBelowEffectiveSamples = 100;
// The samples of the same seed are the same paths: an estimate is reproducible.
constexpr uint64_t EstimateSeed = 1;

// Counts up to a million in full, larger ones in two significant digits; an interval's ends
// are rounded outwards (`direction` -1: down, 1: up), so it never looks narrower than it is.
std::string count(double x, int direction = 0) {
  if (x < 1e6)
    return fmt::format("{:.0f}", direction < 0   ? std::floor(x)
                                 : direction > 0 ? std::ceil(x)
                                                 : x);
  double unit = std::pow(10.0, std::floor(std::log10(x)) - 1);
  if (direction)
    x = (direction < 0 ? std::floor(x / unit) : std::ceil(x / unit)) * unit;
  return fmt::format("{:.2g}", x);
}

// A sample's count beyond a double's range: the estimate is a lower bound of its own.
std::string beyondRange() {
  return fmt::format("more than {:.2g} executions (a sample's count passes a double's range)",
                     std::numeric_limits<double>::max());
}

std::string duration(double seconds) {
  if (seconds < 120)
    return fmt::format("{:.0f} s", seconds);
  if (seconds < 2 * 3600)
    return fmt::format("{:.0f} min", seconds / 60);
  if (seconds < 2 * 86400)
    return fmt::format("{:.0f} h", seconds / 3600);
  if (seconds < 2 * 365 * 86400)
    return fmt::format("{:.0f} days", seconds / 86400);
  return fmt::format("{:.2g} years", seconds / (365 * 86400));
}
} // namespace

std::optional<EstimateTree> estimateTreeFor(const Options &options) {
  const SearchOptions &s = options.search;
  if (options.weakMemory() || s.bound != BoundKind::None || s.strategy != Strategy::DepthFirst ||
      s.iterativeBounding || s.combinedFairBound)
    return std::nullopt;
  const SearchKind &kind = options.searchKind();
  switch (kind.executions) {
  case ExecutionsAre::Schedules:
    return EstimateTree::Interleavings;
  case ExecutionsAre::Traces:
    // Without sleep sets DPOR explores a trace more than once: its count is no trace count.
    if (kind.engine && !s.sleepSets)
      return std::nullopt;
    return EstimateTree::Traces;
  case ExecutionsAre::Other:
    break;
  }
  return std::nullopt;
}

uint64_t estimatedCount(EstimateTree tree, const Statistics &stats) {
  return tree == EstimateTree::Traces ? stats.executions - stats.sleepSetBlocked
                                      : stats.executions;
}

bool estimatePreciseEnough(const TreeEstimate &e) {
  // An unweighed or overflowed sample: no estimate to improve.
  if (e.samples >= MaxSamples || e.unweighed || e.overflowed)
    return true;
  return e.samples >= MinSamples && e.halfWidth95() <= RelativePrecision * e.mean;
}

std::string describeEstimate(const TreeEstimate &e, double atLeast) {
  if (e.unweighed)
    return "none (an execution's trace has too many interleavings to count them cheaply)";
  if (e.overflowed)
    return beyondRange();
  // A program has an execution: a mean below 1 only shows the weight is in samples not drawn.
  if (e.mean < 1)
    return fmt::format("none (the samples' weights are too uneven: {} samples are worth {:.0f} "
                       "equal ones)",
                       e.samples, e.effectiveSamples());
  double low = std::max(atLeast, e.mean - e.halfWidth95());
  double high = e.mean + e.halfWidth95();
  std::string rough =
      e.effectiveSamples() < RoughBelowEffectiveSamples
          ? fmt::format("rough: worth {:.0f} equal sample{}; ", e.effectiveSamples(),
                        e.effectiveSamples() < 1.5 ? "" : "s")
          : "";
  return fmt::format("~{} executions ({}approximate 95% interval {} to {}, {} samples)",
                     count(e.mean), rough, count(low, -1), count(high, 1), e.samples);
}

TreeEstimate sampleUpFront(Model &model, EstimateTree tree, uint64_t maxDepth,
                           double timeLimitSeconds) {
  double limit = timeLimitSeconds > 0 ? timeLimitSeconds : 10;
  auto start = std::chrono::steady_clock::now();
  TreeSampler sampler(model, tree, EstimateSeed, maxDepth);
  do
    sampler.sample();
  while (!estimatePreciseEnough(sampler.estimate()) &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < limit);
  return sampler.estimate();
}

BackgroundEstimate::BackgroundEstimate(ModelMaker makeModel, uint64_t maxDepth, double share)
    : makeModel_(std::move(makeModel)), maxDepth_(maxDepth), share_(share) {}

void BackgroundEstimate::advance(double elapsedSeconds) {
  if (failed_ || !tree_)
    return;
  if (!sampler_) {
    auto start = std::chrono::steady_clock::now();
    model_ = makeModel_();
    if (!model_) {
      failed_ = true;
      return;
    }
    sampler_ = std::make_unique<TreeSampler>(*model_, *tree_, EstimateSeed, maxDepth_);
    spentSeconds_ +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  // The budget is a share of the run so far; the clock is read once a sample.
  auto start = std::chrono::steady_clock::now();
  double budget = share_ * elapsedSeconds - spentSeconds_;
  double used = 0;
  while (used < budget && !estimatePreciseEnough(sampler_->estimate())) {
    sampler_->sample();
    used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  spentSeconds_ += used;
}

const TreeEstimate *BackgroundEstimate::estimate() const {
  return sampler_ && (sampler_->estimate().samples || sampler_->estimate().unweighed ||
                      sampler_->estimate().overflowed)
             ? &sampler_->estimate()
             : nullptr;
}

std::string BackgroundEstimate::progressText(std::optional<EstimateTree> tree,
                                             const Statistics &stats, double elapsedSeconds) {
  // A search that changed (the stateful search took over) counts something else: start again.
  if (tree != tree_) {
    tree_ = tree;
    sampler_.reset();
    spentSeconds_ = 0;
  }
  if (!tree_)
    return "";
  advance(elapsedSeconds);
  const TreeEstimate *e = estimate();
  if (!e || (e->samples < 2 && !e->unweighed && !e->overflowed))
    return "";
  // No run ends such a search: say so at once, in the warning too.
  if (e->overflowed && !e->unweighed) {
    farFromEnd_ = fmt::format("far longer than any run can last (more than {:.2g} executions)",
                              std::numeric_limits<double>::max());
    return "; estimated in all: " + beyondRange();
  }
  if (e->unweighed || e->mean < 1)
    return "; estimated in all: " + describeEstimate(*e);
  double done = double(estimatedCount(*tree_, stats));
  // Knuth's estimator is heavy-tailed: early on its mean can lie below what the search has
  // already done, which shows the samples are too few to trust; say so rather than print it.
  if (e->mean < done)
    return fmt::format("; estimated in all: more than done so far ({} samples say ~{}: too few "
                       "yet)",
                       e->samples, count(e->mean));
  std::string text = "; estimated in all: " + describeEstimate(*e, done);
  if (done > 0 && elapsedSeconds > 0) {
    text += fmt::format(", about {} to go at this rate",
                        duration((e->mean - done) * elapsedSeconds / done));
    // Far from the end: by the low end of a precise estimate's interval an hour or more to go,
    // or by a rough one's mean a day or more (its interval is not known either).
    bool rough = e->effectiveSamples() < RoughBelowEffectiveSamples;
    double left = (rough ? e->mean - done : std::max(0.0, e->mean - e->halfWidth95() - done)) *
                  elapsedSeconds / done;
    if (elapsedSeconds >= 10 && left >= (rough ? 86400 : 3600))
      farFromEnd_ = rough ? fmt::format("about {} (a rough estimate)", duration(left))
                          : fmt::format("{} or more", duration(left));
  }
  return text;
}

std::string BackgroundEstimate::explosionWarning() {
  if (warned_ || farFromEnd_.empty())
    return "";
  warned_ = true;
  return fmt::format("bporcheck: warning: at this rate the search needs {} to end; for an "
                     "answer sooner: --find-bug (hunts for an error first), a bound "
                     "(--preemptions=2; --fair=2 for a program that spins), -j N or mpirun (more "
                     "cores), or --time-limit (stops with what it covered)",
                     farFromEnd_);
}

} // namespace bpor::tool
