#include "tools/bporcheck/Options.h"
#include "tools/bporcheck/MemorySize.h"
#include "tools/bporcheck/OptionsHelp.h"

#include "checker/graph/Axioms.h"
#include "runtime/Execution.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <stdexcept>
#include <fmt/format.h>
#include <map>
#include <unistd.h>

namespace bpor::tool {
namespace cl = llvm::cl;

namespace {

// The help lists the options by category, in this order (printHelp). Each description is a
// line or three: the full explanations are in docs/user-guide.md, whose option table a test
// (tests/lit/usage/help.test) keeps in step with this list.
cl::OptionCategory InputCategory("Input and compilation");
cl::OptionCategory SearchCategory("Search");
cl::OptionCategory BoundCategory("Bounds");
cl::OptionCategory StatefulCategory("Stateful search",
                                    "With --search=stateful; without --search, any of these "
                                    "options chooses the stateful search.");
cl::OptionCategory ProgramCategory("Memory model and program semantics");
cl::OptionCategory LimitCategory("Limits");
cl::OptionCategory OutputCategory("Output and replay");
cl::OptionCategory SvcompCategory("SV-COMP");
cl::OptionCategory TuningCategory("Reduction switches (for measuring and debugging)");
const cl::OptionCategory *const Categories[] = {
    &InputCategory, &SearchCategory, &BoundCategory,  &StatefulCategory, &ProgramCategory,
    &LimitCategory, &OutputCategory, &SvcompCategory, &TuningCategory};

cl::opt<std::string> Input(cl::Positional,
                           cl::desc("<program.c | program.cpp | program.bc | program.ll | "
                                    "task.yml (--svcomp)>"),
                           cl::cat(InputCategory));
cl::list<std::string> IncludeDirs("I", cl::Prefix, cl::desc("Include directory (for .c/.cpp input)"),
                                  cl::value_desc("dir"), cl::cat(InputCategory));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Macro definition (for .c/.cpp input)"),
                              cl::value_desc("name[=value]"), cl::cat(InputCategory));
cl::opt<std::string> LanguageStandard(
    "std", cl::desc("Language standard for .c/.cpp input, as clang takes it (c11, gnu17, "
                    "c++17, c++20, ...); default: clang's"),
    cl::value_desc("standard"), cl::cat(InputCategory));
cl::opt<bool> M32("m32",
                  cl::desc("Compile .c input for 32-bit x86 (ILP32: 4-byte pointers, long and "
                           "size_t), as SV-COMP's ILP32 tasks are"),
                  cl::cat(InputCategory));
cl::opt<std::string> ClangPath("clang",
                               cl::desc("The clang that compiles .c/.cpp input (default: the "
                                        "one built into bporcheck)"),
                               cl::value_desc("path"), cl::init(BPOR_DEFAULT_CLANG),
                               cl::cat(InputCategory));
cl::opt<std::string> EmitInstrumented(
    "emit-instrumented", cl::desc("Write the instrumented module (what is run) as LLVM IR"),
    cl::value_desc("file"), cl::cat(InputCategory));

cl::opt<std::string> Por(
    "por",
    cl::desc("The search: optimal (the default), stateful (spin loops' default), rf "
             "(compare-and-swap retry loops' default), bpor (with a bound), none, dpor, "
             "source, unfolding or pct"),
    cl::value_desc("search"), cl::init(""), // the names: set from the registry
    cl::cat(SearchCategory));
cl::opt<std::string> SearchName(
    "search", cl::desc("The same as --por"),
    cl::value_desc("search"), cl::init(""), // the names: set from the registry
    cl::cat(SearchCategory));
cl::opt<bool> FindBug(
    "find-bug",
    cl::desc("Hunt for an error: best-first BPOR, fewest preemptions first, for at most "
             "--time-limit seconds (default 60 here)"),
    cl::cat(SearchCategory));
cl::opt<bool> Estimate(
    "estimate",
    cl::desc("Estimate how many executions the search would explore (random executions, "
             "Knuth's estimator), print it and stop"),
    cl::cat(SearchCategory));
cl::opt<std::string> Strategy(
    "strategy",
    cl::desc("For --por=none, dpor or bpor: depth-first (the default) or best-first (the "
             "cheapest open schedule next; each completed level is reported)"),
    cl::value_desc("depth-first|best-first"), cl::init("depth-first"), cl::cat(SearchCategory));
cl::opt<std::string> BestFirstPriorityOption(
    "best-first-priority",
    cl::desc("--strategy=best-first's order: cost (the default), random (--seed) or dpor"),
    cl::value_desc("cost|random|dpor"), cl::init("cost"), cl::cat(SearchCategory));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Explore on N worker threads (--search=optimal or source, or "
                                "--model): the same traces or graphs as one thread; default 1"),
                       cl::init(1), cl::value_desc("N"), cl::Prefix, cl::cat(SearchCategory));
