// The local context bound (Definition 7.9, dissertation) must be stable: two sequences of the
// same partial order have the same value. Reads of one variable by different threads commute,
// so their order must not change any cost (docs/algorithms-notes.md, item 12).
#include "checker/bounds/LocalBounds.h"
#include "tests/support/ProgramModel.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// Lc after each step of `schedule` (thread ids) from the initial state of `program`.
std::vector<uint64_t> localContextValues(const Program &program,
                                         const std::vector<ThreadId> &schedule) {
  ProgramModel model(program);
  model.restart();
  SearchStack stack;
  stack.frames.emplace_back();
  LocalContextBound bound;
  std::vector<uint64_t> values;
  for (ThreadId u : schedule) {
    stack.events.push_back(model.step(u));
    stack.frames.emplace_back();
    bound.push(stack);
    values.push_back(bound.value(stack));
  }
  return values;
}

} // namespace

TEST(LocalContextBound, ReadsThatCommuteCostTheSame) {
  // From generated seed 2412. T2 writes x1 and later reads it again; main reads x1 in between
  // or after. The two reads commute, so both orders are one partial order. Definition 7.9 as
  // printed lets main's read reset O_x1, so T2's read would join its own write's clock and cost
  // one more context (3 instead of 2): BPOR, which explores one order, would miss the state.
  Program p;
  p.bodies = {{writeOf(1, 2), forkOf(1), writeOf(0, 2), forkOf(2), readOf(1)},
              {lockOf(0), readOf(0), unlockOf(0)},
              {readOf(1), writeOf(1, 1), lockOf(0), readOf(1)}};
  std::vector<uint64_t> mainReadsFirst =
      localContextValues(p, {0, 0, 0, 0, 2, 2, 1, 1, 1, 0, 2, 2});
  std::vector<uint64_t> mainReadsLast = localContextValues(p, {0, 0, 0, 0, 2, 2, 1, 1, 1, 2, 2, 0});
  EXPECT_EQ(mainReadsFirst.back(), mainReadsLast.back());
  EXPECT_EQ(mainReadsFirst.back(), 2u);
}

TEST(LocalContextBound, AWriteAfterAnotherThreadsReadSeesTheSwitch) {
  // Main writes x0, T1 reads it, main writes it again: main's second write happens after T1's
  // read, which happens after main's first write, so main's state has seen a switch to T1 and
  // back (C_main = {main: 1, T1: 1}). Without the read in between main's writes cost nothing.
  Program p;
  p.bodies = {{writeOf(0, 1), forkOf(1), writeOf(0, 2)}, {readOf(0)}};
  EXPECT_EQ(localContextValues(p, {0, 0, 1, 0}), (std::vector<uint64_t>{1, 1, 1, 2}));
  EXPECT_EQ(localContextValues(p, {0, 0, 0, 1}), (std::vector<uint64_t>{1, 1, 1, 1}));
}
