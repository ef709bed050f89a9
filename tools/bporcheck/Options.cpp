#include "tools/bporcheck/Options.h"

#include "checker/graph/Axioms.h"
#include "runtime/Execution.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <unistd.h>

namespace bpor::tool {
namespace cl = llvm::cl;

namespace {

cl::OptionCategory Category("bporcheck options");

cl::opt<std::string> Input(cl::Positional,
                           cl::desc("<program.c | program.bc | program.ll | task.yml (--svcomp)>"),
                           cl::cat(Category));
cl::list<std::string> IncludeDirs("I", cl::Prefix, cl::desc("Include directory (for .c/.cpp input)"),
                                  cl::value_desc("dir"), cl::cat(Category));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Macro definition (for .c/.cpp input)"),
                              cl::value_desc("name[=value]"), cl::cat(Category));
cl::opt<std::string> LanguageStandard(
    "std", cl::desc("Language standard for .c/.cpp input, as clang takes it (c11, gnu17, "
                    "c++17, c++20, ...); default: clang's"),
    cl::value_desc("standard"), cl::cat(Category));
cl::opt<bool> M32("m32",
                  cl::desc("Compile .c/.cpp input for 32-bit x86 (ILP32: 4-byte pointers, long and "
                           "size_t), as SV-COMP's ILP32 tasks are"),
                  cl::cat(Category));

cl::opt<std::string> Por(
    "por",
    cl::desc("Reduction: none (every schedule; with a bound, plain bounded search), dpor (DPOR "
             "with sleep sets), bpor (bounded partial-order reduction; the default with a "
             "bound), source (source-DPOR), optimal (optimal DPOR with wakeup trees: one "
             "execution per Mazurkiewicz trace; the default without a bound, unless the "
             "program spins), stateful (the stateful search; the default for programs with "
             "spin loops or sched_yield, see --search), unfolding (unfolding-based POR: one "
             "execution per trace, and with cutoffs complete on spinning programs with "
             "finitely many states; see --cutoffs), pct (random testing with PCT priorities: "
             "a bug hunt, never complete; see --pct-depth)"),
    cl::value_desc("search"), cl::init(""), // the names: set from the registry
    cl::cat(Category));
cl::opt<std::string> MemoryModelName(
    "model",
    cl::desc("Memory model: sc (sequential consistency), tso (x86-TSO), pso (SPARC PSO), ra "
             "(release/acquire for every atomic), rc11 (C11's model, repaired: every memory "
             "order of the atomics). Default: rc11 if the program's atomics use an order "
             "weaker than seq_cst, else sc. Under any model but sc the search explores one "
             "execution per consistent execution graph (docs/user-guide.md, \"Memory "
             "models\")"),
    cl::value_desc("model"), cl::init(""), cl::cat(Category));
cl::opt<std::string> SearchName(
    "search",
    cl::desc("The search, as --por names it; 'stateful' is the stateful search: a depth-first "
             "search of the program's states that stores every state it visits, so that it "
             "terminates on programs whose loops spin (complete when the program has finitely "
             "many states) and finds livelocks as fair cycles; with --preemptions=N it is "
             "Spin's bounded context switching"),
    cl::value_desc("search"), cl::init(""), // the names: set from the registry
    cl::cat(Category));
cl::opt<bool> Cutoffs(
    "cutoffs",
    cl::desc("--por=unfolding: cutoff events (on by default; --cutoffs=false turns them off): "
             "an event whose local configuration reaches a state that a lesser configuration "
             "(in an adequate order) reached is not explored further, so that spin loops and "
             "retries end; whether every execution ends is then not checked "
             "(--search=stateful finds livelocks)"),
    cl::init(true), cl::cat(Category));
cl::opt<std::string> Alternatives(
    "alternatives",
    cl::desc("--por=unfolding: which alternatives open a new branch: all (optimal: each trace "
             "once; the default) or k > 0 (k-partial: cheaper to find, may explore executions "
             "that end sleep-set blocked)"),
    cl::value_desc("all|k"), cl::init("all"), cl::cat(Category));
cl::opt<std::string> StateStore(
    "state-store",
    cl::desc("Stateful search: how visited states are stored: exact (the states themselves; the "
             "default), hash (hash compaction: 8 bytes a state, may miss a state with the "
             "probability the result states) or bitstate (Spin's bitstate hashing: "
             "3 bits a state in a 2^--bitstate-bits array; no livelock check)"),
    cl::value_desc("exact|hash|bitstate"), cl::init("exact"), cl::cat(Category));
cl::opt<unsigned> PctDepth("pct-depth",
                           cl::desc("--por=pct: the bug depth d (d - 1 priority changes an "
                                    "execution; default 3)"),
                           cl::init(3), cl::value_desc("d"), cl::cat(Category));
cl::opt<uint64_t> Seed("seed",
                       cl::desc("--por=pct or --best-first-priority=random: the seed of the "
                                "random choices (default 1)"),
                       cl::init(1), cl::value_desc("N"), cl::cat(Category));
cl::opt<bool> FindBug(
    "find-bug",
    cl::desc("Hunt for an error: best-first BPOR with the fewest preemptions first (a fair bound "
             "of 2 if the program spins), for at most --time-limit seconds (default 60); prints "
             "the first error as soon as it is found, otherwise the coverage reached (every "
             "schedule with at most c preemptions)"),
    cl::cat(Category));
cl::opt<std::string> Strategy(
    "strategy",
    cl::desc("The order of the schedules for --por=none, dpor or bpor: depth-first (the "
             "default) or best-first (dissertation chapter 3: an execution tree whose cheapest "
             "open schedule runs next, so every schedule with c preemptions runs before any "
             "with c + 1, and each completed level is reported; a bound given is a limit, none "
             "means no limit; the reduction is bpor unless --por says otherwise)"),
    cl::value_desc("depth-first|best-first"), cl::init("depth-first"), cl::cat(Category));
cl::opt<std::string> BestFirstPriorityOption(
    "best-first-priority",
    cl::desc("--strategy=best-first: cost (fewest preemptions, or the cost of the bound given, "
             "first; the default), random (a random order, --seed) or dpor (every schedule "
             "within the bound, those DPOR would explore first; give a bound)"),
    cl::value_desc("cost|random|dpor"), cl::init("cost"), cl::cat(Category));
cl::opt<bool> StatePor(
    "state-por",
    cl::desc("Stateful search: partial-order reduction with the cycle proviso (a thread whose "
             "next step is independent of every other thread's, a yield, fence or nondet "
             "choice, runs first, the others after it); keeps every error and deadlock, does "
             "not check livelocks, no bound"),
    cl::cat(Category));
cl::opt<unsigned> BitstateBits("bitstate-bits",
                               cl::desc("Bitstate storage: 2^N bits (default 30: 128 MiB)"),
                               cl::init(30), cl::value_desc("N"), cl::cat(Category));

// The bound functions of the dissertation (2.7 and chapter 7); at most one.
cl::opt<int64_t> Preemptions("preemptions", cl::desc("Preemption bound"), cl::init(-1),
                             cl::value_desc("N"), cl::cat(Category));
cl::opt<int64_t> Contexts("contexts", cl::desc("Context-switch bound"), cl::init(-1),
                          cl::value_desc("N"), cl::cat(Category));
cl::opt<int64_t> Delta("delta", cl::desc("Delta bound (deviations from round-robin order)"),
                       cl::init(-1), cl::value_desc("N"), cl::cat(Category));
cl::opt<int64_t> Fair("fair",
                      cl::desc("Fair bound (difference of yield counts); alone, or together "
                               "with one of --preemptions, --contexts or --delta, which keeps "
                               "spin loops finite while the other bound limits the schedules "
                               "(6.6)"),
                      cl::init(-1), cl::value_desc("N"), cl::cat(Category));
cl::opt<int64_t> Depth("depth", cl::desc("Depth bound (visible steps)"), cl::init(-1),
                       cl::value_desc("N"), cl::cat(Category));
cl::opt<int64_t> LocalDepth("local-depth",
                            cl::desc("Local depth bound (longest happens-before chain)"),
                            cl::init(-1), cl::value_desc("N"), cl::cat(Category));
cl::opt<int64_t> LocalContext("local-context",
                              cl::desc("Local context bound (context switches along "
                                       "happens-before chains)"),
                              cl::init(-1), cl::value_desc("N"), cl::cat(Category));
cl::opt<bool> Iterate("iterate",
                      cl::desc("Search with bound 0, 1, ... up to the given bound, stopping at "
                               "the first error or when the bound prunes nothing"),
                      cl::cat(Category));
cl::opt<bool> NoTransitiveReduction(
    "no-transitive-reduction",
    cl::desc("Backtrack every race, not only those in the transitive reduction (6.1)"),
    cl::cat(Category));
cl::opt<bool> NoBoundOptimization(
    "no-bound-optimization",
    cl::desc("Explore conservative backtrack points everywhere (6.4 off)"), cl::cat(Category));
cl::opt<bool> NoReleaseOptimization(
    "no-release-optimization",
    cl::desc("Reverse a lock race before the unlock, not before the lock it released (6.3 off)"),
    cl::cat(Category));
cl::opt<bool> NoThreadStartOptimization(
    "no-thread-start-optimization",
    cl::desc("Backtrack races between a fork and the child's transitions too (6.3 off)"),
    cl::cat(Category));
cl::opt<bool> NoAlternativeThread(
    "no-alternative-thread",
    cl::desc("Reverse a race with a disabled thread by backtracking every enabled thread, not "
             "only the cheapest one that leads to it (6.2 off)"),
    cl::cat(Category));
cl::opt<bool> NoSleepSets("no-sleep-sets", cl::desc("No sleep sets with BPOR (6.5 off)"),
                          cl::cat(Category));
cl::opt<bool> CheckInvariants(
    "check-invariants",
    cl::desc("Debugging: check each bound's Post condition in every state (slow)"),
    cl::cat(Category));

cl::opt<uint64_t> MaxDepth("max-depth",
                           cl::desc("Cut an execution longer than this many visible steps "
                                    "(inconclusive, exit code 3; the stateful search: stop "
                                    "following a path deeper than this, default 10,000,000 there)"),
                           cl::init(100000), cl::cat(Category));
cl::opt<uint64_t> MaxExecutions("max-executions",
                                cl::desc("Stop after this many executions (0: no limit)"),
                                cl::init(0), cl::cat(Category));
cl::opt<double> TimeLimit("time-limit", cl::desc("Stop after this many seconds (0: no limit)"),
                          cl::init(0), cl::cat(Category));
cl::opt<uint64_t> MemoryLimit(
    "memory-limit",
    cl::desc("Stop the search (incomplete, exit code 4) once bporcheck's peak memory exceeds "
             "this many MiB (0: no limit; default: 4096, or half the physical memory if that "
             "is less; none in --svcomp mode)"),
    cl::init(0), cl::value_desc("MiB"), cl::cat(Category));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Explore on this many worker threads (--search=optimal and source: "
                                "source-DPOR divided among them; the same traces as one thread)"),
                       cl::init(1), cl::cat(Category));
