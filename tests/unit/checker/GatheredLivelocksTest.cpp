// The livelock analysis over partitions' records (checker/stateful/GatheredLivelocks.h) on a
// hand-made model: a thread that counts round a ring of states for ever. The records name the
// states by their keys' hashes; a fair cycle is reported once it replays back to its start,
// and records that cannot be trusted (two with one name, a cycle that does not replay) make the
// analysis say so instead of answering.
#include "checker/stateful/GatheredLivelocks.h"

#include <gtest/gtest.h>

#include <string>

namespace bpor {
namespace {

/// One thread, always enabled, whose step moves the counter to (counter + 1) mod size; the
/// state key is the counter.
class RingModel final : public Model {
public:
  explicit RingModel(unsigned size) : size_(size) { op_.kind = OpKind::Yield; }
  void restart() override { counter_ = 0; }
  ThreadId numThreads() const override { return 1; }
  bool isAlive(ThreadId) const override { return true; }
  bool isEnabled(ThreadId) const override { return true; }
  const Operation &pending(ThreadId) const override { return op_; }
  const Operation &step(ThreadId, uint32_t) override {
    counter_ = (counter_ + 1) % size_;
    return op_;
  }
  ExecStatus status() const override { return ExecStatus::Running; }
  const ErrorInfo &error() const override { return error_; }
  bool stateKey(std::string &key) const override {
    key = "ring " + std::to_string(counter_);
    return true;
  }
  static uint64_t hashOf(unsigned counter) {
    return stateKeyHash("ring " + std::to_string(counter));
  }

private:
  unsigned size_, counter_ = 0;
  Operation op_;
  ErrorInfo error_;
};

/// The records of the ring's states, each with its one move to `next(i)`.
RecordedStates ringRecords(unsigned size, const std::function<unsigned(unsigned)> &next) {
  RecordedStates records;
  for (unsigned i = 0; i < size; ++i) {
    records.begin(RingModel::hashOf(i));
    records.enabled.push_back(0);
    records.moves.push_back({ScheduleStep{0, 0}, RingModel::hashOf(next(i))});
    records.end();
  }
  return records;
}

TEST(GatheredLivelocks, TheRingIsOneLivelock) {
  RingModel model(5);
  SearchOptions options;
  SearchResult result;
  RecordedStates records = ringRecords(5, [](unsigned i) { return (i + 1) % 5; });
  EXPECT_EQ(reportGatheredLivelocks(records, model, options, result), "");
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors[0].error.kind, ErrorKind::Livelock);
  EXPECT_EQ(result.stats.executions, 1u);
  EXPECT_EQ(result.stats.livelocks, 1u);
  // From the initial state (on the cycle): the cycle once round, five steps.
  EXPECT_EQ(result.errors[0].schedule.size(), 5u);
}

TEST(GatheredLivelocks, TwoRecordsWithOneNameAreUndecided) {
  RingModel model(5);
  SearchOptions options;
  SearchResult result;
  RecordedStates records = ringRecords(5, [](unsigned i) { return (i + 1) % 5; });
  RecordedStates other; // another state whose key hashes like state 3
  other.begin(RingModel::hashOf(3));
  other.end();
  records.append(other);
  EXPECT_NE(reportGatheredLivelocks(records, model, options, result), "");
}

TEST(GatheredLivelocks, ACycleThatDoesNotReplayIsNotReported) {
  RingModel model(5);
  SearchOptions options;
  SearchResult result;
  // State 3's move claims to lead back to 0: the cycle 0-1-2-3 does not exist.
  RecordedStates records = ringRecords(5, [](unsigned i) { return i == 3 ? 0 : (i + 1) % 5; });
  EXPECT_NE(reportGatheredLivelocks(records, model, options, result), "");
  EXPECT_TRUE(result.errors.empty());
}

TEST(GatheredLivelocks, NoCycleNoLivelock) {
  RingModel model(5);
  SearchOptions options;
  SearchResult result;
  // A path 0-1-2-3-4 whose last state's move leads to a state nobody recorded.
  RecordedStates records = ringRecords(5, [](unsigned i) { return i + 1; });
  EXPECT_EQ(reportGatheredLivelocks(records, model, options, result), "");
  EXPECT_TRUE(result.errors.empty());
  EXPECT_EQ(result.stats.executions, 0u);
}

} // namespace
} // namespace bpor
