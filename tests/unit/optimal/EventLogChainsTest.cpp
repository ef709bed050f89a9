// The race scan through location chains (checker/optimal/LocationChains.h) against the scan of
// every event, on random executions: the same clocks, the same races after every push, and the
// same races for pending operations over any prefix, with pops in between; also when the table
// of chains runs out of room.
#include "checker/optimal/EventLog.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>

using namespace bpor;
using namespace bpor::optimal;

namespace {

constexpr ThreadId Threads = 5;
constexpr uint64_t PseudoAddress = ~uint64_t(0) - 64; // like the runtime's pseudo-addresses

struct Generator {
  std::mt19937_64 rng;
  explicit Generator(uint64_t seed) : rng(seed) {}

  uint64_t pick(uint64_t n) { return rng() % n; }

  Access access() {
    static const uint64_t sizes[] = {1, 2, 4, 8, 8, 16, 24, 40, 100, 0};
    uint64_t size = sizes[pick(std::size(sizes))];
    // A few objects' worth of addresses, aligned and not, so that ranges overlap in every way
    // (within a word, across words, across 64-byte blocks).
    uint64_t address = pick(10) == 0 ? PseudoAddress + pick(8) : 0x1000 + pick(48) * 4 + pick(2);
    return Access{address, size, pick(2) == 0};
  }

  // What the log's first `count` events say about the threads: which exist, which ended, which
  // were joined.
  struct Threads_ {
    bool exists[Threads] = {true};
    bool ended[Threads] = {};
    bool joined[Threads] = {};
  };
  static Threads_ threadsOf(const EventLog &log) {
    Threads_ s;
    for (size_t i = 0; i < log.size(); ++i) {
      const Operation &op = log[i].event.op;
      if (op.kind == OpKind::Fork)
        s.exists[op.otherThread] = true;
      if (op.kind == OpKind::Join)
        s.joined[op.otherThread] = true;
      if (op.endsThread)
        s.ended[op.thread] = true;
    }
    return s;
  }

  // A random event of a live thread that could come next (a fork of a thread not yet created,
  // a join of an ended thread, an end), or nothing if no thread is live.
  std::optional<Event> next(const EventLog &log, bool mayEndExecution) {
    Threads_ s = threadsOf(log);
    std::vector<ThreadId> live;
    for (ThreadId t = 0; t < Threads; ++t)
      if (s.exists[t] && !s.ended[t])
        live.push_back(t);
    if (live.empty())
      return std::nullopt;
    Event e;
    e.op.thread = live[pick(live.size())];
    e.op.kind = OpKind::Store;
    uint64_t what = pick(20);
    ThreadId other = ThreadId(pick(Threads));
    if (what == 0 && !s.exists[other]) {
      e.op.kind = OpKind::Fork;
      e.op.otherThread = other;
      e.op.addAccess(0x1000 + 8 * e.op.thread, 8, true); // the pthread_t
      e.op.addAccess(PseudoAddress, 1, true);            // the thread numbering
      return e;
    }
    if (what == 1 && s.ended[other] && !s.joined[other] && other != e.op.thread) {
      e.op.kind = OpKind::Join;
      e.op.otherThread = other;
      e.op.addAccess(PseudoAddress + 8 + other, 1, true);
      return e;
    }
    if (what == 2) {
      e.op.kind = pick(2) ? OpKind::Lock : OpKind::Unlock;
      e.op.addAccess(0x1000 + 64 * pick(3), 40, true);
      return e;
    }
    if (what == 3)
      e.op.global = true;
    if (what == 4)
      e.op.kind = OpKind::Nondet; // no footprint
    else
      for (uint64_t n = 1 + pick(Operation::MaxAccesses); n-- > 0;)
        e.op.accesses[e.op.numAccesses++] = access();
    if (e.op.numAccesses == 1 && !e.op.accesses[0].write)
      e.op.kind = OpKind::Load;
    e.op.endsThread = pick(8) == 0;
    e.endsExecution = mayEndExecution && pick(30) == 0;
    return e;
  }
};

void expectSameRecords(const EventLog &full, const EventLog &chains, uint64_t seed) {
  ASSERT_EQ(full.size(), chains.size());
  for (size_t i = 0; i < full.size(); ++i) {
    EXPECT_EQ(full[i].races, chains[i].races) << "event " << i << ", seed " << seed;
    for (ThreadId t = 0; t < Threads; ++t)
      EXPECT_EQ(full.clockOf(i, t), chains.clockOf(i, t)) << "event " << i << ", seed " << seed;
  }
}

} // namespace

TEST(EventLogChains, RacesAndClocksAgreeWithTheFullScan) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Generator gen(seed);
    EventLog full, chains, few; // `few` runs out of room for chains
    full.setFullScan(true);
    few.limitChains(1 + seed % 12);
    for (int round = 0; round < 200; ++round) {
      bool ended = full.size() > 0 && full[full.size() - 1].event.endsExecution;
      std::optional<Event> e;
      if (!ended && gen.pick(4) != 0)
        e = gen.next(full, true);
      if (!e) { // pop a few events, as the search does when it backtracks
        for (uint64_t n = 1 + gen.pick(4); n-- > 0 && full.size() > 0;) {
          full.pop();
          chains.pop();
          few.pop();
        }
        if (full.size() == 0 && gen.pick(3) == 0) { // sometimes start over
          full.clear();
          chains.clear();
          few.clear();
        }
        continue;
      }
      full.push(*e);
      chains.push(*e);
      few.push(*e);
      ASSERT_NO_FATAL_FAILURE(expectSameRecords(full, chains, seed));
      ASSERT_NO_FATAL_FAILURE(expectSameRecords(full, few, seed));
      // A pending operation of a live thread over a random prefix.
      std::optional<Event> pending = gen.next(full, false);
      if (pending && !ended) {
        size_t limit = gen.pick(full.size() + 1);
        std::vector<uint32_t> expected = full.racesOfPending(*pending, limit);
        EXPECT_EQ(expected, chains.racesOfPending(*pending, limit))
            << "seed " << seed << ", limit " << limit;
        EXPECT_EQ(expected, few.racesOfPending(*pending, limit))
            << "seed " << seed << ", limit " << limit;
      }
    }
  }
}

TEST(EventLogChains, ThreadsOnSeparateWordsAreNotScannedButStillRaceOnSharedOnes) {
  // Thread 1 writes x[0] and reads x[1]; thread 2 writes x[1]: only the write and read of x[1]
  // race, even though all three lie in one 64-byte block.
  EventLog log;
  Event w0, r1, w1;
  w0.op.thread = 1;
  w0.op.kind = OpKind::Store;
  w0.op.addAccess(0x1000, 4, true);
  r1.op.thread = 1;
  r1.op.kind = OpKind::Load;
  r1.op.addAccess(0x1008, 4, false);
  w1.op.thread = 2;
  w1.op.kind = OpKind::Store;
  w1.op.addAccess(0x1008, 4, true);
  log.push(w0);
  log.push(w1);
  log.push(r1);
  EXPECT_TRUE(log[1].races.empty());
  EXPECT_EQ(log[2].races, (std::vector<uint32_t>{1}));
  // A 16-byte write over both words races with the read of x[1] through the word it shares.
  Event wide;
  wide.op.thread = 3;
  wide.op.kind = OpKind::Store;
  wide.op.addAccess(0x1000, 16, true);
  log.push(wide);
  EXPECT_EQ(log[3].races, (std::vector<uint32_t>{2}));
}
