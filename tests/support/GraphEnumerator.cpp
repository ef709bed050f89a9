#include "tests/support/GraphEnumerator.h"

#include "checker/ThreadNames.h"
#include "checker/engine/ExecutionEnds.h"
#include "checker/graph/Graph.h"
#include "checker/graph/SpinIterations.h"
#include "checker/graph/SyncWords.h"

#include <fmt/format.h>

#include <optional>
#include <unordered_set>
#include <vector>

namespace bpor::testing {

namespace {

using graph::Event;
using graph::EventId;
using graph::Graph;
using graph::Kind;

struct Step {
  ThreadId name;
  uint32_t choice;
  std::optional<uint64_t> read;
};

class Enumerator {
public:
  Enumerator(Model &model, graph::MemoryModel memoryModel, uint64_t limit)
      : model(model), memoryModel(memoryModel), limit(limit), names(table) {}

  EnumeratedGraphs run() {
    WeakMemorySteps steps(model, true); // as the search has them (GraphSearch::run)
    restart();
    Graph empty;
    explore(empty, {});
    return std::move(out);
  }

private:
  void restart() {
    model.restart();
    names.start(model.numThreads());
  }

  // Steps thread `name` as the path's next step, naming the threads it creates after the index
  // of the creating event in its thread (as the graph numbers it).
  const Operation &step(const Graph &g, const Step &s) {
    ThreadId id = names.threadOf(s.name);
    ThreadId before = model.numThreads();
    if (s.read)
      model.setReadValue(id, *s.read);
    const Operation &op = model.step(id, s.choice);
    if (model.numThreads() > before) {
      uint32_t index = s.name < g.threads.size() ? uint32_t(g.threads[s.name].size()) : 0;
      names.created(s.name, index + 1, model.numThreads());
    }
    return op;
  }

  // Back to the state after `path` (whose graph is g).
  void replay(const std::vector<Step> &path) {
    restart();
    Graph shape;
    for (const Step &s : path) {
      step(shape, s);
      if (s.name >= shape.threads.size())
        shape.threads.resize(s.name + 1);
      shape.threads[s.name].emplace_back();
    }
  }

