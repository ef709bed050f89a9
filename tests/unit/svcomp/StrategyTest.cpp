// The decisions of SV-COMP mode's strategy that depend on facts alone (svcomp/Strategy.h,
// svcomp/Searches.h): which search is the complete one, which properties the unfolding search
// checks, what a search met besides violations, and how a search is named in the answer.
#include "svcomp/Searches.h"
#include "svcomp/Strategy.h"

#include "tests/unit/svcomp/Support.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::svcomp;
using bpor::svcomp::testing::errorOf;

namespace {

TEST(SvcompStrategy, CompleteSearchFollowsTheProgram) {
  EXPECT_EQ(completeSearchFor(false, false, true), CompleteSearch::OptimalDpor);
  EXPECT_EQ(completeSearchFor(false, false, false), CompleteSearch::OptimalDpor);
  // A program that spins has infinitely many schedules: the stateful search where states have
  // keys, else BPOR under the fair bound.
  EXPECT_EQ(completeSearchFor(false, true, true), CompleteSearch::Stateful);
  EXPECT_EQ(completeSearchFor(false, true, false), CompleteSearch::FairBpor);
  // --search=unfolding: always the unfolding search.
  EXPECT_EQ(completeSearchFor(true, true, true), CompleteSearch::Unfolding);
  EXPECT_EQ(completeSearchFor(true, false, false), CompleteSearch::Unfolding);
}

TEST(SvcompStrategy, UnfoldingChecksReachabilityAndOverflowOnly) {
  Property property;
  property.name = "unreach-call";
  EXPECT_EQ(unfoldingCannotCheck(property), "");
  property.name = "no-overflow";
  EXPECT_EQ(unfoldingCannotCheck(property), "");
  property.name = "no-data-race";
  EXPECT_EQ(unfoldingCannotCheck(property),
            "the unfolding search checks unreach-call and no-overflow, not no-data-race");
  property.name = "valid-memsafety";
  EXPECT_NE(unfoldingCannotCheck(property), "");
}

TEST(SvcompStrategy, ObstaclesKeepTheFirstOfEachKind) {
  Obstacles met;
  ErrorInfo fault = errorOf(ErrorKind::MemoryError, "invalid read");
  ErrorInfo second = errorOf(ErrorKind::ThreadsApiMisuse, "join of a detached thread");
  met.note(fault);
  met.note(second);
  ASSERT_TRUE(met.undefinedBehaviour);
  EXPECT_EQ(met.undefinedBehaviour->message, "invalid read");
  met.note(errorOf(ErrorKind::ResourceLimit, "too many threads"));
  met.note(errorOf(ErrorKind::DepthLimit, "too long"));
  EXPECT_TRUE(met.unsupported);
  EXPECT_TRUE(met.tooLong);
  // Ends that are fine are counted; a fair cycle or a race where it is no violation is not.
  met.note(errorOf(ErrorKind::Deadlock));
  met.note(errorOf(ErrorKind::AssertionFailure, "assertion failed"));
  met.note(errorOf(ErrorKind::None));
  met.note(errorOf(ErrorKind::Livelock));
  met.note(errorOf(ErrorKind::DataRace));
  EXPECT_EQ(met.deadlocks, 1u);
  EXPECT_EQ(met.endedByAbort, 2u);
}

TEST(SvcompStrategy, UnreachableReachedIsUndefinedBehaviour) {
  Obstacles met;
  met.note(errorOf(ErrorKind::AssertionFailure, "undefined behaviour: unreachable"));
  EXPECT_TRUE(met.undefinedBehaviour);
  EXPECT_EQ(met.endedByAbort, 0u);
}

TEST(SvcompStrategy, StatsPhraseNamesWhatTheSearchCounted) {
  Search dpor;
  dpor.name = "optimal DPOR";
  dpor.result.stats.executions = 1;
  dpor.result.stats.elapsedSeconds = 0.31;
  EXPECT_EQ(statsPhrase(dpor), "optimal DPOR, 1 execution, 0.3 s");
  Search stateful;
  stateful.name = "stateful search";
  stateful.stateful = true;
  stateful.result.stats.states = 40;
  stateful.result.stats.elapsedSeconds = 1;
  stateful.incompleteReason = "time limit (10 s)";
  EXPECT_EQ(statsPhrase(stateful),
            "stateful search, 40 states, 1.0 s, stopped by the time limit (10 s)");
}

} // namespace
