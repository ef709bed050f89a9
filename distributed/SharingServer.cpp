#include "distributed/SharingServer.h"

#include "distributed/ResultWire.h"
#include "distributed/SharingWire.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

namespace bpor::distributed {

using optimal::Event;
using optimal::SharedState;

SharingServer::SharingServer(Cluster &cluster, optimal::SharedStates &shared, bool keepGoing)
    : results(size_t(cluster.size())), attachments(size_t(cluster.size())), cluster_(cluster),
      shared_(shared), keepGoing_(keepGoing), proxies_(size_t(cluster.size())),
      progressed_(size_t(cluster.size())) {
  for (int rank = 1; rank < cluster.size(); ++rank) {
    proxies_[rank] = std::make_unique<Proxy>();
    proxies_[rank]->rank = rank;
  }
}

SharingServer::~SharingServer() {
  // Only a failed run leaves a proxy running (it then ends the process: Cluster::abort).
  for (std::unique_ptr<Proxy> &proxy : proxies_)
    if (proxy && proxy->thread.joinable())
      proxy->thread.detach();
}

void SharingServer::noteEnd(const SearchResult &result) {
  if (!result.complete || (!keepGoing_ && !result.errors.empty()))
    stopped.store(true);
}

std::vector<Statistics> SharingServer::progressed() {
  std::lock_guard<std::mutex> guard(resultsLock_);
  return progressed_;
}

void SharingServer::reply(Proxy &proxy, std::vector<uint8_t> bytes, bool last) {
  std::lock_guard<std::mutex> guard(outLock_);
  outbox_.push_back(Outgoing{proxy.rank, SharingReply, std::move(bytes), last});
  outReady_.notify_one();
}

bool SharingServer::handle(Proxy &proxy, const Message &message) {
  WireReader in(message.bytes);
  WireWriter out;
  auto answer = [&](WireWriter &payload) { reply(proxy, payload.take()); };
  switch (message.tag) {
  case Share: {
    uint64_t parent = in.varint();
    size_t parentBranch = in.varint();
    ScheduleStep edge = readStep(in);
    std::vector<Event> sleep = readEvents(in);
    optimal::WakeupTree wakeup = readTree(in);
    ThreadSet enabled = readThreadSet(in);
    std::vector<Operation> next = readOperations(in);
    Event inProgress = readEvent(in);
    bool branchLeft = false;
    SharedState *state = shared_.share(parent ? &shared_.stateById(parent - 1) : nullptr,
                                       parentBranch, edge,
                                       {sleep, wakeup, enabled, next, inProgress}, branchLeft);
    proxy.known.insert(state->id);
    out.varint(state->id);
    out.u8(branchLeft);
    answer(out);
    return true;
  }
  case Take: {
    std::optional<optimal::SharedBranch> branch = shared_.take(shared_.stateById(in.varint()));
    out.u8(branch.has_value());
    if (branch)
      writeBranch(out, *branch);
    answer(out);
    return true;
  }
  case Resolve: {
    SharedState &state = shared_.stateById(in.varint());
    size_t index = in.varint();
    shared_.resolve(state, index, readEvent(in));
    return true;
  }
  case Returned: {
    SharedState &state = shared_.stateById(in.varint());
    shared_.returned(state, in.varint());
    return true;
  }
  case Leave:
    shared_.leave(shared_.stateById(in.varint()));
    return true;
  case Insert: {
    optimal::SharedPath path(in.varint());
    for (auto &[state, branch] : path) {
      state = &shared_.stateById(in.varint());
      branch = in.varint();
    }
    shared_.insert(std::move(path), readEvents(in));
    return true;
  }
  case WaitForWork: {
    // What the worker does on arriving is made here at once: it takes the state's next
    // branch, and where none is left it backtracks, leaving the state and trying the one
    // above, and waits again at the top. So no other worker takes the branch while the reply
    // travels and the rank replays its way there.
    SharedState *target = nullptr;
    std::optional<optimal::SharedBranch> branch;
    while (!branch && (target = shared_.waitForWork()))
      for (; target; target = target->parent) {
        if ((branch = shared_.take(*target)))
          break;
        shared_.leave(*target);
      }
    out.u8(target != nullptr);
    if (target) {
      // The states on the path from the initial one that the rank has no copy of yet, from
      // the top (a rank that knows a state knows every state above it).
      std::vector<const SharedState *> unknown;
      for (const SharedState *s = target; s && !proxy.known.count(s->id); s = s->parent)
        unknown.push_back(s);
      out.varint(unknown.size());
      for (auto s = unknown.rbegin(); s != unknown.rend(); ++s) {
        writeStateCopy(out, **s);
        proxy.known.insert((*s)->id);
      }
      out.varint(target->id);
      writeBranch(out, *branch);
    }
    answer(out);
    return true;
  }
  case Retire:
    shared_.retire();
    return true;
  case NameOf: {
    ThreadId creator = ThreadId(in.varint());
    uint32_t eventIndex = uint32_t(in.varint());
    uint32_t ordinal = uint32_t(in.varint());
    out.varint(shared_.threadNames().nameOf(creator, eventIndex, ordinal));
    answer(out);
    return true;
  }
  case SharingProgress: {
    Statistics stats = readStatistics(in);
    std::lock_guard<std::mutex> guard(resultsLock_);
    progressed_[proxy.rank] = stats;
    return true;
  }
  case SharingDone: {
    std::string result = in.text(), attached = in.text();
    SearchResult found = decodeResult(std::vector<uint8_t>(result.begin(), result.end()));
    noteEnd(found);
    {
      std::lock_guard<std::mutex> guard(resultsLock_);
      progressed_[proxy.rank] = found.stats;
      results[proxy.rank] = std::move(found);
      attachments[proxy.rank].assign(attached.begin(), attached.end());
    }
    reply(proxy, {}, /*last=*/true);
    return false;
  }
  default:
    throw std::runtime_error("rank 0 got a message it does not expect (tag " +
                             std::to_string(message.tag) + ") from rank " +
                             std::to_string(message.from));
  }
}

void SharingServer::runProxy(Proxy &proxy) {
  try {
    while (true) {
      Message message;
      {
        std::unique_lock<std::mutex> guard(proxy.lock);
        proxy.arrived.wait(guard, [&] { return !proxy.inbox.empty(); });
        message = std::move(proxy.inbox.front());
        proxy.inbox.pop_front();
      }
      if (!handle(proxy, message))
        return;
    }
  } catch (const std::exception &failure) {
    std::fprintf(stderr, "bporcheck: distributed search, rank 0 serving rank %d: %s\n",
                 proxy.rank, failure.what());
    cluster_.abort(3);
  }
}

// Polls for messages, sleeping between polls longer the longer nothing came (50 µs after a
// message, doubling up to 1 ms, as DistributedSearch.cpp's server does), and wakes at once when a
// proxy has a reply to send.
void SharingServer::serve(const std::atomic<bool> &ownDone) {
  for (std::unique_ptr<Proxy> &proxy : proxies_)
    if (proxy)
      proxy->thread = std::thread([this, &proxy] { runProxy(*proxy); });
  constexpr std::chrono::microseconds FirstPause{50}, LongestPause{1000};
  std::chrono::microseconds pause = FirstPause;
  size_t ranks = size_t(cluster_.size());
  std::vector<bool> finished(ranks, false);
  std::vector<std::chrono::steady_clock::time_point> lastNotice(ranks);
  size_t ranksFinished = 0;
  bool stopSent = false;
  while (ranksFinished + 1 < ranks || !ownDone.load()) {
    std::deque<Outgoing> sending;
    {
      std::lock_guard<std::mutex> guard(outLock_);
      sending.swap(outbox_);
    }
    for (Outgoing &message : sending) {
      cluster_.send(message.to, message.tag, message.bytes);
      if (message.last) {
        finished[message.to] = true;
        ++ranksFinished;
      }
    }
    if (stopped.load() && !stopSent) {
      stopSent = true;
      shared_.cancel();
      for (size_t rank = 1; rank < ranks; ++rank)
        if (!finished[rank])
          cluster_.send(int(rank), Stop, {});
    }
    if (!stopSent && shared_.wanted()) {
      auto now = std::chrono::steady_clock::now();
      for (size_t rank = 1; rank < ranks; ++rank)
        if (!finished[rank] && now - lastNotice[rank] >= NoticeInterval) {
          cluster_.send(int(rank), Starving, {});
          lastNotice[rank] = now;
        }
    }
    if (std::optional<Message> message = cluster_.poll()) {
      Proxy &proxy = *proxies_.at(size_t(message->from));
      {
        std::lock_guard<std::mutex> guard(proxy.lock);
        proxy.inbox.push_back(std::move(*message));
      }
      proxy.arrived.notify_one();
      pause = FirstPause;
      continue;
    }
    std::unique_lock<std::mutex> guard(outLock_);
    if (outReady_.wait_for(guard, pause, [&] { return !outbox_.empty(); }))
      pause = FirstPause;
    else
      pause = std::min(2 * pause, LongestPause);
  }
  for (std::unique_ptr<Proxy> &proxy : proxies_)
    if (proxy && proxy->thread.joinable())
      proxy->thread.join();
}

} // namespace bpor::distributed