  // `cut`: the last step was the process's exit while another thread could still run.
  void explore(const Graph &g, std::vector<Step> path, bool cut = false) {
    if (!out.complete)
      return;
    // Two interleavings that built the same graph continue alike: each thread's state is fixed
    // by its events and the values they read, all in the graph (and so whether an exit that
    // made it cut other threads short).
    if (!seen.insert(g.canonical()).second)
      return;
    if (model.status() != ExecStatus::Running) {
      finish(g, cut);
      return;
    }
    // A thread at the back edge of a spin loop stays there: the loop is an await of its exit
    // (the iteration's reads, taken in every interleaving, give every value it may exit with);
    // unless the iteration of an update loop changed something.
    std::vector<ThreadId> runnable;
    for (ThreadId id = 0; id < model.numThreads(); ++id)
      if (model.isAlive(id) && model.isEnabled(id) && !awaits(g, id))
        runnable.push_back(names.nameOf(id));
    if (runnable.empty()) {
      finish(g, false);
      return;
    }
    bool first = true;
    // Every relation the axioms look at only grows as events are added, so a graph that is
    // inconsistent stays so: its extensions need not be enumerated.
    bool cuts = false;
    auto branch = [&](const Graph &next, const std::vector<Step> &nextPath) {
      if (graph::consistent(next, memoryModel))
        explore(next, nextPath, cuts);
    };
    for (ThreadId name : runnable) {
      if (!first)
        replay(path);
      first = false;
      const Operation pending = model.pending(names.threadOf(name));
      cuts = pending.kind == OpKind::Exit && runnable.size() > 1;
      bool memory = pending.kind == OpKind::Load || pending.kind == OpKind::Store ||
                    pending.kind == OpKind::ReadModifyWrite;
      // An operation on a mutex, semaphore, barrier, read-write lock or pthread_once control
      // accesses its word (checker/graph/SyncWords.h).
      graph::WordAccess word = graph::wordAccessOf(pending);
      if (word == graph::WordAccess::Unsupported) {
        out.complete = false;
        return;
      }
      bool wordRead = word == graph::WordAccess::Acquire || word == graph::WordAccess::Try ||
                      word == graph::WordAccess::Update;
      Graph base = g;
      uint32_t location = 0;
      if (word != graph::WordAccess::None) {
        int64_t l = graph::wordLocation(base, pending);
        if (l < 0) {
          out.complete = false;
          return;
        }
        location = uint32_t(l);
      } else if (memory) {
        uint64_t address = pending.accesses[0].address;
        uint32_t size = uint32_t(pending.accesses[0].size);
        int64_t l = base.locationOf(address, size, model.peekMemory(address, size));
        if (l < 0) {
          out.complete = false;
          return;
        }
        location = uint32_t(l);
      }
      // The writes a read may read: every write of the location so far.
      std::vector<std::optional<EventId>> sources{std::nullopt};
      if (pending.kind == OpKind::Load || pending.kind == OpKind::ReadModifyWrite || wordRead) {
        sources = {graph::initWrite(location)};
        for (EventId w : base.locations[location].co)
          sources.push_back(w);
      }
      uint32_t choices = std::max<uint32_t>(1, pending.numChoices);
      bool firstHere = true;
      for (const std::optional<EventId> &source : sources)
        for (uint32_t choice = 0; choice < choices; ++choice) {
          // A lock runs only when the model has its mutex free: reading a held mutex it
          // would wait, which this interleaving does not show (and so for the other
          // operations on words that wait).
          std::optional<uint64_t> value;
          if (wordRead) {
            value = base.valueOf(*source);
            graph::WordRead::Outcome outcome = graph::readWord(pending, name, *value).outcome;
            if (outcome == graph::WordRead::Unmodelled) {
              out.complete = false;
              return;
            }
            if (outcome == graph::WordRead::Waits || outcome == graph::WordRead::Never)
              continue;
          }
          if (!firstHere)
            replay(path);
          firstHere = false;
          Step s{name, choice, source ? std::optional<uint64_t>(base.valueOf(*source))
                                      : std::nullopt};
          Graph next = base;
          const Operation &op = step(next, s);
          Event event;
          event.op = op;
          event.order = op.order;
          event.choice = choice;
          event.endsThread = op.endsThread;
          event.location = location;
          switch (word != graph::WordAccess::None ? OpKind::Other : op.kind) {
          case OpKind::Load:
            event.kind = Kind::Read;
            event.value = op.value;
            break;
          case OpKind::Store:
            event.kind = Kind::Write;
            event.value = op.value;
            break;
          case OpKind::ReadModifyWrite:
            event.kind = op.wrote ? Kind::Update : Kind::Read;
            event.value = op.wrote ? op.written : op.value;
            if (!op.wrote && op.failureOrder != MemoryOrder::NotAtomic)
              event.order = op.failureOrder;
            break;
          case OpKind::Fence: event.kind = Kind::Fence; break;
          case OpKind::Fork:
            event.kind = Kind::Fork;
            event.other = names.nameOf(op.otherThread);
            break;
          case OpKind::Join:
            event.kind = Kind::Join;
            event.other = names.nameOf(op.otherThread);
            break;
          default: event.kind = Kind::Other;
          }
          if (word != graph::WordAccess::None) {
            // A trylock acquires exactly when it reads the mutex free (and so for the other
            // operations on words, SyncWords.h).
            if (!graph::modelAgrees(op, name, value))
              continue;
            graph::setWordEvent(op, name, value, memoryModel, event);
          }
          if (source)
            event.rf = *source;
          EventId id = next.add(name, event);
          std::vector<Step> nextPath = path;
          nextPath.push_back(s);
          if (!graph::writes(event.kind)) {
            branch(next, nextPath);
            continue;
          }
          // Every place in coherence, the axioms judge.
          std::vector<EventId> places{graph::initWrite(location)};
          for (EventId w : next.locations[location].co)
            places.push_back(w);
          for (size_t k = 0; k < places.size(); ++k) {
            if (k > 0)
              replay(nextPath);
            Graph placed = next;
            placed.placeCo(id, places[k]);
            branch(placed, nextPath);
          }
        }
    }
  }

