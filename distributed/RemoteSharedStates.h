// The shared states of a distributed optimal DPOR as a rank other than 0 sees them
// (distributed/DistributedOptimal.h): every call of its worker is a message to rank 0, where the
// one record (checker/optimal/SharedStates.h) answers it as it answers a worker thread of its
// own. The rank keeps a copy of what never changes in the states it meets (their place in the
// tree, the step to them, their sleep sets), which is what its worker reads of them.
#pragma once

#include "checker/optimal/SharedStates.h"
#include "distributed/Cluster.h"
#include "distributed/ResultWire.h"
#include "distributed/SharingWire.h"

#include <atomic>
#include <deque>
#include <unordered_map>

namespace bpor::distributed {

class RemoteSharedStates final : public optimal::StateSharing {
public:
  /// `stopped` is set when rank 0 says the search stopped (the worker's SearchOptions::cancelled).
  RemoteSharedStates(Cluster &cluster, std::atomic<bool> &stopped);

  ThreadNameTable &threadNames() override { return names_; }
  bool wanted() override;
  optimal::SharedState *share(optimal::SharedState *parent, size_t parentBranch,
                              ScheduleStep edge, const optimal::StateToShare &state,
                              bool &branchLeft) override;
  std::optional<optimal::SharedBranch> take(optimal::SharedState &state) override;
  void resolve(optimal::SharedState &state, size_t index, const optimal::Event &executed) override;
  void returned(optimal::SharedState &state, size_t index) override;
  void leave(optimal::SharedState &state) override;
  void insert(optimal::SharedPath path, std::vector<optimal::Event> v) override;
  /// Rank 0 also takes the worker's first branch there, or backtracks for it (SharingServer.cpp).
  optimal::SharedState *waitForWork() override;
  void retire() override;

  /// The worker's statistics for rank 0's progress line (about once a second); also hears
  /// whether the search stopped.
  void progress(const Statistics &stats);
  /// Sends the rank's result and attachment, and waits until rank 0 has them (and every notice
  /// it sent before is received).
  void finish(const std::vector<uint8_t> &result, const std::vector<uint8_t> &attached);

private:
  /// Sends a request and waits for its reply, hearing the notices that come first.
  std::vector<uint8_t> ask(SharingTag tag, std::vector<uint8_t> bytes);
  void tell(SharingTag tag, std::vector<uint8_t> bytes);
  void hear(const Message &notice);
  /// The copy of a state rank 0 describes next in `in` (known ones are not described again).
  optimal::SharedState &learn(WireReader &in);
  optimal::SharedState *known(uint64_t id) const;

  Cluster &cluster_;
  std::atomic<bool> &stopped_;
  ThreadNameTable names_;
  std::deque<optimal::SharedState> states_; // stable addresses
  std::unordered_map<uint64_t, optimal::SharedState *> byId_;
  /// The branch rank 0 took for this rank's worker at the state waitForWork sent it to (its
  /// first call there is take()).
  std::optional<optimal::SharedBranch> arrival_;
  uint64_t arrivalState_ = 0;
  bool starving_ = false;
  unsigned sinceHeard_ = 0; // wanted() calls since the last look for notices
};

} // namespace bpor::distributed
