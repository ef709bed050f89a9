#include "distributed/RemoteSharedStates.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <string>

namespace bpor::distributed {

using optimal::Event;
using optimal::SharedBranch;
using optimal::SharedState;

namespace {

/// How many wanted() calls (one a backtrack) between two looks for rank 0's notices: often
/// enough that a waiting rank hears quickly, rarely enough to cost nothing.
constexpr unsigned CallsBetweenLooks = 32;

} // namespace

RemoteSharedStates::RemoteSharedStates(Cluster &cluster, std::atomic<bool> &stopped)
    : cluster_(cluster), stopped_(stopped) {
  names_.setSource([this](ThreadId creator, uint32_t eventIndex, uint32_t ordinal) {
    WireWriter out;
    out.varint(creator);
    out.varint(eventIndex);
    out.varint(ordinal);
    std::vector<uint8_t> reply = ask(NameOf, out.take());
    WireReader in(reply);
    return ThreadId(in.varint());
  });
}

void RemoteSharedStates::hear(const Message &notice) {
  if (notice.tag == Starving)
    starving_ = true;
  else if (notice.tag == Stop)
    stopped_.store(true, std::memory_order_relaxed);
  else
    throw std::runtime_error("rank " + std::to_string(cluster_.rank()) +
                             " got a message it does not expect from rank 0 (tag " +
                             std::to_string(notice.tag) + ")");
}

std::vector<uint8_t> RemoteSharedStates::ask(SharingTag tag, std::vector<uint8_t> bytes) {
  cluster_.send(0, tag, bytes);
  // Polls rather than blocks in MPI (whose blocking calls spin a core): a rank that waits for
  // work may wait long, and on a machine with fewer cores than ranks it would slow the others.
  constexpr std::chrono::microseconds FirstPause{10}, LongestPause{1000};
  std::chrono::microseconds pause = FirstPause;
  while (true) {
    std::optional<Message> reply = cluster_.poll(0);
    if (!reply) {
      std::this_thread::sleep_for(pause);
      pause = std::min(2 * pause, LongestPause);
      continue;
    }
    if (reply->tag != SharingReply) {
      hear(*reply);
      continue;
    }
    return std::move(reply->bytes);
  }
}

void RemoteSharedStates::tell(SharingTag tag, std::vector<uint8_t> bytes) {
  cluster_.send(0, tag, bytes);
}

bool RemoteSharedStates::wanted() {
  if (++sinceHeard_ >= CallsBetweenLooks) {
    sinceHeard_ = 0;
    while (std::optional<Message> notice = cluster_.poll(0))
      hear(*notice);
  }
  return starving_;
}

SharedState *RemoteSharedStates::known(uint64_t id) const {
  auto found = byId_.find(id);
  if (found == byId_.end())
    throw std::runtime_error("rank 0 named a shared state this rank does not know");
  return found->second;
}

SharedState &RemoteSharedStates::learn(WireReader &in) {
  uint64_t id = in.varint();
  uint64_t parent = in.varint();
  size_t parentBranch = in.varint();
  ScheduleStep edge = readStep(in);
  size_t depth = in.varint();
  std::vector<Event> sleep = readEvents(in);
  auto found = byId_.find(id);
  if (found != byId_.end())
    return *found->second;
  SharedState &state = states_.emplace_back();
  state.id = id;
  state.parent = parent ? known(parent - 1) : nullptr;
  state.parentBranch = parentBranch;
  state.edge = edge;
  state.depth = depth;
  state.entrySleep = std::move(sleep);
  byId_.emplace(id, &state);
  return state;
}

SharedState *RemoteSharedStates::share(SharedState *parent, size_t parentBranch,
                                       ScheduleStep edge, const optimal::StateToShare &state,
                                       bool &branchLeft) {
  WireWriter out;
  out.varint(parent ? parent->id + 1 : 0);
  out.varint(parentBranch);
  writeStep(out, edge);
  writeEvents(out, state.sleep);
  writeTree(out, state.wakeup);
  writeThreadSet(out, state.enabled);
  writeOperations(out, state.next);
  writeEvent(out, state.inProgress);
  state.wakeup.clear(); // the record on rank 0 owns the branches now
  std::vector<uint8_t> reply = ask(Share, out.take());
  starving_ = false; // until rank 0 says again that a worker waits
  WireReader in(reply);
  uint64_t id = in.varint();
  branchLeft = in.u8() != 0;
  SharedState &copy = states_.emplace_back();
  copy.id = id;
  copy.parent = parent;
  copy.parentBranch = parentBranch;
  copy.edge = edge;
  copy.depth = parent ? parent->depth + 1 : 0;
  copy.entrySleep = state.sleep;
  byId_.emplace(id, &copy);
  return &copy;
}

std::optional<SharedBranch> RemoteSharedStates::take(SharedState &state) {
  if (arrival_ && arrivalState_ == state.id) {
    std::optional<SharedBranch> branch = std::move(arrival_);
    arrival_.reset();
    return branch;
  }
  WireWriter out;
  out.varint(state.id);
  std::vector<uint8_t> reply = ask(Take, out.take());
  WireReader in(reply);
  if (!in.u8())
    return std::nullopt;
  return readBranch(in);
}

void RemoteSharedStates::resolve(SharedState &state, size_t index, const Event &executed) {
  WireWriter out;
  out.varint(state.id);
  out.varint(index);
  writeEvent(out, executed);
  tell(Resolve, out.take());
}

void RemoteSharedStates::returned(SharedState &state, size_t index) {
  WireWriter out;
  out.varint(state.id);
  out.varint(index);
  tell(Returned, out.take());
}

void RemoteSharedStates::leave(SharedState &state) {
  WireWriter out;
  out.varint(state.id);
  tell(Leave, out.take());
}

void RemoteSharedStates::insert(optimal::SharedPath path, std::vector<Event> v) {
  WireWriter out;
  out.varint(path.size());
  for (const auto &[state, branch] : path) {
    out.varint(state->id);
    out.varint(branch);
  }
  writeEvents(out, v);
  tell(Insert, out.take());
}

SharedState *RemoteSharedStates::waitForWork() {
  std::vector<uint8_t> reply = ask(WaitForWork, {});
  WireReader in(reply);
  if (!in.u8())
    return nullptr;
  SharedState *target = nullptr;
  for (uint64_t described = in.varint(); described; --described)
    learn(in);
  target = known(in.varint());
  arrival_ = readBranch(in);
  arrivalState_ = target->id;
  return target;
}

void RemoteSharedStates::retire() { tell(Retire, {}); }

void RemoteSharedStates::progress(const Statistics &stats) {
  WireWriter out;
  writeStatistics(out, stats);
  tell(SharingProgress, out.take());
  while (std::optional<Message> notice = cluster_.poll(0))
    hear(*notice);
}

void RemoteSharedStates::finish(const std::vector<uint8_t> &result,
                                const std::vector<uint8_t> &attached) {
  WireWriter out;
  out.text(std::string(result.begin(), result.end()));
  out.text(std::string(attached.begin(), attached.end()));
  ask(SharingDone, out.take());
}

} // namespace bpor::distributed
