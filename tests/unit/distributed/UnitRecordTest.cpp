// Rank 0's grants and the ranks' cursors (distributed/UnitRecord.h): every unit goes to one
// rank, a rank asks only for what a grant leaves open, and each unit's cost is what its rank
// spent between two asks.
#include "distributed/UnitRecord.h"

#include <gtest/gtest.h>

#include <random>

using namespace bpor;
using namespace bpor::distributed;

namespace {

Statistics executions(uint64_t n) {
  Statistics s;
  s.executions = n;
  return s;
}

} // namespace

TEST(UnitRecord, GrantsTheUnitAskedOrTheNextFreeOne) {
  UnitRecord record(3);
  record.setTotal(5);
  Grant first = record.claim(0, 0, {});
  EXPECT_EQ(first.kind, Grant::Asked);
  EXPECT_EQ(first.unit, 0u);
  // Unit 0 is rank 0's: rank 1 asking for it gets unit 1, reserved.
  Grant second = record.claim(1, 0, {});
  EXPECT_EQ(second.kind, Grant::Reserved);
  EXPECT_EQ(second.unit, 1u);
  EXPECT_EQ(record.claim(2, 1, {}).unit, 2u);
  EXPECT_EQ(record.claim(0, 3, {}).kind, Grant::Asked);
  EXPECT_EQ(record.claim(1, 2, {}).unit, 4u);
  // Every unit is taken: nothing left, past the last.
  Grant none = record.claim(2, 3, {});
  EXPECT_EQ(none.kind, Grant::Skip);
  EXPECT_EQ(none.unit, 5u);
  EXPECT_EQ(record.claimedUnits(), 5u);
}

TEST(UnitRecord, AUnitsCostIsWhatItsRankSpentUntilItAskedAgain) {
  UnitRecord record(2);
  record.setTotal(4);
  record.claim(0, 0, executions(0));         // unit 0
  record.claim(1, 0, executions(0));         // unit 1, reserved
  record.claim(0, 2, executions(7));         // unit 0 cost 7; unit 2
  record.claim(1, 3, executions(5));         // unit 1 cost 5; unit 3
  record.end(0, executions(10), true);       // unit 2 cost 3
  record.end(1, executions(6), false);       // unit 3 stopped inside: not finished
  EXPECT_EQ(record.finishedUnits(), 3u);
  EXPECT_EQ(record.finishedCost().executions, 15u);
}

// Ranks walking the units in order, their asks answered in a random interleaving: each unit is
// explored once, and rank 0 answers about one request per unit (not one per unit and rank).
TEST(ClaimCursor, RanksTogetherTakeEveryUnitOnceAskingLittle) {
  constexpr uint64_t Units = 200;
  constexpr int Ranks = 8;
  for (unsigned seed = 0; seed < 20; ++seed) {
    UnitRecord record(Ranks);
    record.setTotal(Units);
    std::vector<ClaimCursor> cursors(Ranks);
    std::vector<uint64_t> position(Ranks, 0);
    std::vector<int> explorers(Units, 0);
    uint64_t requests = 0;
    std::mt19937 random(seed);
    int done = 0;
    while (done < Ranks) {
      int r = int(random() % Ranks);
      if (position[r] == Units)
        continue;
      uint64_t unit = position[r]++;
      bool mine = cursors[r].claim(unit, [&]() -> std::optional<Grant> {
        ++requests;
        return record.claim(r, unit, {});
      });
      explorers[unit] += mine;
      done += position[r] == Units;
    }
    for (uint64_t unit = 0; unit < Units; ++unit)
      EXPECT_EQ(explorers[unit], 1) << "seed " << seed << " unit " << unit;
    EXPECT_LE(requests, Units + Ranks) << "seed " << seed;
  }
}

TEST(ClaimCursor, AStoppedSearchTakesNothing) {
  ClaimCursor cursor;
  EXPECT_FALSE(cursor.claim(0, [] { return std::optional<Grant>(); }));
  EXPECT_FALSE(cursor.claim(1, [] { return std::optional<Grant>(); }));
}
