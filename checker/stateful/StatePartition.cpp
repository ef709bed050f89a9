#include "checker/stateful/StatePartition.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/engine/SearchLedger.h"

#include <algorithm>
#include <fmt/format.h>

namespace bpor {

unsigned ownerOf(const std::string &key, unsigned parts) {
  return unsigned(stateKeyHash(key) % parts);
}

unsigned StatePartition::ownerOfStored(std::string_view state, StateStorage storage,
                                       unsigned parts) {
  uint64_t hash = storage == StateStorage::Exact ? stateKeyHash(state)
                                                 : StateStore::fingerprintHash(state);
  return unsigned(hash % parts);
}

void StatePartition::forEachQueued(
    const std::function<void(uint64_t hash, const Schedule &path)> &each) const {
  for (const Queued &state : queue_)
    each(state.hash, state.path);
}

void StatePartition::restoreStored(std::string_view state) {
  if (store_.storage() == StateStorage::Exact)
    store_.visit(state, NoThread, 0, 0);
  else
    store_.visitFingerprint(state);
  result_.stats.states = store_.states();
}

void StatePartition::restoreQueued(uint64_t hash, Schedule path) {
  queue_.push_back(Queued{std::move(path), hash});
}

namespace {

/// The hash of each prefix of `path`: hashes[i] is that of its first i steps.
std::vector<uint64_t> prefixHashes(const Schedule &path) {
  std::vector<uint64_t> hashes(path.size() + 1);
  uint64_t hash = 0x9e3779b97f4a7c15ull;
  hashes[0] = hash;
  for (size_t i = 0; i < path.size(); ++i) {
    hash ^= (uint64_t(path[i].thread) << 32 | path[i].choice) + 0x9e3779b97f4a7c15ull +
            (hash << 6) + (hash >> 2);
    hashes[i + 1] = hash;
  }
  return hashes;
}

} // namespace

StatePartition::StatePartition(Model &model, const SearchOptions &options, StateStorage storage,
                               unsigned bitstateLog2, unsigned part, unsigned parts,
                               uint64_t checkpointBytes)
    : model_(model), options_(options), store_(storage, bitstateLog2), part_(part),
      parts_(parts), checkpointBytes_(checkpointBytes),
      recordGraph_(storage != StateStorage::Bitstate) {}

bool StatePartition::start(bool resumed) {
  model_.restart();
  if (!model_.checkpoint()) {
    incompleteReason_ = "the model cannot save its states (no checkpoints)";
    return false;
  }
  if (resumed)
    return true;
  if (endsHere({})) {
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
    store(key_, stateKeyHash(key_), {});
  return true;
}

bool StatePartition::store(const std::string &key, uint64_t hash, Schedule path,
                           bool fingerprint) {
  StateStore::Visit visit =
      fingerprint ? store_.visitFingerprint(key) : store_.visit(key, NoThread, 0, 0);
  if (!visit.explore) {
    ++result_.stats.revisits;
    return false;
  }
  if (onState)
    onState(key);
  queue_.push_back(Queued{std::move(path), hash});
  result_.stats.states = store_.states();
  return true;
}

void StatePartition::receive(const std::string &key, uint64_t hash, Schedule path) {
  store(key, hash, std::move(path), store_.storage() != StateStorage::Exact);
}

void StatePartition::keep(const Schedule &path, std::unique_ptr<ModelCheckpoint> checkpoint) {
  uint64_t bytes = checkpoint->bytes();
  if (bytes > checkpointBytes_)
    return;
  uint64_t hash = prefixHashes(path).back();
  if (kept_.count(hash))
    return;
  while (keptBytes_ + bytes > checkpointBytes_ && !ages_.empty()) {
    auto oldest = kept_.find(ages_.back());
    keptBytes_ -= oldest->second.bytes;
    kept_.erase(oldest);
    ages_.pop_back();
  }
  ages_.push_front(hash);
  kept_.emplace(hash, Kept{path, std::move(checkpoint), bytes, ages_.begin()});
  keptBytes_ += bytes;
}

bool StatePartition::moveTo(const Schedule &path) {
  std::vector<uint64_t> hashes = prefixHashes(path);
  size_t from = 0;
  for (size_t length = path.size(); length > 0 && from == 0; --length) {
    auto it = kept_.find(hashes[length]);
    // A hash names a path only if the paths are equal.
    if (it == kept_.end() || it->second.path.size() != length ||
        !std::equal(it->second.path.begin(), it->second.path.end(), path.begin()))
      continue;
    model_.restore(*it->second.checkpoint);
    ages_.splice(ages_.begin(), ages_, it->second.age);
    from = length;
  }
  if (from == 0)
    model_.restart();
  for (size_t i = from; i < path.size(); ++i) {
    const ScheduleStep &step = path[i];
    if (step.thread >= model_.numThreads() || !model_.isEnabled(step.thread))
      return false;
    model_.step(step.thread, step.choice);
    ++result_.stats.steps;
  }
  return true;
}

void StatePartition::report(const ErrorInfo &error, const Schedule &path) {
  ++result_.stats.executions;
  std::vector<Operation> events;
  model_.restart();
  for (const ScheduleStep &step : path) {
    if (step.thread >= model_.numThreads() || !model_.isEnabled(step.thread))
      break; // the path does not replay (reported as such)
    events.push_back(model_.step(step.thread, step.choice));
    ++result_.stats.steps;
  }
  if (recordError(result_, options_, error, events, path) && !options_.keepGoing)
    stopped_ = true;
}

bool StatePartition::endsHere(const Schedule &path) {
  ErrorInfo error;
  std::optional<ExecutionEnd> end = pathEndHere(model_, result_.stats, error);
  if (!end)
    return false;
  if (*end == ExecutionEnd::Error || *end == ExecutionEnd::Deadlock)
    report(error, path);
  return true;
}

void StatePartition::expandNext(const Send &send) {
  Queued state = std::move(queue_.front());
  queue_.pop_front();
  if (!moveTo(state.path)) {
    ErrorInfo error;
    error.kind = ErrorKind::Unsupported;
    error.message = "replaying a state's path did not take the same steps (a nondeterministic "
                    "model)";
    report(error, state.path);
    return;
  }
  std::unique_ptr<ModelCheckpoint> here = model_.checkpoint();
  if (recordGraph_)
    graph_.begin(state.hash);
  std::vector<ScheduleStep> moves;
  for (ThreadId t = 0; t < model_.numThreads(); ++t)
    if (model_.isEnabled(t)) {
      if (recordGraph_)
        graph_.enabled.push_back(t);
      for (uint32_t c = 0; c < model_.pending(t).numChoices; ++c)
        moves.push_back(ScheduleStep{t, c});
    }
  Schedule path = state.path;
  path.push_back(ScheduleStep{});
  bool atState = true;
  for (const ScheduleStep &move : moves) {
    if (stopped_)
      break;
    if (!atState)
      model_.restore(*here);
    atState = false;
    path.back() = move;
    model_.step(move.thread, move.choice);
    ++result_.stats.steps;
    bool ended = endsHere(path);
    if (!ended && path.size() >= options_.maxDepth) {
      ++result_.stats.depthLimited;
      incompleteReason_ = fmt::format("depth limit ({} steps)", options_.maxDepth);
      ended = true;
    }
    if (ended)
      continue;
    model_.stateKey(key_);
    uint64_t hash = stateKeyHash(key_);
    if (recordGraph_)
      graph_.moves.push_back(RecordedStates::Move{move, hash});
    unsigned owner = unsigned(hash % parts_);
    if (owner == part_)
      store(key_, hash, path);
    else if (store_.storage() == StateStorage::Exact)
      send(owner, key_, hash, path);
    else // the owner keeps only the hash: 16 bytes cross, not the key
      send(owner, StateStore::fingerprint(key_), hash, path);
  }
  if (recordGraph_)
    graph_.end();
  state.path.shrink_to_fit();
  keep(state.path, std::move(here));
}

} // namespace bpor
