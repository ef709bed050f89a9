// Which search runs, and running it: the default mode's choice (optimal DPOR, or the stateful
// search for a program that spins), the hand-over from a stateless search to the stateful one
// when an execution turns out to pass through a state twice, and the stateful search's part of
// the run's description.
#pragma once

#include "checker/parallel/DivisibleSearch.h"
#include "runtime/Execution.h"
#include "tools/bporcheck/Options.h"
#include "tools/bporcheck/Progress.h"
#include "tools/bporcheck/Report.h"

#include <string>

namespace bpor::tool {

/// The default weak model's graph search gives up on an execution graph with more events than
/// this (unless --max-depth is given), and the program is checked under SC instead: the search
/// runs the first thread until it blocks, so a loop that waits for another thread would grow
/// the graph to --max-depth, at a cost cubic in its size.
inline constexpr uint64_t WeakDefaultMaxDepth = 150;

/// "optimal DPOR", "BPOR", "stateful search (bounded context switching, 2 preemptions)", ...
std::string searchName(const Options &options);
/// How the stateful search stored its states, for the verdict line ("exact storage").
std::string describeStorage(StateStorage storage, double omissionProbability);

/// The search a divided run (-j, mpirun) divides: under a weak memory model the graph search,
/// with `search` limited to its default depth unless the user set one; BPOR for --search=bpor;
/// else source-DPOR.
DivisibleSearch divisibleSearchFor(const Options &options, SearchOptions &search);

/// Why the search `options` chose does not divide although its kind does (BPOR best-first or
/// with iterated bounds: neither walks one depth-first tree at one bound), or "".
std::string whyNotDivided(const Options &options);

/// What the default search depends on: what the pass found in the program.
struct ProgramShape {
  bool hasYields = false;      // spin loops or sched_yield
  bool hasUpdateLoops = false; // compare-and-swap or exchange retry loops
  bool usesNondet = false;     // __VERIFIER_nondet_* calls
  bool hasStateKeys = false;   // the model can key its states (no symbolic values)
};

/// Without --por or a bound: optimal DPOR; for a program with spin loops or sched_yield the
/// stateful search where states have keys, else BPOR with fair bound 2; for one with update
/// loops (and no nondet values) the reads-from search, which runSearch replaces with optimal
/// DPOR where it gives up.
void chooseDefaultMode(Options &options, const ProgramShape &shape);

/// --find-bug on a program that spins: the fair bound keeps its spin loops finite.
void configureBugHunt(Options &options, bool hasYields);

/// A DPOR/BPOR search that keeps spin loops finite with the fair bound (alone or combined with
/// another), or that searches best-first (--find-bug too): an execution that reaches
/// --max-depth is a livelock if it ends on a fair cycle, and otherwise is cut, a coverage gap,
/// while the search goes on (SearchOptions::livelocksAtDepthLimit). Any other search reports
/// it as inconclusive.
void configureDepthLimit(Options &options);

/// The coverage gap of `cut` executions that livelocksAtDepthLimit cut at `maxDepth` steps
/// without a fair cycle: "2 executions cut at the depth limit (100000 steps) ...".
std::string depthLimitGap(uint64_t cut, uint64_t maxDepth);

/// An execution of the default mode's stateless search longer than this is checked for a
/// repeated state: a program whose executions pass through a state twice has cycles, which only
/// the stateful search covers, and the check is cheap next to running such an execution, and
/// the others like it, to --max-depth.
inline constexpr uint64_t CycleCheckDepth = 10000;
/// The stateful search keeps only its path (and checkpoints where it branches): it can follow
/// much longer executions than a stateless search.
inline constexpr uint64_t StatefulMaxDepth = 10'000'000;

/// Runs the search `options` selects with `search` (its callbacks set), and fills the stateful
/// parts of `run` (storage, livelocks checked, why it stopped early). In the default mode, an
/// execution longer than 10,000 steps that passes through a state twice, or one longer than
/// --max-depth, hands the verdict to the stateful search (the text output says so; `options`
/// and `run` then name it); a long execution that repeats no state makes the stateless search
/// run again with the whole --max-depth.
/// `workers`: more models of the program, for a search that divides its tree (-j).
/// `execution`: the program's execution under `model`, if it is one; the stateful search lifts
/// its cap on spurious wakeups (a wait loop that wakes spuriously returns to a visited state).
SearchResult runSearch(Model &model, Options &options, SearchOptions search, RunDescription &run,
                       const ExecutionObserver &observer, ProgressLine &progress,
                       bool hasStateKeys, const std::vector<Model *> &workers = {},
                       Execution *execution = nullptr);

} // namespace bpor::tool
