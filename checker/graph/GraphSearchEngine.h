// The engine behind exploreGraphs() (GraphSearch.h, docs/weak-memory.md, "The search"). Its
// members are defined by job:
// - GraphSearch.cpp: the driver: which thread adds the next event, entering and visiting a
//   graph, a parallel search's split, and how a graph that can grow no more ends;
// - GraphEventBranches.cpp: the branches of the next event (a read over the writes it may
//   read, a write over its places in coherence, ...), and the event an operation makes;
// - GraphRevisits.cpp: backward revisits and the maximality that makes them optimal;
// - GraphReplay.cpp: returning the model to a graph;
// - GraphEnds.cpp: complete graphs, errors and their traces.
#pragma once

#include "checker/ThreadNames.h"
#include "checker/engine/SearchLedger.h"
#include "checker/graph/ClockConsistency.h"
#include "checker/graph/GraphSearch.h"

#include <optional>
#include <string>
#include <vector>

namespace bpor::graph {

class GraphSearch {
public:
  GraphSearch(Model &model, const SearchOptions &options, const GraphSearchOptions &graph,
              const ExecutionObserver *observer)
      : model(model), options(options), graphOptions(graph), ledger(this->options, observer),
        names(nameTable) {}

  SearchResult run();

private:
  // ---- Driving the model ----

  /// Restarts the model and re-steps g's events (Graph::replayOrder), each read reading what g
  /// says.
  /// Updates the events whose result depends on what they read (a compare-and-swap, an
  /// update's value). False if the model diverged or stopped (reported).
  bool replayTo(Graph &g);
  /// The model's state where the next event has several branches, to return to for each
  /// branch after the first (Model::checkpoint: a restore costs about what re-stepping twenty
  /// events does, a replay the whole graph's); a model without checkpoints replays the graph.
  class BranchPoint {
  public:
    BranchPoint(GraphSearch &search, bool branches);
    /// Back to the state at construction, which g (the graph then, with the branch's choice)
    /// gives; false if a replay diverged (reported).
    bool back(Graph &g);

  private:
    GraphSearch &search;
    std::unique_ptr<ModelCheckpoint> saved;
    ThreadId named = 0;
  };
  std::vector<EventId> readableWrites(Graph &base, ThreadId t, const Operation &load,
                                      uint32_t location, bool &probed);
  /// Steps name `t` (reading `read` if it reads), naming the threads it creates. The event as
  /// the model executed it.
  const Operation &stepThread(const Graph &g, ThreadId t, std::optional<uint64_t> read,
                              uint32_t choice = 0);
  /// The lowest-named live thread that can add an event: one the model lets run, or one that
  /// waits for a mutex (its lock reads the mutex held); not one whose last event in g is such
  /// a lock. A thread whose next event is the process's exit only when no other can. NoThread
  /// if none.
  ThreadId nextThread(const Graph &g) const;
  /// Whether thread `name`'s last event in g is a lock that read its mutex held.
  static bool waits(const Graph &g, ThreadId name) {
    return name < g.threads.size() && !g.threads[name].empty() && g.threads[name].back().blocked;
  }
  /// Whether a thread of g waits where no revisit can wake it: for a mutex another thread has
  /// released since the acquisition its lock read, or at the back edge of a spin loop whose
  /// iteration read a write that is not the latest of its location (TruSt's blocked
  /// execution, a dead end of the search).
  static bool waitsInDeadEnd(const Graph &g);
  /// A thread of g waiting at a spin loop whose iteration read the latest writes: no write
  /// is left to end the loop, so it spins forever. NoThread if none.
  static ThreadId spinsForever(const Graph &g);
  /// Whether the reads of the spin-loop iteration thread t waits after all read the latest
  /// write of their location.
  static bool waitReadsLatest(const Graph &g, ThreadId t);
  bool allEnded() const;
  /// Whether `op` (a memcpy, memset or libc function over memory) only sets initial values.
  static bool initialises(const Graph &g, const Operation &op);
  /// Whether a thread other than `self` has not ended.
  bool othersAlive(ThreadId self) const;

  // ---- The search ----