  // Whether thread `id` stands at a spin loop's back edge as at an await.
  bool awaits(const Graph &g, ThreadId id) const {
    const Operation &pending = model.pending(id);
    ThreadId name = names.nameOf(id);
    size_t end = name < g.threads.size() ? g.threads[name].size() : 0;
    return pending.spinLoop && graph::iterationChangesNothing(g, name, end, pending.value);
  }

  void finish(const Graph &g, bool cut) {
    if (++out.interleavings > limit) {
      out.complete = false;
      return;
    }
    if (!graph::consistent(g, memoryModel))
      return;
    // A thread at a spin loop whose iteration read a write older than its location's latest
    // is no end: the interleaving where it reads later covers it. One whose reads were all
    // the latest spins forever (or until the process exits).
    std::optional<std::pair<ThreadId, uint32_t>> spinning; // the lowest-named, as the search
    if (model.status() != ExecStatus::Error) {
      for (ThreadId id = 0; id < model.numThreads(); ++id) {
        const Operation &pending = model.pending(id);
        if (!model.isAlive(id) || !awaits(g, id))
          continue;
        ThreadId name = names.nameOf(id);
        size_t end = name < g.threads.size() ? g.threads[name].size() : 0;
        if (!graph::iterationReadsLatest(g, name, end, pending.value))
          return;
        if (!spinning || names.nameOf(id) < spinning->first)
          spinning = std::make_pair(names.nameOf(id), pending.location);
      }
    }
    if (model.status() == ExecStatus::Running) {
      // Threads remain and none can run. Some stopped by failed assumptions: no deadlock or
      // livelock, on inputs the program rules out, but the events before still race.
      if (stoppedByFailedAssume(model)) {
        if (auto race = graph::dataRace(g, memoryModel))
          out.errors.insert(fmt::format("{} at {}", errorKindName(ErrorKind::DataRace),
                                        g.at(race->second).op.location));
        return;
      }
      if (spinning) {
        out.errors.insert(fmt::format("{} at {}", errorKindName(ErrorKind::Livelock),
                                      spinning->second));
        return;
      }
      out.errors.insert(fmt::format("{} at 0", errorKindName(ErrorKind::Deadlock)));
      return;
    }
    // A race (undefined behaviour under RA and RC11) comes before an error it leads to.
    if (auto race = graph::dataRace(g, memoryModel)) {
      out.errors.insert(fmt::format("{} at {}", errorKindName(ErrorKind::DataRace),
                                    g.at(race->second).op.location));
      return;
    }
    if (model.status() == ExecStatus::Error) {
      out.errors.insert(fmt::format("{} at {}", errorKindName(model.error().kind),
                                    model.error().location));
      return;
    }
    // An exit that cut a thread short: its graph is a prefix of one where the exit waits for
    // the threads, which the search explores instead (docs/weak-memory.md, "The process's
    // exit"); its errors, above, are the program's all the same.
    if (cut) {
      ++out.cutByExit;
      return;
    }
    out.graphs.insert(g.canonical());
  }

  Model &model;
  graph::MemoryModel memoryModel;
  uint64_t limit;
  ThreadNameTable table;
  ThreadNames names;
  std::unordered_set<std::string> seen;
  EnumeratedGraphs out;
};

} // namespace

EnumeratedGraphs enumerateGraphs(Model &model, graph::MemoryModel memoryModel,
                                 uint64_t maxInterleavings) {
  return Enumerator(model, memoryModel, maxInterleavings).run();
}

} // namespace bpor::testing
