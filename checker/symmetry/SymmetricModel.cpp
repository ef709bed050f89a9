#include "checker/symmetry/SymmetricModel.h"

#include <algorithm>
#include <fmt/format.h>
#include <numeric>

namespace bpor {

class SymmetricModel::Checkpoint final : public ModelCheckpoint {
public:
  size_t bytes() const override {
    return sizeof(*this) + (inner ? inner->bytes() : 0) + twins.capacity() * sizeof(ThreadId);
  }
  std::unique_ptr<ModelCheckpoint> inner;
  std::vector<ThreadId> twins;
  std::vector<Operation> twinPending;
  std::vector<ThreadId> origin;
  bool dropped = false;
};

SymmetricModel::SymmetricModel(Model &inner, ThreadSymmetry &symmetry, unsigned threshold)
    : inner_(inner), symmetry_(symmetry), threshold_(threshold) {
  normalize();
}

void SymmetricModel::restart() {
  inner_.restart();
  obstacle_ = ErrorInfo{};
  origin_.clear();
  dropped_ = false;
  normalize();
}

ThreadId SymmetricModel::numThreads() const {
  return inner_.numThreads() + ThreadId(twins_.size());
}

ThreadId SymmetricModel::realThread(ThreadId thread) const {
  ThreadId real = inner_.numThreads();
  return thread < real ? thread : twins_[thread - real];
}

bool SymmetricModel::isAlive(ThreadId thread) const {
  return thread < numThreads() && inner_.isAlive(realThread(thread));
}

bool SymmetricModel::isEnabled(ThreadId thread) const {
  if (obstacle_.kind != ErrorKind::None || thread >= numThreads() ||
      !inner_.isEnabled(realThread(thread)))
    return false;
  if (threadLimit_ != 0 && inner_.pending(realThread(thread)).kind == OpKind::Fork &&
      inner_.numThreads() >= threadLimit_) {
    heldBack_ = true;
    return false;
  }
  return true;
}

const Operation &SymmetricModel::pending(ThreadId thread) const {
  ThreadId real = inner_.numThreads();
  return thread < real ? inner_.pending(thread) : twinPending_[thread - real];
}

const Operation &SymmetricModel::step(ThreadId thread, uint32_t choice) {
  ThreadId real = inner_.numThreads();
  if (thread < real) {
    event_ = inner_.step(thread, choice);
  } else {
    // The twin: one more copy of the thread, which then moves, so that as many as before stay.
    std::vector<ThreadId> order(real - 1);
    std::iota(order.begin(), order.end(), ThreadId(1));
    order.push_back(twins_[thread - real]);
    symmetry_.rearrangeThreads(order);
    event_ = inner_.step(real, choice);
    abstracted_ = dropped_ = true;
  }
  event_.thread = thread;
  normalize();
  return event_;
}

ExecStatus SymmetricModel::status() const {
  return obstacle_.kind != ErrorKind::None ? ExecStatus::Error : inner_.status();
}

const ErrorInfo &SymmetricModel::error() const {
  return obstacle_.kind != ErrorKind::None ? obstacle_ : inner_.error();
}

std::unique_ptr<ModelCheckpoint> SymmetricModel::checkpoint() const {
  auto saved = std::make_unique<Checkpoint>();
  saved->inner = inner_.checkpoint();
  if (!saved->inner)
    return nullptr;
  saved->twins = twins_;
  saved->twinPending = twinPending_;
  saved->origin = origin_;
  saved->dropped = dropped_;
  return saved;
}

bool SymmetricModel::checkpointInto(ModelCheckpoint &into) const {
  auto &saved = static_cast<Checkpoint &>(into);
  if (!inner_.checkpointInto(*saved.inner))
    return false;
  saved.twins = twins_;
  saved.twinPending = twinPending_;
  saved.origin = origin_;
  saved.dropped = dropped_;
  return true;
}

void SymmetricModel::restore(const ModelCheckpoint &checkpoint) {
  const auto &saved = static_cast<const Checkpoint &>(checkpoint);
  inner_.restore(*saved.inner);
  twins_ = saved.twins;
  twinPending_ = saved.twinPending;
  origin_ = saved.origin;
  dropped_ = saved.dropped;
}

bool SymmetricModel::stateKey(std::string &key) const {
  return obstacle_.kind == ErrorKind::None && inner_.stateKey(key);
}

SourceLocation SymmetricModel::sourceLocation(uint32_t location) const {
  return inner_.sourceLocation(location);
}

std::string SymmetricModel::describeAddress(uint64_t address) const {
  return inner_.describeAddress(address);
}

void SymmetricModel::normalize() {
  twins_.clear();
  twinPending_.clear();
  if (obstacle_.kind != ErrorKind::None || inner_.status() != ExecStatus::Running)
    return;
  if (std::string why = symmetry_.symmetryObstacle(); !why.empty()) {
    obstacle_.kind = ErrorKind::Unsupported;
    obstacle_.message = "the threads cannot be treated as interchangeable: " + why;
    return;
  }
  ThreadId count = inner_.numThreads();
  // Threads created by the step: while nothing was dropped, a thread's number in the inner
  // model is its creation number.
  while (origin_.size() < count)
    origin_.push_back(ThreadId(origin_.size()));
  keys_.resize(count);
  for (ThreadId t = 1; t < count; ++t)
    symmetry_.threadPartKey(t, keys_[t]);
  std::vector<ThreadId> order(count - 1);
  std::iota(order.begin(), order.end(), ThreadId(1));
  std::stable_sort(order.begin(), order.end(),
                   [&](ThreadId a, ThreadId b) { return keys_[a] < keys_[b]; });
  // Keep at most threshold_ threads of each part; remember the first of each full group.
  std::vector<ThreadId> kept;
  std::vector<size_t> fullGroups; // positions in `kept`
  for (size_t i = 0; i < order.size();) {
    size_t end = i;
    while (end < order.size() && keys_[order[end]] == keys_[order[i]])
      ++end;
    size_t keep = threshold_ == 0 ? end - i : std::min<size_t>(end - i, threshold_);
    if (keep < end - i)
      abstracted_ = dropped_ = true;
    if (threshold_ != 0 && keep == threshold_)
      fullGroups.push_back(kept.size());
    kept.insert(kept.end(), order.begin() + i, order.begin() + i + keep);
    i = end;
  }
  bool identity = kept.size() + 1 == count;
  for (size_t i = 0; identity && i < kept.size(); ++i)
    identity = kept[i] == ThreadId(i + 1);
  if (!identity) {
    symmetry_.rearrangeThreads(kept);
    std::vector<ThreadId> origin = {origin_[0]};
    for (ThreadId from : kept)
      origin.push_back(origin_[from]);
    origin_ = std::move(origin);
  }
  maxThreads_ = std::max(maxThreads_, inner_.numThreads());
  // A twin for each full group whose thread can move.
  ThreadId real = inner_.numThreads();
  for (size_t position : fullGroups) {
    ThreadId first = ThreadId(position + 1);
    if (!inner_.isAlive(first))
      continue;
    twins_.push_back(first);
    twinPending_.push_back(inner_.pending(first));
    twinPending_.back().thread = real + ThreadId(twins_.size() - 1);
  }
}

std::optional<std::vector<std::pair<ThreadId, uint32_t>>>
SymmetricModel::programSchedule(const std::vector<std::pair<ThreadId, uint32_t>> &schedule) {
  std::vector<std::pair<ThreadId, uint32_t>> program;
  restart();
  for (const auto &[thread, choice] : schedule) {
    if (dropped_ || thread >= inner_.numThreads())
      return std::nullopt;
    program.emplace_back(origin_[thread], choice);
    step(thread, choice);
  }
  if (dropped_)
    return std::nullopt;
  return program;
}

} // namespace bpor