  void visit(const Graph &g);
  void addRead(const Graph &g, ThreadId t, const Operation &pending, bool update);
  void addWrite(const Graph &g, ThreadId t, const Operation &pending);
  void addSyncWord(const Graph &g, ThreadId t, const Operation &pending);
  void addSpinWait(const Graph &g, ThreadId t, const Operation &pending);
  void reportSpinForever(const Graph &g, ThreadId t);
  void addOther(const Graph &g, ThreadId t, const Operation &pending);
  /// g with its new last event (or the empty graph): checks the model's status, then visits
  /// it, unless a parallel search's split gives it to another worker.
  void enter(const Graph &g);
  /// Whether the split (SearchSplit) gives the graph g, which enter is about to visit, to
  /// another worker.
  bool leftToOthers(const Graph &g);
  /// Backward revisits of the reads of w's location by the write w (TruSt's Revisit), of the
  /// reads with stamps up to maxStamp.
  void revisitBy(const Graph &g, EventId w, uint32_t maxStamp = UINT32_MAX);
  std::optional<uint32_t> pendingUpdateStamp(const Graph &g, EventId u) const;
  bool maximal(const Graph &g, EventId r, EventId w, const View &prefix) const;

  // ---- Ends ----

  void complete(const Graph &g);
  /// Reports g's data race (under RA and RC11, where one is undefined behaviour) and ends the
  /// execution, if g has one.
  bool reportRace(const Graph &g);
  void report(const Graph &g, const ErrorInfo &error);
  std::vector<Operation> trace(const Graph &g) const;
  /// g's events in replay order, without the locks that wait (they did not happen).
  static std::vector<EventId> executedOrder(const Graph &g);
  /// Whether the model is told what event `ev` reads when it is replayed: the value of the
  /// write it reads from.
  static bool readsValue(const Event &ev) {
    return reads(ev.kind) || ev.op.kind == OpKind::ReadModifyWrite;
  }
  /// An event from the operation the model executed (its location added to g if new).
  /// `read`: the value of its word an operation on a synchronisation word read.
  bool eventOf(Graph &g, const Operation &op, ThreadId t, Event &event,
               std::optional<uint64_t> read = std::nullopt);
  /// The location `op` accesses (added to g if new), or -1 after reporting it unsupported.
  int64_t locationFor(Graph &g, const Operation &op);
  bool unsupported(const Graph &g, const Operation &op, const std::string &what);
  bool stopped() const { return ledger.stopped(); }
  /// Whether g is consistent under the model: by vector clocks under RA and RC11, by the
  /// reference axioms under the others.
  bool consistentGraph(const Graph &g) const;

  Model &model;
  SearchOptions options;
  GraphSearchOptions graphOptions;
  SearchLedger ledger;
  ThreadNameTable nameTable;
  ThreadNames names;
  /// The graphs enter() is visiting (0 while it enters the empty graph): the depth of the
  /// graph it enters next in the recursion's tree, which a split divides.
  size_t nesting = 0;
  uint64_t splitUnits = 0;
};

// Called for every event the search adds or replays, from several of the files above: defined
// here so that each can inline them.

inline const Operation &GraphSearch::stepThread(const Graph &g, ThreadId t,
                                                std::optional<uint64_t> read, uint32_t choice) {
  ThreadId id = names.threadOf(t);
  ThreadId before = model.numThreads();
  if (read)
    model.setReadValue(id, *read);
  const Operation &op = model.step(id, choice);
  if (model.numThreads() > before) {
    uint32_t index = t < g.threads.size() ? uint32_t(g.threads[t].size()) : 0;
    names.created(t, index + 1, model.numThreads());
  }
  return op;
}

inline bool GraphSearch::consistentGraph(const Graph &g) const {
  MemoryModel m = graphOptions.model;
  if (m != MemoryModel::RA && m != MemoryModel::RC11)
    return consistent(g, m);
  bool answer = consistentByClocks(g, m);
  if (graphOptions.disagreements && answer != consistent(g, m))
    ++*graphOptions.disagreements;
  return answer;
}

} // namespace bpor::graph
