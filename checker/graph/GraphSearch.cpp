#include "checker/graph/GraphSearchEngine.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/graph/SpinIterations.h"
#include "checker/graph/SyncWords.h"

#include <algorithm>

namespace bpor::graph {

namespace {

/// How the search treats a pending operation.
enum class Step : uint8_t {
  Read, Update, Write, SyncWord, SpinWait, Fence, Fork, Join, Other, Unsupported
};

Step stepOf(const Operation &op) {
  switch (wordAccessOf(op)) {
  case WordAccess::Acquire:
  case WordAccess::Try:
  case WordAccess::Update: return Step::SyncWord;
  case WordAccess::Write: return Step::Write;
  case WordAccess::Unsupported: return Step::Unsupported;
  case WordAccess::None: break;
  }
  switch (op.kind) {
  case OpKind::Load: return Step::Read;
  case OpKind::ReadModifyWrite: return Step::Update;
  case OpKind::Store: return Step::Write;
  case OpKind::Yield: return op.spinLoop ? Step::SpinWait : Step::Unsupported;
  case OpKind::Fence: return Step::Fence;
  case OpKind::Fork: return Step::Fork;
  case OpKind::Join: return Step::Join;
  case OpKind::Nondet:
  case OpKind::Decision:
  case OpKind::Exit:
  case OpKind::Other:
  case OpKind::FailedAssume:
  // A free has no effect on the graph; where races are undefined behaviour (RA, RC11) an
  // access not ordered with it by happens-before is reported as a race with it (dataRace),
  // and one after it is a use after free when the model replays it.
  case OpKind::Free: return Step::Other;
  default: return Step::Unsupported;
  }
}

/// What the user wrote, for an operation the search does not support.
std::string unsupportedConstruct(const Operation &op) {
  if (op.syncWord() == SyncWord::SemOther)
    return "sem_timedwait or sem_getvalue";
  if (op.syncWord() == SyncWord::CondOther)
    return "pthread_cond_timedwait, or a pthread_cond_wait that may wake spuriously "
           "(--spurious-wakeups)";
  switch (op.kind) {
  case OpKind::Lock:
  case OpKind::Trylock:
  case OpKind::Unlock: return "a timed lock";
  case OpKind::RwRdlock:
  case OpKind::RwWrlock:
  case OpKind::RwUnlock: return "a read-write lock";
  case OpKind::BarrierWait: return "a barrier";
  case OpKind::SemWait:
  case OpKind::SemPost: return "a semaphore";
  case OpKind::Once:
  case OpKind::OnceEnd: return "pthread_once";
  case OpKind::AtomicBlock: return "an atomic block (__VERIFIER_atomic_*)";
  case OpKind::MemoryCopy: return "memcpy, memset or a libc function over shared memory";
  case OpKind::Free: return "free() of shared memory";
  // sched_yield, in a loop that waits for another thread but whose iterations have effects
  // (a spin loop's back edge is a wait the search supports).
  case OpKind::Yield: return "a loop that waits for another thread with sched_yield or with "
                             "effects in its iterations";
  default: return opKindName(op.kind);
  }
}

} // namespace

SearchResult GraphSearch::run() {
  // A compare-and-swap loop's failed iterations are awaits, as spin loops are (docs/
  // weak-memory.md, "Spin loops"); a condition variable's wait is steps on one object each.
  // Reads take the values of the writes the graph says they read.
  WeakMemorySteps steps(model, true, /*givenValues=*/true);
  ledger.start();
  Graph empty;
  if (replayTo(empty))
    enter(empty);
  return ledger.finish([] { return true; });
}

// ---- Which thread adds the next event, and why none can ----

ThreadId GraphSearch::nextThread(const Graph &g) const {
  ThreadId chosen = NoThread;
  ThreadId exiting = NoThread;
  for (ThreadId id = 0; id < model.numThreads(); ++id) {
    if (!model.isAlive(id) || waits(g, names.nameOf(id)))
      continue;
    const Operation &pending = model.pending(id);
    if (!model.isEnabled(id) && wordAccessOf(pending) != WordAccess::Acquire)
      continue;
    ThreadId &slot = pending.kind == OpKind::Exit ? exiting : chosen;
    slot = std::min(slot, names.nameOf(id));
  }
  // The process's exit (main's return, exit()) ends every thread, so it is added last: only
  // when no other thread can add an event. It reads and writes nothing, so every consistent
  // graph has an interleaving with it at the end, and each interleaving in which it cuts other
  // threads short is the prefix of one in which it waits for them (docs/weak-memory.md,
  // "The process's exit").
  return chosen != NoThread ? chosen : exiting;
}

bool GraphSearch::waitReadsLatest(const Graph &g, ThreadId t) {
  // The wait is the thread's last event; the iteration's are the ones before it, as many as
  // the yield says the iteration made (Operation::value, from __bpor_spin_start/end).
  const std::vector<Event> &events = g.threads[t];
  return graph::iterationReadsLatest(g, t, events.size() - 1, events.back().op.value);
}

bool GraphSearch::waitsInDeadEnd(const Graph &g) {
  for (ThreadId t = 0; t < g.threads.size(); ++t) {
    if (!waits(g, t))
      continue;
    const Event &wait = g.threads[t].back();
    if (wait.op.spinLoop ? !waitReadsLatest(g, t) : !(wait.rf == g.coMax(wait.location)))
      return true;
  }
  return false;
}

ThreadId GraphSearch::spinsForever(const Graph &g) {
  for (ThreadId t = 0; t < g.threads.size(); ++t)
    if (waits(g, t) && g.threads[t].back().op.spinLoop && waitReadsLatest(g, t))
      return t;
  return NoThread;
}

bool GraphSearch::othersAlive(ThreadId self) const {
  for (ThreadId id = 0; id < model.numThreads(); ++id)
    if (id != self && model.isAlive(id))
      return true;
  return false;
}

// A memcpy or memset (or a libc function over memory) made before any thread is created, on
// bytes no event has accessed, sets the initial values of the locations later events create
// (Graph::locationOf takes memory's bytes then, wordLocation a synchronisation object's empty
// state): every later event comes after it in program order or after the creation of its
// thread, and nothing read those bytes before. C++'s constructors of globals (a
// std::condition_variable, a std::mutex) and a main that clears its buffers before starting
// its threads make these.
bool GraphSearch::initialises(const Graph &g, const Operation &op) {
  if (g.threads.size() > 1)
    return false;
  for (unsigned k = 0; k < op.numAccesses; ++k)
    for (const Location &l : g.locations)
      if (op.accesses[k].address < l.address + l.size &&
          l.address < op.accesses[k].address + op.accesses[k].size)
        return false;
  return true;
}

bool GraphSearch::allEnded() const {
  for (ThreadId id = 0; id < model.numThreads(); ++id)
    if (model.isAlive(id))
      return false;
  return true;
}

// ---- The search ----

void GraphSearch::visit(const Graph &g) {
  if (stopped())
    return;
  ledger.checkLimits();
  if (model.status() != ExecStatus::Running) {
    complete(g);
    return;
  }
  if (g.size() >= options.maxDepth) {
    ++ledger.result.stats.depthLimited;
    report(g, depthLimitError(NoThread, 0, options.maxDepth));
    ledger.endExecution(ExecutionEnd::DepthLimit, trace(g));
    return;
  }
  ThreadId t = nextThread(g);
  if (t != NoThread && othersAlive(names.threadOf(t)) &&
      model.pending(names.threadOf(t)).kind == OpKind::Exit && waitsInDeadEnd(g)) {
    // Exiting with a thread that waits where no revisit can wake it: the graph in which it
    // waits on the latest write is explored instead, as at any other end.
    ledger.endExecution(ExecutionEnd::WaitedInVain, trace(g));
    return;
  }
  if (t == NoThread) {
    if (allEnded()) {
      complete(g);
    } else if (waitsInDeadEnd(g)) {
      ledger.endExecution(ExecutionEnd::WaitedInVain, trace(g));
    } else if (stoppedByFailedAssume(model)) {
      // A thread stopped by its assumption loops there forever (SV-COMP's meaning), on inputs
      // the program rules out: the threads that wait for it, blocked or spinning, are no
      // deadlock or livelock. The events before ran all the same: a race among them is the
      // program's (undefined behaviour where it happens).
      if (!reportRace(g))
        ledger.endExecution(ExecutionEnd::Infeasible, trace(g));
    } else if (ThreadId spinning = spinsForever(g); spinning != NoThread) {
      reportSpinForever(g, spinning);
    } else {
      report(g, deadlockError(model));
      ledger.endExecution(ExecutionEnd::Deadlock, trace(g));
    }
    return;
  }
  const Operation pending = model.pending(names.threadOf(t));
  if (pending.kind == OpKind::Free && !racesAreUndefined(graphOptions.model)) {
    unsupported(g, pending, unsupportedConstruct(pending));
    return;
  }
  if (pending.kind == OpKind::MemoryCopy && initialises(g, pending)) {
    addOther(g, t, pending);
    return;
  }
  switch (stepOf(pending)) {
  case Step::Read: addRead(g, t, pending, false); return;
  case Step::Update: addRead(g, t, pending, true); return;
  case Step::Write: addWrite(g, t, pending); return;
  case Step::SyncWord: addSyncWord(g, t, pending); return;
  case Step::SpinWait:
    // An update loop's iteration that changed something goes round (SpinIterations.h).
    if (iterationChangesNothing(g, t, g.threads.size() > t ? g.threads[t].size() : 0,
                                pending.value))
      addSpinWait(g, t, pending);
    else
      addOther(g, t, pending);
    return;
  case Step::Unsupported:
    // A yield is the back edge of a loop the passes saw wait for another thread: under a weak
    // model it may read a stale value forever, which needs the spin-loop treatment of
    // docs/weak-memory.md, "Not supported yet".
    unsupported(g, pending, unsupportedConstruct(pending));
    return;
  default: addOther(g, t, pending); return;
  }
}

void GraphSearch::enter(const Graph &g) {
  if (leftToOthers(g))
    return;
  if (model.status() == ExecStatus::Error) {
    // Under RA and RC11 a race is undefined behaviour from where it happens: an error after it
    // (an assertion on a value a racing plain read read) is the race's.
    if (!reportRace(g)) {
      report(g, model.error());
      ledger.endExecution(ExecutionEnd::Error, trace(g));
    }
    // The graph ends at the error: the other threads' events are never added, so the graphs
    // their writes would make by revisiting its reads are not reached. With --keep-going the
    // search stops here, incomplete, rather than go on as if it covered them.
    if (othersAlive(model.error().thread))
      ledger.stop = StopReason::Error;
    return;
  }
  ++nesting;
  visit(g);
  --nesting;
}

// The units of a split: each graph at the split depth of the recursion's tree with the graphs
// grown from it, and each graph above it that ends its execution (the model stopped, the depth
// limit, no thread left to add an event). Every worker enters the graphs above the split in the
// same order (the search is deterministic and keeps nothing across branches), so `claim` sees
// the same numbers in each.
bool GraphSearch::leftToOthers(const Graph &g) {
  if (!options.split || nesting > options.split->depth)
    return false;
  bool subtree = nesting == options.split->depth;
  if (!subtree && model.status() == ExecStatus::Running && g.size() < options.maxDepth &&
      nextThread(g) != NoThread)
    return false; // an inner graph of the shallow tree
  return !options.split->claim(splitUnits++, false, subtree, ledger.result.stats);
}

SearchResult exploreGraphs(Model &model, const SearchOptions &options,
                           const GraphSearchOptions &graph, const ExecutionObserver &observer) {
  GraphSearch search(model, options, graph, observer ? &observer : nullptr);
  return search.run();
}

} // namespace bpor::graph
