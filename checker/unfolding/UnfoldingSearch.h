// The engine behind exploreUnfolding(): Algorithm 1 of seeds/004 run iteratively over an
// explicit stack of call-tree nodes, with the configuration C kept as a stack of events in the
// order they were added (a linearization) and the model following it.
#pragma once

#include "checker/engine/SearchClock.h"
#include "checker/stateful/StateStore.h"
#include "checker/unfolding/AdequateOrder.h"
#include "checker/unfolding/EventStore.h"
#include "checker/unfolding/UnfoldingExplorer.h"

#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace bpor::unfolding {

class UnfoldingSearch {
public:
  UnfoldingSearch(Model &model, const SearchOptions &options, const UnfoldingOptions &tuning,
                  const ExecutionObserver *observer);

  UnfoldingResult run();

private:
  /// A call Explore(C, D, A) of Algorithm 1. C is the prefix of `C_` of length cSize.
  struct Node {
    size_t cSize = 0;
    std::vector<Event *> D;
    std::vector<Event *> A;
    Event *chosen = nullptr;
    enum class Stage : uint8_t { Enter, AfterLeft, AfterRight } stage = Stage::Enter;
    /// The node is the left child of its parent: it pushed its parent's chosen event on C.
    bool pushedEvent = false;
  };

  /// Threads as this model execution numbers them (canonical -> model and back).
  struct ThreadMap {
    std::vector<ThreadId> modelOf;
    std::vector<CanonicalThread> canonicalOf;
    void reset();
    void bind(CanonicalThread canonical, ThreadId model);
    ThreadId model(CanonicalThread canonical) const {
      return canonical < modelOf.size() ? modelOf[canonical] : NoThread;
    }
  };

  // The explore loop (nodes are addressed by index: pushing a node may move them).
  void enter(size_t index);
  void afterLeft(size_t index);
  void removeEvents(Event *e, const Node &node);
  void popNode();

  // The configuration C.
  void pushEvent(Event *e);
  void popEvent();
  /// en(C) n U: the events of the enabled threads that no ending event in C stops or
  /// disables, minus cutoffs. `enabledInModel` says whether some such thread exists at all.
  std::vector<Event *> enabledEvents(bool &enabledInModel);
  Event *enabledEvent(CanonicalThread u, const Operation &label, uint32_t choice);
  bool disabledByEnding(const Operation &label) const;
  bool stopped(CanonicalThread u) const;

  // Extend(C).
  void extendNew(Event *newest);
  void addExtensions(CanonicalThread u, uint32_t index, Event *pred, const Operation &label,
                     Event *required, const std::vector<Event *> &candidates);
  void keepExtension(Event *e);
  /// The event with this new name, or null if it is none here (not enabled after its
  /// history, or a cutoff).
  Event *makeEvent(std::string key, CanonicalThread u, uint32_t index, uint32_t choice,
                   Event *pred, std::vector<Event *> causes, const Operation &label);
  /// Replays [e] from the initial state and executes e. Returns false if e is not enabled
  /// there. Records e's execution facts and, with cutoffs, whether it is a cutoff.
  bool checkByReplay(Event *e, bool &cutoff);

  // The model.
  Operation canonicalLabel(const Operation &pending, CanonicalThread u,
                           const ThreadMap &threads) const;
  bool matches(const Operation &pending, const Event &e) const;
  void ensureModelAtC();
  void saveCheckpoint();
  const Operation *stepModel(Event *e, ThreadMap &threads);
  bool isEnding(const Operation &executed) const;
  void noteEnding(const std::vector<Operation> &trace, const Schedule &schedule);
  void nondeterminism(const std::string &what);

  // Ends of executions.
  void endBeforeAnyEvent();
  void leaf(bool enabledInModel, bool sleepBlocked);
  void report(const ErrorInfo &error, const std::vector<Operation> &trace,
              const Schedule &schedule);
  void observe(const std::vector<Operation> &trace, ExecutionEnd end);
  std::vector<Operation> currentTrace(Schedule *schedule) const;
  void checkLimits();

  Model &model;
  SearchOptions options;
  UnfoldingOptions tuning;
  const ExecutionObserver *observer;
  bool cutoffs = false;

  EventStore store;
  std::vector<Node> nodes;
  /// C in the order its events were added, with what executing each gave.
  std::vector<Event *> C_;
  std::vector<Operation> executed_;
  Schedule taken_;
  std::vector<Event *> endingInC_;
  /// Per canonical thread: its events in C, in order.
  std::vector<std::vector<Event *>> chains_;
  /// Per canonical thread (but main): the fork event that creates it, while that is in C.
  std::vector<Event *> forkOf_;
  CanonicalThread nextThread_ = 1;
  /// newAt_[k]: the extensions found when C had k events (after its k-th event was added),
  /// held alive. ex(C) is their union minus C, which Extend(C) puts (back) into U.
  std::vector<std::vector<Event *>> newAt_;
  /// Canonical names found not to be events here: cutoffs and transitions not enabled after
  /// their history. Both verdicts are final (the cutoff table only grows).
  std::unordered_set<std::string> rejectedNames_;

  // The model follows C: it is in state(C[0..modelAt_)) minus ending events, unless
  // modelAt_ == NotAt (a replay moved it).
  static constexpr size_t NotAt = ~size_t(0);
  size_t modelAt_ = NotAt;
  ThreadMap threads_;
  bool checkpointsSupported = true;
  std::vector<std::unique_ptr<ModelCheckpoint>> checkpoints_; // by |C|
  std::vector<bool> checkpointValid_;

  // Cutoffs: for each state, the least local configuration (in the adequate order) of the
  // events seen to reach it, over every event ever added (U u G, G never cleaned for this
  // purpose); the numbers of the transitions (AdequateOrder.h).
  StateStore states{StateStorage::Exact};
  std::vector<std::optional<OrderKey>> leastLocal_;
  std::unordered_map<std::string, uint32_t> transitionNumbers_;
  uint32_t transitionNumber(const Operation &executed, uint32_t choice);
  std::string keyBuffer_;

  uint64_t epoch_ = 0;
  SearchResult result;
  UnfoldingStatistics stats;
  SearchClock clock;
  bool stop = false;
};

} // namespace bpor::unfolding
