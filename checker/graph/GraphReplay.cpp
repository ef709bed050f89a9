#include "checker/graph/GraphSearchEngine.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/graph/SyncWords.h"

#include <algorithm>

namespace bpor::graph {

GraphSearch::BranchPoint::BranchPoint(GraphSearch &search, bool branches) : search(search) {
  if (branches) {
    saved = search.model.checkpoint();
    named = search.names.numberNamed();
  }
}

bool GraphSearch::BranchPoint::back(Graph &g) {
  if (!saved)
    return search.replayTo(g);
  search.model.restore(*saved);
  search.names.truncate(named);
  return true;
}

bool GraphSearch::replayTo(Graph &g) {
  model.restart();
  names.start(model.numThreads());
  // Thread rows grow as the replay goes: stepThread names children by their creator's index.
  Graph shape;
  shape.threads.resize(g.threads.size());
  std::vector<EventId> order = g.replayOrder();
  for (EventId e : order) {
    Event &ev = g.at(e);
    if (ev.blocked) {
      // A lock that reads its mutex held (an operation that waits on the value of its
      // synchronisation word): the thread waits there, the model is not stepped.
      shape.threads[e.thread].push_back(ev);
      continue;
    }
    // A lock whose mutex the model holds here (or a sem_wait on a semaphore at 0, ...): a
    // revisit made it read an unlock that another lock reads too, which the axioms reject
    // (atomicity); not a graph the program can make.
    if (wordAccessOf(ev.op) == WordAccess::Acquire && !model.isEnabled(names.threadOf(e.thread)))
      return false;
    std::optional<uint64_t> read;
    if (readsValue(ev))
      read = g.valueOf(ev.rf);
    const Operation &op = stepThread(shape, e.thread, read, ev.choice);
    shape.threads[e.thread].push_back(ev);
    ++ledger.result.stats.steps;
    if (op.kind != ev.op.kind || op.location != ev.op.location ||
        (op.numAccesses && ev.op.numAccesses &&
         op.accesses[0].address != ev.op.accesses[0].address)) {
      ledger.reportError(nondeterminismError(op, 0), trace(g), {});
      ledger.stop = StopReason::Nondeterminism;
      return false;
    }
    // Whether a lock or trylock acquired, and what an operation on a synchronisation word
    // wrote, depends on what it read.
    if (WordAccess word = wordAccessOf(op); word != WordAccess::None) {
      bool wasUpdate = ev.kind == Kind::Update;
      std::optional<uint64_t> value;
      if (word != WordAccess::Write && reads(ev.kind))
        value = g.valueOf(ev.rf);
      // A trylock told the mutex was free that found it held in the model: as above.
      if (!modelAgrees(op, e.thread, value))
        return false;
      setWordEvent(op, e.thread, value, graphOptions.model, ev);
      if (ev.kind == Kind::Update && !wasUpdate)
        g.placeCo(e, ev.rf);
      if (ev.kind != Kind::Update && wasUpdate) {
        std::vector<EventId> &co = g.locations[ev.location].co;
        co.erase(std::find(co.begin(), co.end(), e));
      }
    } else if (op.kind == OpKind::ReadModifyWrite) {
      // What a compare-and-swap or an update wrote depends on what it read.
      bool wasUpdate = ev.kind == Kind::Update;
      ev.kind = op.wrote ? Kind::Update : Kind::Read;
      ev.order = op.wrote || op.failureOrder == MemoryOrder::NotAtomic ? op.order
                                                                         : op.failureOrder;
      ev.value = op.wrote ? op.written : op.value;
      if (ev.kind == Kind::Update && !wasUpdate)
        g.placeCo(e, ev.rf);
      if (ev.kind == Kind::Read && wasUpdate) {
        std::vector<EventId> &co = g.locations[ev.location].co;
        co.erase(std::find(co.begin(), co.end(), e));
      }
    } else if (ev.kind == Kind::Read) {
      ev.value = g.valueOf(ev.rf);
    }
    ev.op = op;
    if (model.status() != ExecStatus::Running && !(e == order.back()))
      return false; // an earlier event ended the execution: nothing to replay after it
  }
  return true;
}

} // namespace bpor::graph