cl::alias JobsLong("jobs", cl::desc("Alias for -j"), cl::aliasopt(Jobs));
cl::opt<std::string> CheckpointFile(
    "checkpoint",
    cl::desc("Under mpirun: write what the search finished so far (units; the stateful "
             "search's states) to this file, every --checkpoint-every seconds and at the end "
             "(for --resume)"),
    cl::value_desc("file"), cl::cat(SearchCategory));
cl::opt<double> CheckpointEvery("checkpoint-every",
                                cl::desc("Seconds between two --checkpoint writes; default 60"),
                                cl::init(60), cl::value_desc("seconds"), cl::cat(SearchCategory));
cl::opt<std::string> Resume(
    "resume",
    cl::desc("Under mpirun: continue the search a --checkpoint file saved, on any number of "
             "ranks (same program and options)"),
    cl::value_desc("file"), cl::cat(SearchCategory));
cl::opt<bool> KeepGoing("keep-going",
                        cl::desc("Go on after an error: report each distinct error (kind, place, "
                                 "message) once, with the number of executions that reached it"),
                        cl::cat(SearchCategory));
cl::opt<bool> Cutoffs(
    "cutoffs",
    cl::desc("--por=unfolding: cutoff events, so that spin loops end (default true; "
             "--cutoffs=false turns them off)"),
    cl::init(true), cl::cat(SearchCategory));
cl::opt<std::string> Alternatives(
    "alternatives",
    cl::desc("--por=unfolding: alternatives to all explored events (optimal; the default) or "
             "k-partial ones"),
    cl::value_desc("all|k"), cl::init("all"), cl::cat(SearchCategory));
cl::opt<unsigned> PctDepth("pct-depth",
                           cl::desc("--por=pct: the bug depth d (d - 1 priority changes an "
                                    "execution; default 3)"),
                           cl::init(3), cl::value_desc("d"), cl::cat(SearchCategory));
cl::opt<uint64_t> Seed("seed",
                       cl::desc("--por=pct or --best-first-priority=random: the seed of the "
                                "random choices (default 1)"),
                       cl::init(1), cl::value_desc("N"), cl::cat(SearchCategory));
cl::opt<std::string> Checkpoints(
    "checkpoints",
    cl::desc("How a depth-first search returns to a state: adaptive (the default), every or "
             "never (re-step the prefix); the same executions either way"),
    cl::value_desc("adaptive|every|never"), cl::init("adaptive"), cl::cat(SearchCategory));

