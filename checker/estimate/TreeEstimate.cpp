#include "checker/estimate/TreeEstimate.h"

#include "checker/estimate/Linearizations.h"

#include <cmath>

namespace bpor {

namespace {
// Beyond this many cuts on one level a trace is too wide to count its interleavings cheaply.
constexpr uint64_t MaxCuts = 200000;
} // namespace

TreeSampler::TreeSampler(Model &model, EstimateTree tree, uint64_t seed, uint64_t maxDepth)
    : model_(model), tree_(tree), state_(seed ^ 0x9e3779b97f4a7c15ull), maxDepth_(maxDepth) {}

// splitmix64: fixed per seed, so an estimate is reproducible.
uint64_t TreeSampler::nextRandom(uint64_t below) {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return z % below;
}

void TreeSampler::sample() {
  double x = walk();
  if (x < 0) {
    ++estimate_.unweighed;
    return;
  }
  if (!std::isfinite(x)) {
    ++estimate_.overflowed;
    return;
  }
  // Welford's update: the mean and spread without keeping the samples.
  ++estimate_.samples;
  double delta = x - estimate_.mean;
  estimate_.mean += delta / double(estimate_.samples);
  sumSquares_ += delta * (x - estimate_.mean);
  estimate_.stddev =
      estimate_.samples > 1 ? std::sqrt(sumSquares_ / double(estimate_.samples - 1)) : 0;
}

double TreeSampler::traceWeight(bool endedEarly) {
  double interleavings = countLinearizations(events_, endedEarly, MaxCuts);
  return interleavings > 0 ? 1 / interleavings : -1;
}

// Whether the execution ended with threads that could still have run: its last event then
// disabled them (an error, an exit), and depends on every pending transition.
static bool endedEarly(const Model &model) {
  for (ThreadId u = 0; u < model.numThreads(); ++u)
    if (model.isAlive(u))
      return true;
  return false;
}

double TreeSampler::walk() {
  model_.setQuiet(true);
  model_.restart();
  events_.clear();
  double product = 1;
  for (uint64_t depth = 0; model_.status() == ExecStatus::Running; ++depth) {
    if (depth >= maxDepth_) {
      ++estimate_.depthLimited;
      break;
    }
    // The branches: every enabled thread's data choices, by thread.
    uint64_t count = 0;
    ThreadId n = model_.numThreads();
    for (ThreadId u = 0; u < n; ++u)
      if (model_.isAlive(u) && model_.isEnabled(u))
        count += model_.pending(u).numChoices;
    if (count == 0) // finished, deadlocked or stopped by failed assumptions
      break;
    product *= double(count);
    uint64_t pick = nextRandom(count);
    ThreadId chosen = 0;
    for (;; ++chosen) {
      if (!model_.isAlive(chosen) || !model_.isEnabled(chosen))
        continue;
      uint32_t choices = model_.pending(chosen).numChoices;
      if (pick < choices)
        break;
      pick -= choices;
    }
    events_.push_back(model_.step(chosen, uint32_t(pick)));
    events_.back().thread = chosen;
  }
  if (tree_ == EstimateTree::Interleavings)
    return product;
  double weight = traceWeight(model_.status() != ExecStatus::Running && endedEarly(model_));
  return weight < 0 ? -1 : product * weight;
}

double TreeSampler::exactTotal() {
  std::vector<std::pair<ThreadId, uint32_t>> prefix;
  return sumBelow(prefix);
}

double TreeSampler::sumBelow(std::vector<std::pair<ThreadId, uint32_t>> &prefix) {
  auto replay = [&] {
    model_.setQuiet(true);
    model_.restart();
    events_.clear();
    for (auto [thread, choice] : prefix) {
      events_.push_back(model_.step(thread, choice));
      events_.back().thread = thread;
    }
  };
  replay();
  std::vector<std::pair<ThreadId, uint32_t>> branches;
  if (model_.status() == ExecStatus::Running && prefix.size() < maxDepth_)
    for (ThreadId u = 0; u < model_.numThreads(); ++u)
      if (model_.isAlive(u) && model_.isEnabled(u))
        for (uint32_t c = 0; c < model_.pending(u).numChoices; ++c)
          branches.push_back({u, c});
  if (branches.empty()) {
    if (tree_ == EstimateTree::Interleavings)
      return 1;
    return traceWeight(model_.status() != ExecStatus::Running && endedEarly(model_));
  }
  double total = 0;
  for (auto branch : branches) {
    prefix.push_back(branch);
    total += sumBelow(prefix);
    prefix.pop_back();
  }
  return total;
}

} // namespace bpor
