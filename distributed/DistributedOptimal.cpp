#include "distributed/DistributedOptimal.h"

#include "checker/engine/SearchClock.h"
#include "checker/optimal/OptimalSearch.h"
#include "checker/parallel/MergeResults.h"
#include "distributed/RemoteSharedStates.h"
#include "distributed/ResultWire.h"
#include "distributed/SharingServer.h"

#include <chrono>
#include <cstdio>
#include <thread>

namespace bpor::distributed {

namespace {

/// Rank 0's own worker shares as often as the other ranks hear that a worker waits
/// (SharingServer.cpp): at most once per interval. Sharing at every backtrack while some rank
/// waits, as workers of one process do, would share rank 0's whole stack in the time a reply
/// travels, and every branch of a shared state costs the other ranks a message.
class PacedSharing final : public optimal::StateSharing {
public:
  explicit PacedSharing(optimal::SharedStates &shared) : shared_(shared) {}

  ThreadNameTable &threadNames() override { return shared_.threadNames(); }
  bool wanted() override {
    if (!shared_.wanted())
      return false;
    auto now = std::chrono::steady_clock::now();
    if (now - lastShared_ < SharingServer::NoticeInterval)
      return false;
    lastShared_ = now;
    return true;
  }
  optimal::SharedState *share(optimal::SharedState *parent, size_t parentBranch,
                              ScheduleStep edge, const optimal::StateToShare &state,
                              bool &branchLeft) override {
    return shared_.share(parent, parentBranch, edge, state, branchLeft);
  }
  std::optional<optimal::SharedBranch> take(optimal::SharedState &state) override {
    return shared_.take(state);
  }
  void resolve(optimal::SharedState &state, size_t index, const optimal::Event &executed) override {
    shared_.resolve(state, index, executed);
  }
  void returned(optimal::SharedState &state, size_t index) override {
    shared_.returned(state, index);
  }
  void leave(optimal::SharedState &state) override { shared_.leave(state); }
  void insert(optimal::SharedPath path, std::vector<optimal::Event> v) override {
    shared_.insert(std::move(path), std::move(v));
  }
  optimal::SharedState *waitForWork() override { return shared_.waitForWork(); }
  void retire() override { shared_.retire(); }

private:
  optimal::SharedStates &shared_;
  std::chrono::steady_clock::time_point lastShared_;
};

SearchResult searchOnRankZero(Cluster &cluster, Model &model, const SearchOptions &options,
                              const ExecutionObserver &observer, SharingStatistics *statistics,
                              const Attach &attach, const SharingProgressReport &progress) {
  optimal::SharedStates shared{unsigned(cluster.size())};
  SharingServer server(cluster, shared, options.keepGoing);
  std::atomic<bool> ownDone{false};
  std::thread serving([&] {
    try {
      server.serve(ownDone);
    } catch (const std::exception &failure) {
      std::fprintf(stderr, "bporcheck: distributed search: %s\n", failure.what());
      cluster.abort(3);
    }
  });
  SearchOptions mine = options;
  mine.cancelled = &server.stopped;
  if (options.progress || progress)
    mine.progress = [&](const Statistics &own) {
      std::vector<Statistics> ranks = server.progressed();
      ranks[0] = own;
      Statistics sum;
      for (const Statistics &rank : ranks)
        addStatistics(sum, rank);
      sum.elapsedSeconds = own.elapsedSeconds;
      if (progress)
        progress(sum, ranks, shared.numStates());
      else
        options.progress(sum);
    };
  SearchResult own;
  {
    PacedSharing paced(shared);
    optimal::OptimalSearch search(model, mine, OptimalVariant::Optimal,
                                  observer ? &observer : nullptr, &paced);
    own = search.run();
  }
  server.noteEnd(own);
  ownDone.store(true);
  serving.join();
  std::vector<SearchResult> results = std::move(server.results);
  results[0] = std::move(own);
  if (statistics) {
    for (const SearchResult &result : results)
      statistics->executionsPerRank.push_back(result.stats.executions);
    statistics->sharedStates = shared.numStates();
    statistics->attachments = std::move(server.attachments);
    if (attach)
      statistics->attachments[0] = attach();
  }
  SearchResult merged = mergeResults(results, model, options, server.stopped.load());
  if (shared.stuck())
    merged.complete = false;
  return merged;
}

SearchResult searchOnOtherRank(Cluster &cluster, Model &model, const SearchOptions &options,
                               const ExecutionObserver &observer, const Attach &attach) {
  std::atomic<bool> stopped{false};
  RemoteSharedStates remote(cluster, stopped);
  SearchOptions mine = options;
  mine.cancelled = &stopped;
  // Also how a rank deep in a long execution hears that the search stopped.
  mine.progress = [&](const Statistics &stats) { remote.progress(stats); };
  SearchResult result;
  try {
    optimal::OptimalSearch search(model, mine, OptimalVariant::Optimal,
                                  observer ? &observer : nullptr, &remote, /*waitsFirst=*/true);
    result = search.run();
  } catch (const std::exception &failure) {
    // Rank 0 waits for this rank's calls: end the whole run rather than leave it waiting.
    std::fprintf(stderr, "bporcheck: distributed search, rank %d: %s\n", cluster.rank(),
                 failure.what());
    cluster.abort(3);
  }
  remote.finish(encodeResult(result), attach ? attach() : std::vector<uint8_t>{});
  return result;
}

} // namespace

SearchResult exploreOptimalDistributed(Cluster &cluster, Model &model,
                                       const SearchOptions &options,
                                       const ExecutionObserver &observer,
                                       SharingStatistics *statistics, const Attach &attach,
                                       const SharingProgressReport &progress) {
  if (options.bound != BoundKind::None || options.split)
    throw std::invalid_argument("optimal DPOR takes no bound and no split");
  SearchClock wall;
  wall.start();
  SearchResult result =
      cluster.coordinates()
          ? searchOnRankZero(cluster, model, options, observer, statistics, attach, progress)
          : searchOnOtherRank(cluster, model, options, observer, attach);
  result.stats.elapsedSeconds = wall.elapsedSeconds();
  return result;
}

} // namespace bpor::distributed