// The bound functions (docs/user-guide.md, "Search modes and bounds"); at most one, or the fair
// bound with one of preemptions, contexts and delta.
cl::opt<int64_t> Preemptions("preemptions", cl::desc("Preemption bound"), cl::init(-1),
                             cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<int64_t> Contexts("contexts", cl::desc("Context-switch bound"), cl::init(-1),
                          cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<int64_t> Delta("delta", cl::desc("Delta bound (deviations from round-robin order)"),
                       cl::init(-1), cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<int64_t> Fair("fair",
                      cl::desc("Fair bound (difference of yield counts); alone, or with one of "
                               "--preemptions, --contexts or --delta: both bounds at once"),
                      cl::init(-1), cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<int64_t> Depth("depth", cl::desc("Depth bound (visible steps)"), cl::init(-1),
                       cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<int64_t> LocalDepth("local-depth",
                            cl::desc("Local depth bound (longest happens-before chain)"),
                            cl::init(-1), cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<int64_t> LocalContext("local-context",
                              cl::desc("Local context bound (context switches along "
                                       "happens-before chains)"),
                              cl::init(-1), cl::value_desc("N"), cl::cat(BoundCategory));
cl::opt<bool> Iterate("iterate",
                      cl::desc("Search with bound 0, 1, ... up to the given bound, stopping at "
                               "the first error or when the bound prunes nothing"),
                      cl::cat(BoundCategory));

cl::opt<std::string> StateStore(
    "state-store",
    cl::desc("How visited states are stored: exact (the default), hash (8 bytes a state) or "
             "bitstate (3 bits a state; no livelock check); the last two may miss a state"),
    cl::value_desc("exact|hash|bitstate"), cl::init("exact"), cl::cat(StatefulCategory));
cl::opt<unsigned> BitstateBits("bitstate-bits",
                               cl::desc("Bitstate storage: 2^N bits (default 30: 128 MiB)"),
                               cl::init(30), cl::value_desc("N"), cl::cat(StatefulCategory));
cl::opt<bool> StatePor(
    "state-por",
    cl::desc("Partial-order reduction with the cycle proviso; keeps every error and deadlock, "
             "does not check livelocks, takes no bound"),
    cl::cat(StatefulCategory));

cl::opt<std::string> MemoryModelName(
    "model",
    cl::desc("Memory model: sc, tso, pso, ra or rc11. Default: rc11 if the program's atomics "
             "use an order weaker than seq_cst, else sc"),
    cl::value_desc("sc|tso|pso|ra|rc11"), cl::init(""), cl::cat(ProgramCategory));
cl::opt<std::string> NondetMode(
    "nondet",
    cl::desc("__VERIFIER_nondet_* values: symbolic (every value, decided with Z3; the default "
             "when built with Z3) or values (only --nondet-values)"),
    cl::value_desc("symbolic|values"), cl::cat(ProgramCategory));
cl::opt<std::string> NondetValues(
    "nondet-values",
    cl::desc("The values each __VERIFIER_nondet_* call may return (default -1,0,1; implies "
             "--nondet=values)"),
    cl::value_desc("V,..."), cl::init("-1,0,1"), cl::cat(ProgramCategory));
cl::opt<bool> SpinAssume(
    "spin-assume",
    cl::desc("Turn each spin loop into a blocking await of its exit condition (sound for "
             "assertions; hides livelocks)"),
    cl::cat(ProgramCategory));
cl::opt<bool> SpuriousWakeups(
    "spurious-wakeups",
    cl::desc("pthread_cond_wait may return without a signal, once per thread and execution (on "
             "in --svcomp mode)"),
    cl::cat(ProgramCategory));
cl::opt<unsigned> StackLimit("stack-limit",
                             cl::desc("Maximum call depth of a thread (0: the default)"),
                             cl::init(0), cl::value_desc("N"), cl::cat(ProgramCategory));
cl::opt<uint64_t> MaxLocalBranches(
    "max-local-branches",
    cl::desc("Branches a thread may take between two visible operations before it is reported "
             "as a local infinite loop (0: the default, 2^28)"),
    cl::init(0), cl::value_desc("N"), cl::cat(ProgramCategory));

cl::opt<std::string> MallocLimit(
    "malloc-limit",
    cl::desc("malloc, calloc, realloc, aligned_alloc, posix_memalign and new of more than SIZE "
             "fail (NULL, ENOMEM) as glibc's do: MiB or 512M, 2G; default: only sizes beyond any "
             "object (4G; 2G in a 32-bit program)"),
    cl::value_desc("SIZE"), cl::cat(ProgramCategory));

cl::opt<uint64_t> MaxDepth("max-depth",
                           cl::desc("Cut an execution longer than N visible steps (inconclusive, "
                                    "exit code 3); default 100000, 10000000 for the stateful "
                                    "search"),
                           cl::init(100000), cl::value_desc("N"), cl::cat(LimitCategory));
cl::opt<uint64_t> MaxExecutions("max-executions",
                                cl::desc("Stop after N executions (incomplete, exit code 4); "
                                         "default 0: no limit"),
                                cl::init(0), cl::value_desc("N"), cl::cat(LimitCategory));
cl::opt<double> TimeLimit("time-limit",
                          cl::desc("Stop after S seconds (incomplete, exit code 4); default 0: no "
                                   "limit (60 with --find-bug, 850 with --svcomp)"),
                          cl::init(0), cl::value_desc("S"), cl::cat(LimitCategory));
cl::opt<std::string> MemoryLimit(
    "memory-limit",
    cl::desc("Stop before bporcheck's peak memory reaches SIZE: MiB or 512M, 2G (incomplete, "
             "exit code 4); default 4G, or half the physical memory if less; 0: no limit (the "
             "default in --svcomp mode)"),
    cl::value_desc("SIZE"), cl::cat(LimitCategory));

cl::opt<bool> Json("json", cl::desc("Print the result as one JSON object"),
                   cl::cat(OutputCategory));
cl::opt<bool> PrintOutput("print-output",
                          cl::desc("Show the program's own output (printf and friends): each "
                                   "execution's, once, when it ends"),
                          cl::cat(OutputCategory));
cl::opt<bool> NoProgress("no-progress", cl::desc("No progress line on stderr"),
                         cl::cat(OutputCategory));
cl::opt<std::string> SaveTrace("save-trace",
                               cl::desc("Write the schedule of the error found to this file"),
                               cl::value_desc("file"), cl::cat(OutputCategory));
cl::opt<std::string> Replay("replay", cl::desc("Re-run exactly the schedule saved in this file"),
                            cl::value_desc("file"), cl::cat(OutputCategory));
cl::opt<std::string> TraceDetail(
    "trace",
    cl::desc("How the error's trace shows steps in library code: user (the default) folds them "
             "into the program's call that made them; full shows each where it ran"),
    cl::value_desc("user|full"), cl::init("user"), cl::cat(OutputCategory));
cl::opt<std::string> TraceHtml(
    "trace-html",
    cl::desc("Draw the error's trace (or --replay's) as one self-contained HTML page: a column "
             "per thread, arrows for synchronisation and reads-from"),
    cl::value_desc("file"), cl::cat(OutputCategory));
cl::opt<std::string> TraceDot(
    "trace-dot",
    cl::desc("Write the error's trace (or --replay's) as a Graphviz digraph: a cluster per "
             "thread, program-order, synchronisation and reads-from edges"),
    cl::value_desc("file"), cl::cat(OutputCategory));
cl::opt<bool> HashStates(
    "hash-states",
    cl::desc("Count the unique local states the search reaches (costs memory, about 40 bytes a "
             "state, and time)"),
    cl::cat(OutputCategory));
cl::opt<std::string> DumpLocalStates(
    "dump-local-states",
    cl::desc("Write the unique local states' hashes to this file, sorted, one a line (implies "
             "--hash-states)"),
    cl::value_desc("file"), cl::cat(OutputCategory));

cl::opt<std::string> DumpTraces(
    "dump-traces",
    cl::desc("Write a hash of each execution's trace (equal for executions that differ only in "
             "the order of independent steps) and its end, one a line (mpirun: rank N>0 to FILE.N)"),
    cl::value_desc("file"), cl::cat(OutputCategory));

cl::opt<bool> Svcomp(
    "svcomp",
    cl::desc("SV-COMP mode: the input is a task definition (.yml) or a program checked against "
             "--property; the last line of output is 'SV-COMP result: ...'"),
    cl::cat(SvcompCategory));
cl::opt<std::string> PropertyFile(
    "property",
    cl::desc("The property file (.prp): unreach-call, no-data-race, no-overflow, "
             "valid-memsafety or valid-memcleanup"),
    cl::value_desc("file"), cl::cat(SvcompCategory));
cl::opt<std::string>
    DataModel("data-model",
              cl::desc("ILP32 (compile with -m32) or LP64; default: the task's, else LP64"),
              cl::value_desc("ILP32|LP64"), cl::cat(SvcompCategory));
cl::opt<std::string> Witness("witness",
                             cl::desc("Write the witness to this file: YAML (format 2.x) if it "
                                      "ends in .yml or .yaml, else GraphML"),
                             cl::value_desc("file"), cl::cat(SvcompCategory));
cl::opt<std::string> ValidateWitness(
    "validate-witness",
    cl::desc("Replay this violation witness (GraphML or YAML) on the task: exit code 0 "
             "confirmed, 1 "
             "rejected, 2 bad input, 3 not checkable"),
    cl::value_desc("file"), cl::cat(SvcompCategory));

cl::opt<bool> NoTransitiveReduction(
    "no-transitive-reduction",
    cl::desc("Backtrack every race, not only those in the transitive reduction of "
             "happens-before"),
    cl::cat(TuningCategory));
cl::opt<bool> NoBoundOptimization(
    "no-bound-optimization",
    cl::desc("Explore a bound's conservative backtrack points everywhere"),
    cl::cat(TuningCategory));
cl::opt<bool> NoReleaseOptimization(
    "no-release-optimization",
    cl::desc("Reverse a lock race before the unlock, not before the lock it released"),
    cl::cat(TuningCategory));
cl::opt<bool> NoThreadStartOptimization(
    "no-thread-start-optimization",
    cl::desc("Backtrack races between a thread's creation and its steps too"),
    cl::cat(TuningCategory));
cl::opt<bool> NoAlternativeThread(
    "no-alternative-thread",
    cl::desc("Reverse a race with a disabled thread by backtracking every enabled thread"),
    cl::cat(TuningCategory));
cl::opt<bool> NoSleepSets("no-sleep-sets", cl::desc("No sleep sets with BPOR"),
                          cl::cat(TuningCategory));
cl::opt<bool> CheckInvariants(
    "check-invariants",
    cl::desc("Check each bound's Post condition in every state (slow; for debugging)"),
    cl::cat(TuningCategory));

void printVersion(llvm::raw_ostream &os) {
  os << "bporcheck " << BPOR_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
}

constexpr uint64_t StatefulDefaultMaxDepth = 10'000'000;

// --memory-limit's default: 4 GiB, or half the physical memory on a machine with less than
// 8 GiB. A fixed bound keeps verdicts the same from machine to machine; half the memory keeps a
// small machine out of swapping and the OOM killer, which would lose the whole run.
uint64_t defaultMemoryLimitBytes() {
  uint64_t bytes = uint64_t(4096) << 20;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0)
    bytes = std::min(bytes, uint64_t(pages) * uint64_t(pageSize) / 2);
  return bytes;
}

bool usageError(const std::string &message) {
  llvm::errs() << "bporcheck: " << message << "\n";
  return false;
}

} // namespace

bool parseOptions(int argc, char **argv, Options &options) {
  // The help lists exactly the searches the registry has.
  static const std::string searchNames = [] {
    std::string names;
    for (const SearchKind &kind : searchKinds()) {
      if (!names.empty())
        names += '|';
      names += kind.name;
    }
    return names;
  }();
  Por.setValueStr(searchNames);
  SearchName.setValueStr(searchNames);
  cl::HideUnrelatedOptions(Categories);
  cl::SetVersionPrinter(printVersion);
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      printHelp(llvm::outs(), Input.HelpStr, Categories);
      llvm::outs().flush();
      std::exit(0);
    }
    if (arg == "--")
      break;
  }
  if (!cl::ParseCommandLineOptions(argc, argv, HelpOverview, &llvm::errs()))
    return false;
  if (Input.empty())
    return usageError("no input file (try --help)");
  options.input = Input;
  for (const auto &dir : IncludeDirs)
    options.clangArgs.push_back("-I" + dir);
  for (const auto &def : Defines)
    options.clangArgs.push_back("-D" + def);
  if (M32)
    options.clangArgs.push_back("-m32");
  if (!LanguageStandard.empty())
    options.clangArgs.push_back("-std=" + LanguageStandard);

  struct BoundOption {
    cl::opt<int64_t> &option;
    BoundKind kind;
    const char *name;
  };
  BoundOption bounds[] = {
      {Preemptions, BoundKind::Preemption, "--preemptions"},
      {Contexts, BoundKind::Context, "--contexts"},
      {Delta, BoundKind::Delta, "--delta"},
      {Fair, BoundKind::Fair, "--fair"},
      {Depth, BoundKind::Depth, "--depth"},
      {LocalDepth, BoundKind::LocalDepth, "--local-depth"},
      {LocalContext, BoundKind::LocalContext, "--local-context"},
  };
  // One bound, or the fair bound together with a preemption, context or delta bound (6.6):
  // the fair bound keeps spin loops finite while the other limits the schedules.
  std::vector<const BoundOption *> given;
  for (const BoundOption &b : bounds) {
    if (b.option.getNumOccurrences() == 0)
      continue;
    if (b.option < 0)
      return usageError(fmt::format("{} must not be negative", b.name));
    given.push_back(&b);
  }
  auto combinable = [](const BoundOption *b) {
    return b->kind == BoundKind::Preemption || b->kind == BoundKind::Context ||
           b->kind == BoundKind::Delta;
  };
  const char *boundName = nullptr;
  const BoundOption *fair = nullptr;
  if (given.size() == 2 && given[0]->kind != BoundKind::Fair && given[1]->kind == BoundKind::Fair &&
      combinable(given[0])) {
    fair = given[1];
    given.pop_back();
  }
  if (given.size() > 1)
    return usageError(fmt::format(
        "{} and {} cannot be combined: give one bound, or --fair=N together with one of "
        "--preemptions, --contexts or --delta",
        given[0]->name, given[1]->name));
  if (!given.empty()) {
    boundName = given[0]->name;
    options.search.bound = given[0]->kind;
    options.search.boundValue = static_cast<uint64_t>(given[0]->option);
  }
  if (fair)
    options.search.combinedFairBound = static_cast<uint64_t>(fair->option);
  bool bounded = options.search.bound != BoundKind::None;

  if (!SearchName.empty() && !Por.empty() && SearchName != Por)
    return usageError("--search and --por name the search twice: give one of them");
  if (!SearchName.empty())
    Por = std::string(SearchName);
  // The stateful search's own options ask for it when no search is named (with --find-bug or
  // best-first they are refused below, as for any other search).
  bool statefulOptionGiven =
      StateStore.getNumOccurrences() || BitstateBits.getNumOccurrences() || StatePor;
  if (Por.empty() && statefulOptionGiven && !FindBug && !Strategy.getNumOccurrences())
    Por = "stateful";
  if (FindBug) {
    if (!Por.empty() || bounded || Strategy.getNumOccurrences() || Iterate)
      return usageError("--find-bug chooses its own search: give no --por, bound, --strategy "
                        "or --iterate");
    Strategy = "best-first";
    options.findBug = true;
    if (TimeLimit.getNumOccurrences() == 0)
      TimeLimit = 60;
    // A spinning execution is checked for a fair cycle when it reaches the depth limit: keep
    // that check cheap.
    if (MaxDepth.getNumOccurrences() == 0)
      MaxDepth = 10000;
  }
  if (Strategy != "depth-first" && Strategy != "best-first")
    return usageError(fmt::format("unknown --strategy={} (expected depth-first or best-first)",
                                  std::string(Strategy)));
  bool bestFirst = Strategy == "best-first";
  if (BestFirstPriorityOption.getNumOccurrences() && !bestFirst)
    return usageError("--best-first-priority applies only to --strategy=best-first");
  if (bestFirst) {
    const SearchKind *ordered = findSearch(std::string(Por));
    if (!Por.empty() && (!ordered || !ordered->engine))
      return usageError(fmt::format("--strategy=best-first orders the schedules of --por=none, "
                                    "dpor or bpor, not --por={}",
                                    std::string(Por)));
    if (Iterate)
      return usageError("--strategy=best-first needs no --iterate: it runs every schedule of "
                        "cost c before any of cost c + 1");
    // A fair bound keeps spin loops finite whatever the order: it stays a limit beside the cost
    // (6.6), alone or combined with the bound that sets the cost.
    if (options.search.bound == BoundKind::Fair) {
      options.search.combinedFairBound = options.search.boundValue;
      options.search.bound = BoundKind::None;
      bounded = false;
    }
    if (BestFirstPriorityOption == "cost")
      options.search.bestFirstPriority = BestFirstPriority::Cost;
    else if (BestFirstPriorityOption == "random")
      options.search.bestFirstPriority = BestFirstPriority::Random;
    else if (BestFirstPriorityOption == "dpor") {
      options.search.bestFirstPriority = BestFirstPriority::DporGuided;
      if (!Por.empty() && ordered->engine != PorMode::Dpor)
        return usageError("--best-first-priority=dpor uses DPOR's race analysis: it takes no "
                          "other --por");
      Por = "dpor";
    }
    else
      return usageError(fmt::format("unknown --best-first-priority={} (expected cost, random or dpor)",
                                    std::string(BestFirstPriorityOption)));
    options.search.strategy = bpor::Strategy::BestFirst;
    options.search.seed = Seed;
    if (bounded)
      options.search.bestFirstLimit = options.search.boundValue;
    else
      options.search.bound = BoundKind::Preemption; // the cost; no limit
    if (Por.empty())
      Por = "bpor";
    if (findSearch(std::string(Por))->engine == PorMode::Dpor && bounded &&
        options.search.bestFirstPriority != BestFirstPriority::DporGuided)
      return usageError("--strategy=best-first with --por=dpor takes no bound: DPOR under a "
                        "bound loses the coverage guarantee; use --por=bpor");
    bounded = true;
  }
  if (!MemoryModelName.empty()) {
    options.memoryModel = graph::parseMemoryModel(std::string(MemoryModelName));
    options.memoryModelExplicit = true;
    if (!options.memoryModel)
      return usageError(fmt::format("unknown --model={} (expected sc, tso, pso, ra or rc11)",
                                    std::string(MemoryModelName)));
  }
  options.defaultMode = Por.empty() && !bounded;
  // Without --por: BPOR with a bound, else optimal DPOR (the default mode may choose another
  // once it knows the program).
  std::string named = !Por.empty() ? std::string(Por) : bounded ? "bpor" : "optimal";
  const SearchKind *kind = findSearch(named);
  if (!kind)
    return usageError(fmt::format("unknown --por={} (expected {})", named, searchKindList()));
  options.explorer = std::string(kind->name);
  if (kind->ownOptions == OwnOptions::Unfolding) {
    if (bounded)
      return usageError(fmt::format("--por=unfolding takes no bound ({}): with cutoffs it "
                                    "terminates on spinning programs without one",
                                    boundName));
    options.unfoldingOptions.cutoffs = Cutoffs;
    if (Alternatives == "all")
      options.unfoldingOptions.partialAlternatives = 0;
    else {
      char *end = nullptr;
      unsigned long k = std::strtoul(Alternatives.c_str(), &end, 10);
      if (Alternatives.empty() || *end || k == 0 || k > 1000)
        return usageError(fmt::format("--alternatives must be 'all' or a number from 1 to "
                                      "1000, not '{}'",
                                      std::string(Alternatives)));
      options.unfoldingOptions.partialAlternatives = unsigned(k);
    }
  } else if (Cutoffs.getNumOccurrences() || Alternatives.getNumOccurrences()) {
    return usageError("--cutoffs and --alternatives apply only to --por=unfolding");
  }
  if (kind->ownOptions == OwnOptions::Pct) {
    if (bounded)
      return usageError(fmt::format("--por=pct takes no bound ({})", boundName));
    if (PctDepth < 1)
      return usageError("--pct-depth must be at least 1");
    options.pctOptions.depth = PctDepth;
    options.pctOptions.seed = Seed;
  } else if (PctDepth.getNumOccurrences() ||
             (Seed.getNumOccurrences() &&
              options.search.bestFirstPriority != BestFirstPriority::Random)) {
    return usageError("--pct-depth applies only to --por=pct, --seed to --por=pct and "
                      "--best-first-priority=random");
  }
  if (kind->ownOptions == OwnOptions::Stateful) {
    if (bounded && options.search.bound != BoundKind::Preemption)
      return usageError(fmt::format("the stateful search takes only --preemptions as a bound "
                                    "(bounded context switching), not {}",
                                    boundName));
    if (options.search.combinedFairBound)
      return usageError("the stateful search needs no fair bound: a spin that changes nothing "
                        "returns to a state it has visited");
    if (bounded) {
      options.statefulOptions.preemptionBound = options.search.boundValue;
      options.search.bound = BoundKind::None;
      bounded = false;
    }
    if (StateStore == "exact")
      options.statefulOptions.storage = StateStorage::Exact;
    else if (StateStore == "hash")
      options.statefulOptions.storage = StateStorage::HashCompact;
    else if (StateStore == "bitstate")
      options.statefulOptions.storage = StateStorage::Bitstate;
    else
      return usageError(fmt::format("unknown --state-store={} (expected exact, hash or bitstate)",
                                    std::string(StateStore)));
    if (BitstateBits < 10 || BitstateBits > 40)
      return usageError("--bitstate-bits must be between 10 and 40");
    options.statefulOptions.bitstateLog2 = BitstateBits;
    if (StatePor && options.statefulOptions.preemptionBound)
      return usageError("--state-por does not combine with --preemptions");
    options.statefulOptions.partialOrderReduction = StatePor;
    if (Iterate)
      return usageError("--iterate does not apply to the stateful search");
    // The depth limit of a stateless search bounds one execution's length; the stateful search
    // keeps only the path it is on (checkpoints where it branches), so it can go much deeper.
    if (MaxDepth.getNumOccurrences() == 0)
      MaxDepth = StatefulDefaultMaxDepth;
  } else if (statefulOptionGiven) {
    return usageError("--state-store, --bitstate-bits and --state-por apply only to "
                      "--search=stateful");
  }
  if (kind->engine == PorMode::Dpor && bounded && !bestFirst)
    return usageError(fmt::format(
        "--por=dpor cannot be combined with {}: DPOR under a bound loses the coverage "
        "guarantee (dissertation, chapter 3); use --por=bpor",
        boundName));
  // What the registry says of the search's bounds (checks of the searches' own come above).
  if (kind->bounds == BoundUse::None && bounded && kind->engine != PorMode::Dpor)
    return usageError(fmt::format("--por={} cannot be combined with {}: it explores every "
                                  "schedule; bounds need --por=bpor",
                                  options.explorer, boundName));
  if (kind->bounds == BoundUse::Required && !bounded)
    return usageError("--por=bpor needs a bound (--preemptions, --contexts, --delta, --fair, "
                      "--depth, --local-depth or --local-context)");
  if (Iterate && !bounded)
    return usageError("--iterate needs a bound: it raises the bound from 0 up to the one given");
  options.search.iterativeBounding = Iterate;
  options.search.transitiveReduction = !NoTransitiveReduction;
  options.search.boundOptimization = !NoBoundOptimization;
  options.search.sleepSets = !NoSleepSets;
  options.search.releaseOptimization = !NoReleaseOptimization;
  options.search.threadStartOptimization = !NoThreadStartOptimization;
  options.search.alternativeThread = !NoAlternativeThread;
  options.search.checkInvariants = CheckInvariants;

  if (Checkpoints == "adaptive")
    options.search.checkpoints = CheckpointPolicy::Adaptive;
  else if (Checkpoints == "every")
    options.search.checkpoints = CheckpointPolicy::EveryState;
  else if (Checkpoints == "never")
    options.search.checkpoints = CheckpointPolicy::Never;
  else
    return usageError(
        fmt::format("unknown --checkpoints={} (expected adaptive, every or never)", Checkpoints));

  options.search.maxDepth = MaxDepth;
  options.maxDepthGiven = MaxDepth.getNumOccurrences() != 0;
  options.search.maxExecutions = MaxExecutions;
  if (TimeLimit < 0)
    return usageError("--time-limit must not be negative");
  options.search.timeLimitSeconds = TimeLimit;
  if (MemoryLimit.getNumOccurrences()) {
    std::optional<uint64_t> bytes = parseMemorySize(MemoryLimit);
    if (!bytes)
      return usageError(fmt::format("--memory-limit={} is not a size: give MiB (512) or a "
                                    "size with a unit (512M, 2G)",
                                    MemoryLimit.getValue()));
    options.search.memoryLimitBytes = *bytes;
  } else {
    // BenchExec limits the memory of SV-COMP runs.
    options.search.memoryLimitBytes = Svcomp ? 0 : defaultMemoryLimitBytes();
  }
  // The stateful search's own estimate of its states and checkpoints stops it at the same
  // bound, and it keeps a checkpoint in every branching state up to a quarter of it.
  if (options.search.memoryLimitBytes)
    options.statefulOptions.memoryLimitBytes = options.search.memoryLimitBytes;
  options.search.keepGoing = KeepGoing;
  if (Jobs == 0)
    return usageError("-j must be at least 1");
  options.jobs = Jobs;
  options.checkpointFile = CheckpointFile;
  options.checkpointEvery = CheckpointEvery;
  options.resume = Resume;
  if (options.checkpointEvery <= 0)
    return usageError("--checkpoint-every must be positive");
  if (Jobs > 1 && Svcomp)
    return usageError("-j is not available in SV-COMP mode yet: its searches run on one thread");
  options.search.oneReportPerError = KeepGoing;
  if (MaxDepth == 0)
    return usageError("--max-depth must be at least 1");

  if (NondetMode.empty())
    options.model.symbolicNondet =
        Execution::symbolicSupported() && NondetValues.getNumOccurrences() == 0;
  else if (NondetMode == "symbolic")
    options.model.symbolicNondet = true;
  else if (NondetMode == "values")
    options.model.symbolicNondet = false;
  else
    return usageError(fmt::format("--nondet: '{}' is neither 'symbolic' nor 'values'",
                                  std::string(NondetMode)));
  if (options.model.symbolicNondet && !Execution::symbolicSupported())
    return usageError("--nondet=symbolic needs a bporcheck built with Z3 (BPOR_WITH_Z3)");
  // A state key cannot describe a symbolic value's path condition (Model::stateKey).
  if (kind->storesStates && options.model.symbolicNondet && NondetMode.getNumOccurrences() != 0)
    return usageError("--nondet=symbolic does not combine with the stateful search: a state "
                      "key cannot describe a path condition; use --nondet=values");
  if (kind->storesStates)
    options.model.symbolicNondet = false;
  if (options.model.symbolicNondet && NondetValues.getNumOccurrences() != 0)
    return usageError("--nondet-values applies only to --nondet=values");

  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(NondetValues).split(parts, ',', -1, false);
  if (parts.empty())
    return usageError("--nondet-values needs at least one value");
  for (llvm::StringRef part : parts) {
    long long value;
    if (part.trim().getAsInteger(0, value))
      return usageError(fmt::format("--nondet-values: '{}' is not an integer", part.str()));
    options.model.nondetValues.push_back(value);
  }
  options.model.nondetClasses = NondetValues.getNumOccurrences() == 0;

  options.saveTrace = SaveTrace;
  options.replay = Replay;
  if (!options.replay.empty() && !options.saveTrace.empty())
    return usageError("--replay and --save-trace cannot be combined");
  if (TraceDetail != "user" && TraceDetail != "full")
    return usageError(fmt::format("--trace={}: expected user or full", TraceDetail.getValue()));
  options.traceFull = TraceDetail == "full";
  options.traceHtml = TraceHtml;
  options.traceDot = TraceDot;
  options.model.spinAssume = SpinAssume;
  options.dumpLocalStates = DumpLocalStates;
  options.dumpTraces = DumpTraces;
  options.hashStates = HashStates || !options.dumpLocalStates.empty();
  options.json = Json;
  options.model.printOutput = PrintOutput;
  options.progress = !NoProgress && !Json;
  options.model.stackLimit = StackLimit;
  options.model.maxLocalBranches = MaxLocalBranches;
  if (MallocLimit.getNumOccurrences()) {
    std::optional<uint64_t> bytes = parseMemorySize(MallocLimit);
    if (!bytes)
      return usageError(fmt::format("--malloc-limit={} is not a size: give MiB (512) or a "
                                    "size with a unit (512M, 2G)",
                                    MallocLimit.getValue()));
    options.model.mallocLimit = *bytes;
  }
  options.model.emitInstrumented = EmitInstrumented;
  options.clangPath = ClangPath;
  options.model.spuriousWakeups = SpuriousWakeups;
  options.svcomp = Svcomp;
  options.estimate = Estimate;
  options.propertyFile = PropertyFile;
  options.dataModel = DataModel;
  options.witness = Witness;
  options.validateWitness = ValidateWitness;
  if (options.estimate && (Json || !options.replay.empty() || Svcomp ||
                           !options.saveTrace.empty() || !options.validateWitness.empty()))
    return usageError("--estimate prints an estimate and stops: it does not combine with "
                      "--json, --replay, --save-trace, --svcomp or --validate-witness");
  if (!options.dataModel.empty() && options.dataModel != "ILP32" && options.dataModel != "LP64")
    return usageError(fmt::format("--data-model={} (expected ILP32 or LP64)", options.dataModel));
  bool svcompOnly =
      !options.propertyFile.empty() || !options.dataModel.empty() || !options.witness.empty();
  if (!options.validateWitness.empty() && (options.svcomp || !options.witness.empty()))
    return usageError("--validate-witness checks a witness: it does not combine with --svcomp "
                      "or --witness");
  if (!options.validateWitness.empty() &&
      (bounded || !Por.empty() || Iterate || KeepGoing || Json || !options.replay.empty()))
    return usageError("--validate-witness follows the witness: it cannot be combined with a "
                      "search option, --json or --replay");
  if (svcompOnly && !options.svcomp && options.validateWitness.empty())
    return usageError("--property, --data-model and --witness need --svcomp");
  if (options.svcomp && (Json || !options.replay.empty() || !options.saveTrace.empty()))
    return usageError("--svcomp cannot be combined with --json, --replay or --save-trace");
  // SV-COMP mode and witness validation report through the witness, not a trace.
  if ((options.svcomp || !options.validateWitness.empty()) &&
      (!options.traceHtml.empty() || !options.traceDot.empty()))
    return usageError("--trace-html and --trace-dot do not combine with --svcomp or "
                      "--validate-witness");
  // SV-COMP mode chooses its searches (a bug hunt, then a complete search) and judges their
  // coverage itself: a bound, a reduction or spin loops turned into awaits would change what
  // its answers mean.
  // The one choice it leaves: --por=unfolding makes the unfolding search its complete search.
  bool svcompPor = Por.empty() || Por == "unfolding";
  if (options.svcomp && (bounded || !svcompPor || Iterate || SpinAssume || KeepGoing))
    return usageError("--svcomp chooses its own search: it cannot be combined with --por "
                      "(except --por=unfolding), a bound, --iterate, --spin-assume or "
                      "--keep-going");
  return true;
}

const SearchKind &Options::searchKind() const {
  const SearchKind *kind = findSearch(explorer);
  if (!kind) // parseOptions and chooseDefaultMode set only the registry's names
    throw std::logic_error("no search named '" + explorer + "'");
  return *kind;
}

} // namespace bpor::tool
