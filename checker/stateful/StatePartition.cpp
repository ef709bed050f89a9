#include "checker/stateful/StatePartition.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/engine/SearchLedger.h"

#include <fmt/format.h>

namespace bpor {

unsigned ownerOf(const std::string &key, unsigned parts) {
  // FNV-1a, then splitmix64's finaliser: a hash fixed by this code, not by the library, so that
  // every process of a run agrees.
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : key)
    hash = (hash ^ c) * 1099511628211ull;
  hash ^= hash >> 30;
  hash *= 0xbf58476d1ce4e5b9ull;
  hash ^= hash >> 27;
  hash *= 0x94d049bb133111ebull;
  hash ^= hash >> 31;
  return unsigned(hash % parts);
}

StatePartition::StatePartition(Model &model, const SearchOptions &options, StateStorage storage,
                               unsigned bitstateLog2, unsigned part, unsigned parts)
    : model_(model), options_(options), store_(storage, bitstateLog2), part_(part),
      parts_(parts) {}

bool StatePartition::start() {
  model_.restart();
  if (!model_.checkpoint()) {
    incompleteReason_ = "the model cannot save its states (no checkpoints)";
    return false;
  }
  if (endsHere({}, {})) {
    // The program ends in its initial state: partition 0 alone counts it.
    if (part_ != 0) {
      result_ = SearchResult{};
      stopped_ = false;
    }
    return true;
  }
  if (!model_.stateKey(key_)) {
    incompleteReason_ = "the model cannot describe its states (it has no state keys)";
    return false;
  }
  if (ownerOf(key_, parts_) == part_)
    store(key_, {});
  return true;
}

bool StatePartition::store(const std::string &key, Schedule path) {
  StateStore::Visit visit = store_.visit(key, NoThread, 0, 0);
  if (!visit.explore) {
    ++result_.stats.revisits;
    return false;
  }
  if (onState)
    onState(key);
  queue_.push_back(Queued{std::move(path)});
  result_.stats.states = store_.states();
  return true;
}

void StatePartition::receive(const std::string &key, Schedule path) {
  store(key, std::move(path));
}

bool StatePartition::replay(const Schedule &path, std::vector<Operation> &events) {
  model_.restart();
  events.clear();
  events.reserve(path.size());
  for (const ScheduleStep &step : path) {
    if (step.thread >= model_.numThreads() || !model_.isEnabled(step.thread))
      return false;
    events.push_back(model_.step(step.thread, step.choice));
    ++result_.stats.steps;
  }
  return true;
}

void StatePartition::report(const ErrorInfo &error, const Schedule &path,
                            const std::vector<Operation> &events) {
  ++result_.stats.executions;
  if (recordError(result_, options_, error, events, path) && !options_.keepGoing)
    stopped_ = true;
}

bool StatePartition::endsHere(const Schedule &path, const std::vector<Operation> &events) {
  SearchResult &r = result_;
  switch (model_.status()) {
  case ExecStatus::Error:
    report(model_.error(), path, events);
    return true;
  case ExecStatus::Finished:
    ++r.stats.executions;
    ++r.stats.finished;
    return true;
  case ExecStatus::Infeasible:
    ++r.stats.executions;
    ++r.stats.infeasible;
    return true;
  case ExecStatus::Running:
    break;
  }
  for (ThreadId t = 0; t < model_.numThreads(); ++t)
    if (model_.isEnabled(t))
      return false;
  if (stoppedByFailedAssume(model_)) {
    ++r.stats.executions;
    ++r.stats.infeasible;
    return true;
  }
  report(deadlockError(model_), path, events);
  return true;
}

void StatePartition::expandNext(const Send &send) {
  Queued state = std::move(queue_.front());
  queue_.pop_front();
  std::vector<Operation> events;
  if (!replay(state.path, events)) {
    ErrorInfo error = nondeterminismError(events.empty() ? Operation{} : events.back(),
                                          events.size());
    report(error, state.path, events);
    return;
  }
  std::unique_ptr<ModelCheckpoint> here = model_.checkpoint();
  std::vector<ScheduleStep> moves;
  for (ThreadId t = 0; t < model_.numThreads(); ++t)
    if (model_.isEnabled(t))
      for (uint32_t c = 0; c < model_.pending(t).numChoices; ++c)
        moves.push_back(ScheduleStep{t, c});
  bool atState = true;
  for (const ScheduleStep &move : moves) {
    if (stopped_)
      return;
    if (!atState)
      model_.restore(*here);
    atState = false;
    Schedule path = state.path;
    path.push_back(move);
    events.push_back(model_.step(move.thread, move.choice));
    ++result_.stats.steps;
    bool ended = endsHere(path, events);
    if (!ended && path.size() >= options_.maxDepth) {
      ++result_.stats.depthLimited;
      incompleteReason_ = fmt::format("depth limit ({} steps)", options_.maxDepth);
      ended = true;
    }
    if (!ended) {
      model_.stateKey(key_);
      unsigned owner = ownerOf(key_, parts_);
      if (owner == part_)
        store(key_, std::move(path));
      else
        send(owner, key_, path);
    }
    events.pop_back();
  }
}

} // namespace bpor
