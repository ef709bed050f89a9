#include "checker/parallel/PartitionedStateful.h"

#include "checker/parallel/MergeResults.h"
#include "checker/stateful/StatePartition.h"

#include <algorithm>
#include <memory>
#include <random>

namespace bpor {

StatefulResult exploreStatefulPartitioned(const std::vector<Model *> &models,
                                          const SearchOptions &options,
                                          const StatefulOptions &stateful,
                                          uint64_t shuffleSeed) {
  StatefulResult outcome;
  if (stateful.preemptionBound || stateful.partialOrderReduction) {
    outcome.incompleteReason = "a partitioned stateful search takes no preemption bound and no "
                               "partial-order reduction";
    return outcome;
  }
  unsigned parts = unsigned(models.size());
  struct Message {
    std::string key;
    uint64_t hash;
    Schedule path;
  };
  std::vector<std::unique_ptr<StatePartition>> partitions;
  std::vector<std::vector<Message>> inboxes(parts);
  for (unsigned part = 0; part < parts; ++part) {
    partitions.push_back(std::make_unique<StatePartition>(
        *models[part], options, stateful.storage, stateful.bitstateLog2, part, parts));
    partitions.back()->onState = stateful.onState;
    if (!partitions.back()->start()) {
      outcome.incompleteReason = partitions.back()->incompleteReason();
      return outcome;
    }
  }
  std::mt19937_64 random(shuffleSeed);
  StatePartition::Send send = [&](unsigned owner, const std::string &key, uint64_t hash,
                                  const Schedule &path) {
    inboxes[owner].push_back(Message{key, hash, path});
  };
  auto stopped = [&] {
    return std::any_of(partitions.begin(), partitions.end(),
                       [](const auto &partition) { return partition->stopped(); });
  };
  // Rounds: each partition takes the states sent to it, then expands a few of its own.
  constexpr unsigned StatesPerTurn = 4;
  bool busy = true;
  while (busy && !stopped()) {
    busy = false;
    for (unsigned part = 0; part < parts && !stopped(); ++part) {
      std::vector<Message> arrived = std::move(inboxes[part]);
      inboxes[part].clear();
      if (shuffleSeed)
        std::shuffle(arrived.begin(), arrived.end(), random);
      for (Message &message : arrived)
        partitions[part]->receive(message.key, message.hash, std::move(message.path));
      for (unsigned n = 0; n < StatesPerTurn && partitions[part]->hasWork() && !stopped(); ++n)
        partitions[part]->expandNext(send);
      busy |= partitions[part]->hasWork() || !arrived.empty();
    }
    for (const auto &inbox : inboxes)
      busy |= !inbox.empty();
  }
  std::vector<SearchResult> results;
  for (auto &partition : partitions) {
    results.push_back(std::move(partition->result()));
    if (outcome.incompleteReason.empty())
      outcome.incompleteReason = partition->incompleteReason();
    // A state is missed if any partition takes it for one it stored: at most the sum.
    outcome.omissionProbability =
        std::min(1.0, outcome.omissionProbability + partition->omissionProbability());
  }
  bool anyStopped = stopped();
  outcome.search = mergeResults(results, *models[0], options, anyStopped);
  // The livelocks, in every partition's records together (unless an error stopped the search:
  // the one-process search stops there too).
  outcome.livelocksChecked = partitions[0]->recordsGraph() && !anyStopped;
  if (outcome.livelocksChecked) {
    RecordedStates graph;
    for (auto &partition : partitions)
      graph.append(partition->takeGraph());
    std::string undecided = reportGatheredLivelocks(graph, *models[0], options, outcome.search);
    if (outcome.incompleteReason.empty())
      outcome.incompleteReason = undecided;
  }
  outcome.search.complete = !anyStopped && outcome.incompleteReason.empty();
  return outcome;
}

} // namespace bpor
