#include "checker/graph/GraphSearchEngine.h"

#include "checker/engine/ExecutionEnds.h"

#include <fmt/format.h>

namespace bpor::graph {

void GraphSearch::complete(const Graph &g) {
  if (reportRace(g))
    return;
  if (graphOptions.onGraph)
    graphOptions.onGraph(g);
  ledger.endExecution(executionEndOf(model.status()), trace(g));
}

bool GraphSearch::reportRace(const Graph &g) {
  std::optional<std::pair<EventId, EventId>> race = dataRaceByClocks(g, graphOptions.model);
  if (graphOptions.disagreements && race != dataRace(g, graphOptions.model))
    ++*graphOptions.disagreements;
  if (race) {
    ErrorInfo error;
    error.kind = ErrorKind::DataRace;
    error.thread = g.at(race->second).op.thread;
    error.location = g.at(race->second).op.location;
    ThreadId other = g.at(race->first).op.thread;
    std::string where = model.describeLocation(g.at(race->first).op.location);
    const char *title = memoryModelTitle(graphOptions.model);
    if (g.at(race->second).op.kind == OpKind::Free)
      error.message = fmt::format("this free() and an access to the object by {} at {} "
                                  "are not ordered by happens-before under {}",
                                  threadLabel(model, other), where, title);
    else
      error.message = fmt::format("this access and one by {} at {} are not ordered by "
                                  "happens-before under {}, and one of them is not atomic",
                                  threadLabel(model, other), where, title);
    report(g, error);
    ledger.endExecution(ExecutionEnd::Error, trace(g));
    return true;
  }
  return false;
}

void GraphSearch::reportSpinForever(const Graph &g, ThreadId t) {
  const Event &wait = g.threads[t].back();
  ErrorInfo error;
  error.kind = ErrorKind::Livelock;
  error.thread = wait.op.thread;
  error.location = wait.op.location;
  error.message = fmt::format("{} spins forever in this loop: every value its iteration "
                              "reads is the latest write of its location under {}, and no "
                              "thread is left to write another",
                              threadLabel(model, wait.op.thread),
                              memoryModelTitle(graphOptions.model));
  report(g, error);
  ledger.endExecution(ExecutionEnd::Error, trace(g));
}

bool GraphSearch::unsupported(const Graph &g, const Operation &op, const std::string &what) {
  // Met while growing a graph above a split, which every worker grows: one reports it (it ends
  // that worker's search, and so the others').
  if (options.split && nesting <= options.split->depth &&
      !options.split->claim(splitUnits++, false, false, ledger.result.stats))
    return false;
  ErrorInfo error;
  error.kind = ErrorKind::Unsupported;
  error.thread = op.thread;
  error.location = op.location;
  error.message = fmt::format("{} is not supported under {} yet", what,
                              memoryModelTitle(graphOptions.model));
  if (op.kind == OpKind::Yield)
    error.message += " (--spin-assume turns a spin loop whose iterations change nothing into "
                     "an await, which is)";
  report(g, error);
  ledger.stop = StopReason::Error;
  return false;
}

// The error with the schedule that replays its execution: the steps in the trace's order, each
// read reading the value of the write it reads in g (as replayTo gives it).
void GraphSearch::report(const Graph &g, const ErrorInfo &error) {
  Schedule schedule;
  ReadValues values;
  for (EventId e : executedOrder(g)) {
    const Event &ev = g.at(e);
    schedule.push_back({ev.op.thread, ev.choice});
    values.push_back(readsValue(ev) ? std::optional(g.valueOf(ev.rf)) : std::nullopt);
  }
  ledger.reportError(error, trace(g), std::move(schedule), std::move(values));
}

std::vector<EventId> GraphSearch::executedOrder(const Graph &g) {
  std::vector<EventId> order = g.replayOrder();
  // A lock that waits did not happen: its thread's pending operation.
  std::erase_if(order, [&](EventId e) { return g.at(e).blocked; });
  return order;
}

// The events in replay order, each read naming the step of the write it read (the point of a
// weak trace: a read need not read the last store before it).
std::vector<Operation> GraphSearch::trace(const Graph &g) const {
  std::vector<EventId> order = executedOrder(g);
  std::vector<std::vector<size_t>> stepOf(g.threads.size()); // per thread, per event
  for (size_t t = 0; t < g.threads.size(); ++t)
    stepOf[t].resize(g.threads[t].size());
  for (size_t i = 0; i < order.size(); ++i)
    stepOf[order[i].thread][order[i].index] = i + 1;
  std::vector<Operation> events;
  for (EventId e : order) {
    Operation op = g.at(e).op;
    if (reads(g.at(e).kind)) {
      EventId from = g.at(e).rf;
      if (from.isInit())
        op.readFromStep = Operation::ReadFromInitial;
      else if (size_t step = stepOf[from.thread][from.index]; step < Operation::ReadFromInitial)
        op.readFromStep = uint16_t(step);
    }
    events.push_back(op);
  }
  return events;
}

} // namespace bpor::graph
