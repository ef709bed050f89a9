// The search modes the pipeline checks compare, what one run of each found, and the comparisons
// (PipelineValidation.h, TraceSetCheck.h).
#pragma once

#include "checker/Explorer.h"
#include "checker/optimal/OptimalExplorer.h"
#include "checker/stateful/StatefulSearch.h"
#include "checker/unfolding/UnfoldingExplorer.h"
#include "tools/bporcheck/LocalStateCounter.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace bpor::testing {

/// What one search found, in the terms the modes are compared in.
struct ModeResult {
  std::string name;
  SearchResult result;
  UnfoldingStatistics unfolding; // the unfolding search's own counts
  tool::LocalStateCounter local;
  std::set<uint64_t> deadlock;         // global state hashes of deadlocked executions
  std::map<uint64_t, unsigned> traces; // global hash of each execution: no blocked one, no cutoff
  std::set<std::string> errors;        // "kind at file:line"
  uint64_t longestExecution = 0;       // visible steps
  /// Some event only read where its operation may write (Operation::onlyRead: a failed
  /// compare-and-swap or trylock).
  bool onlyReadEvents = false;
  /// Some event is a decision on a symbolic value (OpKind::Decision).
  bool decisions = false;

  unsigned duplicateTraces() const {
    unsigned n = 0;
    for (const auto &[hash, count] : traces)
      n += count - 1;
    return n;
  }
};

/// Whether an execution that ended so is a trace the validation counts: not one that ended
/// sleep-set blocked, waited in vain, at a cutoff or on a symbolic branch's infeasible side.
bool isTrace(const std::vector<Operation> &events, ExecutionEnd end);

struct Mode {
  std::string name;
  SearchOptions search;
  std::optional<OptimalVariant> optimal;
  std::optional<UnfoldingOptions> unfolding = std::nullopt;
};

// A Model that passes everything to another and notes the key of every state in which the
// execution goes on (running, some thread enabled): the states the exhaustive search reaches,
// which the stateful search must reach too (and no others).
class KeyRecordingModel final : public Model {
public:
  KeyRecordingModel(Model &inner, std::set<uint64_t> &keys) : inner_(inner), keys_(keys) {}
  void restart() override {
    inner_.restart();
    note();
  }
  ThreadId numThreads() const override { return inner_.numThreads(); }
  bool isAlive(ThreadId t) const override { return inner_.isAlive(t); }
  bool isEnabled(ThreadId t) const override { return inner_.isEnabled(t); }
  const Operation &pending(ThreadId t) const override { return inner_.pending(t); }
  const Operation &step(ThreadId t, uint32_t choice) override {
    const Operation &event = inner_.step(t, choice);
    note();
    return event;
  }
  ExecStatus status() const override { return inner_.status(); }
  const ErrorInfo &error() const override { return inner_.error(); }
  std::unique_ptr<ModelCheckpoint> checkpoint() const override { return inner_.checkpoint(); }
  bool checkpointInto(ModelCheckpoint &into) const override { return inner_.checkpointInto(into); }
  void restore(const ModelCheckpoint &saved) override { inner_.restore(saved); }
  bool stateKey(std::string &key) const override { return inner_.stateKey(key); }
  SourceLocation sourceLocation(uint32_t location) const override {
    return inner_.sourceLocation(location);
  }
  std::string describeAddress(uint64_t address) const override {
    return inner_.describeAddress(address);
  }

private:
  void note() {
    if (inner_.status() != ExecStatus::Running)
      return;
    for (ThreadId t = 0; t < inner_.numThreads(); ++t)
      if (inner_.isEnabled(t)) {
        if (inner_.stateKey(key_))
          keys_.insert(std::hash<std::string>()(key_));
        return;
      }
  }
  Model &inner_;
  std::set<uint64_t> &keys_;
  std::string key_;
};

// What one run of the stateful search found, in the terms it is compared in.
struct StatefulRun {
  StatefulResult found;
  std::set<uint64_t> states;    // hashes of the keys of the states it explored
  std::set<std::string> errors; // "kind at file:line", a deadlock as "deadlock"; no livelocks
  bool livelock = false;
  bool reduced = false; // partial-order reduction: may explore a subset of the states
};

/// The stateful search partitioned among `models` (one per partition, over one program), every
/// error reported, the messages between partitions delivered in an order `shuffleSeed` picks
/// (with storage other than exact, `states` holds keys and fingerprints: compare counts).
StatefulRun runStatefulPartitioned(const std::vector<Model *> &models, uint64_t shuffleSeed,
                                   StateStorage storage = StateStorage::Exact,
                                   uint64_t maxDepth = 1'000'000);

/// Runs `mode` on `model` with every error reported; `into`, when given, is filled as the
/// search goes (an onRound callback may look at it).
ModeResult run(Model &model, const Mode &mode, ModeResult *into = nullptr);

std::string join(const std::set<std::string> &items);
size_t countMissing(const std::set<uint64_t> &from, const std::set<uint64_t> &in);
std::string summary(const ModeResult &r);

/// Appends a mismatch line if `reduced` did not find what `reference` found: local states,
/// deadlock states, errors, completeness.
void compare(const ModeResult &reference, const ModeResult &reduced,
             std::vector<std::string> &mismatches);

/// An unsupported construct, an internal limit or a replay that diverged is a failure of the
/// program's run, not a verdict to compare.
void checkRunnable(const ModeResult &r, std::vector<std::string> &mismatches);

/// The stateful search's variants every comparison runs (each storage).
std::vector<std::pair<std::string, StatefulOptions>> statefulVariants();
StatefulRun runStateful(Model &model, StatefulOptions options, uint64_t maxDepth = 1'000'000);
/// Appends a mismatch line naming what `run` found differently from the reference.
void compareStatefulRun(const std::string &name, const StatefulRun &run,
                        const std::string &referenceName, const std::set<uint64_t> &states,
                        const std::set<std::string> &errors, std::optional<bool> livelock,
                        std::vector<std::string> &mismatches);
/// The stateful search against exhaustive search (the same states, errors, no livelock).
void compareStateful(Model &model, const ModeResult &reference,
                     const std::set<uint64_t> &referenceStates, uint64_t saturating,
                     std::vector<std::string> &mismatches);
/// The unfolding search with cutoffs, as the stateful search is compared.
StatefulRun runUnfoldingWithCutoffs(Model &model);

Mode unfoldingMode(std::string name, bool cutoffs, unsigned partial);
Mode complete(std::string name, PorMode por);
Mode bounded(std::string name, PorMode por, BoundKind bound, uint64_t value);
/// Best-first search (checker/bestfirst/) ordered by the cost of `bound`, limited to `limit`.
Mode bestFirst(std::string name, PorMode por, BoundKind bound, std::optional<uint64_t> limit,
               BestFirstPriority priority = BestFirstPriority::Cost);

} // namespace bpor::testing
