#include "checker/DependenceIndex.h"
#include "checker/Dependence.h"
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"

#include <gtest/gtest.h>
#include <random>

using namespace bpor;
using namespace bpor::testing;

namespace {

// The brute-force answer: the latest event of each other thread dependent with n.
std::vector<uint32_t> bruteForce(const std::vector<Operation> &events, const Operation &n) {
  std::vector<uint32_t> latest;
  for (uint32_t i = 0; i < events.size(); ++i) {
    const Operation &e = events[i];
    if (e.thread == n.thread || !dependent(e, n))
      continue;
    if (e.thread >= latest.size())
      latest.resize(e.thread + 1, DependenceIndex::None);
    latest[e.thread] = i;
  }
  return latest;
}

void expectSame(std::vector<uint32_t> a, std::vector<uint32_t> b) {
  size_t n = std::max(a.size(), b.size());
  a.resize(n, DependenceIndex::None);
  b.resize(n, DependenceIndex::None);
  EXPECT_EQ(a, b);
}

Operation access(ThreadId t, uint64_t address, uint64_t size, bool write) {
  Operation op;
  op.thread = t;
  op.kind = write ? OpKind::Store : OpKind::Load;
  op.addAccess(address, size, write);
  return op;
}

} // namespace

TEST(DependenceIndex, OverlappingRangesOfDifferentSizes) {
  DependenceIndex index;
  std::vector<Operation> events{access(0, 0, 8, true), access(1, 4, 1, true),
                                access(0, 6, 2, false), access(2, 100, 50, true)};
  for (const Operation &e : events)
    index.push(e);
  std::vector<uint32_t> latest;
  for (const Operation &probe :
       {access(3, 5, 1, false), access(3, 4, 1, true), access(3, 7, 1, true),
        access(3, 120, 1, false), access(3, 149, 4, false), access(3, 150, 1, true)}) {
    index.latestDependent(probe, latest);
    expectSame(latest, bruteForce(events, probe));
  }
  index.pop();
  events.pop_back();
  Operation probe = access(3, 120, 1, false);
  index.latestDependent(probe, latest);
  expectSame(latest, bruteForce(events, probe));
}

TEST(DependenceIndex, AgreesWithDependenceOnGeneratedExecutions) {
  // Random schedules of generated programs: after every step, ask about every thread's next
  // operation; then pop the execution, asking about each removed event.
  for (uint64_t seed = 0; seed < 300; ++seed) {
    ProgramModel model(generateProgram(seed));
    DependenceIndex index;
    std::vector<Operation> events;
    std::vector<uint32_t> latest;
    uint64_t pick = seed;
    auto probeAll = [&] {
      for (ThreadId u = 0; u < model.numThreads(); ++u) {
        if (!model.isAlive(u))
          continue;
        index.latestDependent(model.pending(u), latest);
        expectSame(latest, bruteForce(events, model.pending(u)));
      }
    };
    while (model.status() == ExecStatus::Running) {
      std::vector<ThreadId> enabled;
      for (ThreadId u = 0; u < model.numThreads(); ++u)
        if (model.isEnabled(u))
          enabled.push_back(u);
      if (enabled.empty())
        break;
      pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
      events.push_back(model.step(enabled[(pick >> 33) % enabled.size()]));
      index.push(events.back());
      probeAll();
      if (::testing::Test::HasFailure())
        return;
    }
    // Popping back: the event just removed was a legitimate next operation of the prefix.
    while (!events.empty()) {
      Operation removed = events.back();
      index.pop();
      events.pop_back();
      index.latestDependent(removed, latest);
      expectSame(latest, bruteForce(events, removed));
    }
  }
}

// Commuting updates (core/Operation.h, Update): an update's own kind on its very range is
// skipped, every other access of the range is not; random histories of reads, writes and
// updates of a few overlapping ranges, each probe checked against dependent().
TEST(DependenceIndex, AgreesWithDependenceOnCommutingUpdates) {
  std::mt19937_64 random(7);
  auto pick = [&](uint64_t n) { return random() % n; };
  auto randomAccess = [&](ThreadId t) {
    static const std::pair<uint64_t, uint64_t> ranges[] = {{8, 4}, {8, 8}, {12, 4}, {16, 4}};
    auto [address, size] = ranges[pick(std::size(ranges))];
    unsigned kind = unsigned(pick(6)); // read, write, or one of the four updates
    Operation op = access(t, address, size, kind != 0);
    if (kind >= 2)
      op.accesses[0].update = kind - 1;
    return op;
  };
  for (int round = 0; round < 200; ++round) {
    DependenceIndex index;
    std::vector<Operation> events;
    std::vector<uint32_t> latest;
    for (int step = 0; step < 12; ++step) {
      events.push_back(randomAccess(ThreadId(pick(4))));
      index.push(events.back());
      for (ThreadId t = 0; t < 5; ++t) {
        Operation probe = randomAccess(t);
        index.latestDependent(probe, latest);
        expectSame(latest, bruteForce(events, probe));
      }
    }
    while (!events.empty()) {
      index.pop();
      events.pop_back();
      Operation probe = randomAccess(ThreadId(pick(5)));
      index.latestDependent(probe, latest);
      expectSame(latest, bruteForce(events, probe));
    }
    if (::testing::Test::HasFailure())
      return;
  }
}