cl::alias JobsLong("jobs", cl::desc("Alias for -j"), cl::aliasopt(Jobs));
cl::opt<bool> KeepGoing("keep-going",
                        cl::desc("Go on after an error: count every execution that ends in one, and "
                                 "report each distinct error (kind, place, message) once"),
                        cl::cat(Category));
cl::opt<std::string> NondetMode(
    "nondet",
    cl::desc("How __VERIFIER_nondet_* values are explored: 'symbolic' (every value of the type, "
             "decided with Z3; the default when built with Z3) or 'values' (only the "
             "--nondet-values; the default without Z3). A value the program only compares with "
             "constants is covered completely either way: as plain values, by one value of each "
             "class those comparisons cannot tell apart"),
    cl::value_desc("symbolic|values"), cl::cat(Category));
cl::opt<std::string> NondetValues(
    "nondet-values",
    cl::desc("With --nondet=values: comma-separated values that each __VERIFIER_nondet_* call "
             "may return (implies --nondet=values; given, it also applies to values only "
             "compared with constants)"),
    cl::init("-1,0,1"), cl::cat(Category));
cl::opt<std::string> SaveTrace("save-trace",
                               cl::desc("Write the schedule of the error found to this file"),
                               cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> Replay("replay", cl::desc("Re-run exactly the schedule saved in this file"),
                            cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> SpinAssume(
    "spin-assume",
    cl::desc("Turn each spin loop into a blocking await of its exit condition instead of "
             "putting a yield on its back edge (sound for assertions; hides livelocks)"),
    cl::cat(Category));
cl::opt<bool> HashStates(
    "hash-states",
    cl::desc("Count the unique local states the search reaches (each thread's last event and "
             "its happens-before past, hashed canonically; dissertation, chapter 8). Costs "
             "memory (a set of every state's 64-bit hash, about 40 bytes a state, kept for "
             "the whole search) and time (every execution is hashed)"),
    cl::cat(Category));
cl::opt<std::string> DumpLocalStates(
    "dump-local-states",
    cl::desc("Write the unique local states' hashes (as --hash-states counts them) to this "
             "file, sorted, one hexadecimal hash a line; implies --hash-states. Two searches "
             "of one program reached the same states iff their files are equal"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Json("json", cl::desc("Print the result as one JSON object"), cl::cat(Category));
cl::opt<bool> PrintOutput("print-output",
                          cl::desc("Show the program's own output (printf and friends): each "
                                   "execution's, once, when it ends"),
                          cl::cat(Category));
cl::opt<bool> NoProgress("no-progress", cl::desc("No progress line on stderr"),
                         cl::cat(Category));
cl::opt<std::string> Checkpoints(
    "checkpoints",
    cl::desc("How the depth-first searches return to a state to explore another branch: "
             "adaptive (restore a checkpoint where re-stepping from the one above would cost "
             "more than twice a checkpoint; the default), every (a checkpoint in every state), "
             "never (re-step the whole prefix); for measuring, each gives the same executions"),
    cl::init("adaptive"), cl::cat(Category));
cl::opt<unsigned> StackLimit("stack-limit",
                             cl::desc("Maximum call depth of a thread (0: the default)"),
                             cl::init(0), cl::cat(Category));
cl::opt<uint64_t> MaxLocalBranches(
    "max-local-branches",
    cl::desc("Branches a thread may take between two visible operations before it is reported "
             "as a local infinite loop (0: the default, 2^28)"),
    cl::init(0), cl::cat(Category));
cl::opt<std::string> EmitInstrumented(
    "emit-instrumented", cl::desc("Write the instrumented module as LLVM IR to this file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> SpuriousWakeups(
    "spurious-wakeups",
    cl::desc("Let pthread_cond_wait return without a signal, as POSIX allows (once per thread "
             "and execution, so that wait loops stay finite; on in --svcomp mode)"),
    cl::cat(Category));
cl::opt<bool> Svcomp(
    "svcomp",
    cl::desc("SV-COMP mode: the input is a task definition (.yml, format 2.0) or a program "
             "checked against --property; the last line of output is 'SV-COMP result: true', "
             "'SV-COMP result: false(PROPERTY)' or 'SV-COMP result: unknown', with the reason "
             "on the line before (docs/user-guide.md, \"SV-COMP mode\")"),
    cl::cat(Category));
cl::opt<std::string> PropertyFile(
    "property",
    cl::desc("SV-COMP mode and --validate-witness: the property file (.prp) to check "
             "(unreach-call, no-data-race, no-overflow, valid-memsafety); needed for a program, "
             "and for a task definition that lists several properties"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    DataModel("data-model",
              cl::desc("SV-COMP mode and --validate-witness: ILP32 (compile with -m32) or "
                       "LP64; default: the task's options.data_model, else LP64"),
              cl::value_desc("ILP32|LP64"), cl::cat(Category));
cl::opt<std::string> Witness("witness",
                             cl::desc("SV-COMP mode: write a GraphML witness to this file"),
                             cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ValidateWitness(
    "validate-witness",
    cl::desc("Replay this SV-COMP violation witness (GraphML) on the task (or a program with "
             "--property) and say whether an execution that follows it calls the error "
             "function: exit code 0 confirmed, 1 rejected, 2 bad input, 3 not checkable"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ClangPath("clang", cl::desc("The clang used to compile C/C++ input (the "
                                                 "default runs inside bporcheck)"),
                               cl::init(BPOR_DEFAULT_CLANG), cl::cat(Category));

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
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "bporcheck: a stateless model checker for C programs with POSIX threads\n\n"
          "  Runs the program under every thread schedule (within a bound, if one is given) and\n"
          "  reports assertion failures, deadlocks, livelocks and memory errors with a trace.\n"
          "  Exit codes: 0 no error in the stated scope, 1 error found, 2 bad usage or input,\n"
          "  3 unsupported construct or internal limit, 4 no error found but the search is\n"
          "  incomplete (a limit, or behaviours left out); with --svcomp, 0 once an answer\n"
          "  is printed.\n",
          &llvm::errs()))
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
    if (!Por.empty() && Por != "none" && Por != "dpor" && Por != "bpor")
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
      if (!Por.empty() && Por != "dpor")
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
    if (Por == "dpor" && bounded &&
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
  if (options.explores("unfolding")) {
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
  if (options.explores("pct")) {
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
  if (options.explores("stateful")) {
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
  } else if (StateStore.getNumOccurrences() || BitstateBits.getNumOccurrences() || StatePor) {
    return usageError("--state-store, --bitstate-bits and --state-por apply only to "
                      "--search=stateful");
  }
  if (options.explores("dpor") && bounded && !bestFirst)
    return usageError(fmt::format(
        "--por=dpor cannot be combined with {}: DPOR under a bound loses the coverage "
        "guarantee (dissertation, chapter 3); use --por=bpor",
        boundName));
  // What the registry says of the search's bounds (checks of the searches' own come above).
  if (kind->bounds == BoundUse::None && bounded && !options.explores("dpor"))
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
  options.search.memoryLimitBytes =
      MemoryLimit.getNumOccurrences() ? uint64_t(MemoryLimit) << 20
      : Svcomp                        ? 0 // BenchExec limits the memory of SV-COMP runs
                                      : defaultMemoryLimitBytes();
  // The stateful search's own estimate of its states and checkpoints stops it at the same
  // bound, and it keeps a checkpoint in every branching state up to a quarter of it.
  if (options.search.memoryLimitBytes)
    options.statefulOptions.memoryLimitBytes = options.search.memoryLimitBytes;
  options.search.keepGoing = KeepGoing;
  if (Jobs == 0)
    return usageError("-j must be at least 1");
  options.jobs = Jobs;
  if (Jobs > 1 && Svcomp)
    return usageError("-j is not available in SV-COMP mode yet: its searches run on one thread");
  options.search.oneReportPerError = KeepGoing;
  if (MaxDepth == 0)
    return usageError("--max-depth must be at least 1");

  if (NondetMode.empty())
    options.symbolicNondet =
        Execution::symbolicSupported() && NondetValues.getNumOccurrences() == 0;
  else if (NondetMode == "symbolic")
    options.symbolicNondet = true;
  else if (NondetMode == "values")
    options.symbolicNondet = false;
  else
    return usageError(fmt::format("--nondet: '{}' is neither 'symbolic' nor 'values'",
                                  std::string(NondetMode)));
  if (options.symbolicNondet && !Execution::symbolicSupported())
    return usageError("--nondet=symbolic needs a bporcheck built with Z3 (BPOR_WITH_Z3)");
  // A state key cannot describe a symbolic value's path condition (Model::stateKey).
  if (options.explores("stateful") && options.symbolicNondet &&
      NondetMode.getNumOccurrences() != 0)
    return usageError("--nondet=symbolic does not combine with the stateful search: a state "
                      "key cannot describe a path condition; use --nondet=values");
  if (options.explores("stateful"))
    options.symbolicNondet = false;
  if (options.symbolicNondet && NondetValues.getNumOccurrences() != 0)
    return usageError("--nondet-values applies only to --nondet=values");

  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(NondetValues).split(parts, ',', -1, false);
  if (parts.empty())
    return usageError("--nondet-values needs at least one value");
  for (llvm::StringRef part : parts) {
    long long value;
    if (part.trim().getAsInteger(0, value))
      return usageError(fmt::format("--nondet-values: '{}' is not an integer", part.str()));
    options.nondetValues.push_back(value);
  }
  options.nondetClasses = NondetValues.getNumOccurrences() == 0;

  options.saveTrace = SaveTrace;
  options.replay = Replay;
  if (!options.replay.empty() && !options.saveTrace.empty())
    return usageError("--replay and --save-trace cannot be combined");
  options.spinAssume = SpinAssume;
  options.dumpLocalStates = DumpLocalStates;
  options.hashStates = HashStates || !options.dumpLocalStates.empty();
  options.json = Json;
  options.printOutput = PrintOutput;
  options.progress = !NoProgress && !Json;
  options.stackLimit = StackLimit;
  options.maxLocalBranches = MaxLocalBranches;
  options.emitInstrumented = EmitInstrumented;
  options.clangPath = ClangPath;
  options.spuriousWakeups = SpuriousWakeups;
  options.svcomp = Svcomp;
  options.propertyFile = PropertyFile;
  options.dataModel = DataModel;
  options.witness = Witness;
  options.validateWitness = ValidateWitness;
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

} // namespace bpor::tool
