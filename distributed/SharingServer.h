// Rank 0's side of a distributed optimal DPOR (distributed/DistributedOptimal.h). For each other
// rank a thread of rank 0, its proxy, makes that rank's calls on the one record of shared states
// (checker/optimal/SharedStates.h) in the order the rank made them, as a worker thread of rank 0
// would make its own; a call may block there (a branch waits for another's event, an idle worker
// for work) without holding up any other rank. The server thread is the only one that calls MPI:
// it hands each rank's messages to its proxy, sends the proxies' replies, tells busy ranks when
// a worker waits for work (Starving) and every rank when the search stopped (Stop), and collects
// each rank's result.
#pragma once

#include "checker/optimal/SharedStates.h"
#include "distributed/Cluster.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_set>

namespace bpor::distributed {

class SharingServer {
public:
  SharingServer(Cluster &cluster, optimal::SharedStates &shared, bool keepGoing);
  ~SharingServer();

  /// Serves the other ranks until each has sent its result and `ownDone` is set (rank 0's own
  /// worker has ended).
  void serve(const std::atomic<bool> &ownDone);

  /// A rank hears that a worker waits at most this often, and shares once for each notice: a
  /// rank that shared at every backtrack until its share reached rank 0 would share its whole
  /// stack, and every branch of a shared state costs it a message.
  static constexpr std::chrono::microseconds NoticeInterval{2000};

  /// A worker's result: an error without keepGoing, or a limit, stops the whole search.
  void noteEnd(const SearchResult &result);
  /// Set when the search stopped (rank 0's own worker reads it as SearchOptions::cancelled).
  std::atomic<bool> stopped{false};

  /// Each rank's last statistics (rank 0's own slot is not filled here).
  std::vector<Statistics> progressed();
  /// Each rank's result and attachment, once serve() has returned (slot 0 is rank 0's, empty).
  std::vector<SearchResult> results;
  std::vector<std::vector<uint8_t>> attachments;

private:
  struct Proxy {
    int rank = 0;
    std::mutex lock;
    std::condition_variable arrived;
    std::deque<Message> inbox;
    std::unordered_set<uint64_t> known; // the states this rank has a copy of
    std::thread thread;
  };
  struct Outgoing {
    int to;
    int tag;
    std::vector<uint8_t> bytes;
    bool last; // the reply to the rank's result: nothing is sent to it after this
  };

  void runProxy(Proxy &proxy);
  /// Makes the call `message` asks for; false once the rank's result came (its last message).
  bool handle(Proxy &proxy, const Message &message);
  void reply(Proxy &proxy, std::vector<uint8_t> bytes, bool last = false);

  Cluster &cluster_;
  optimal::SharedStates &shared_;
  const bool keepGoing_;
  std::vector<std::unique_ptr<Proxy>> proxies_; // by rank; none for rank 0
  std::mutex outLock_;
  std::condition_variable outReady_;
  std::deque<Outgoing> outbox_;
  std::mutex resultsLock_;
  std::vector<Statistics> progressed_;
};

} // namespace bpor::distributed
