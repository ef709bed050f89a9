#include "tools/bporcheck/Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

namespace bpor::tool {
namespace cl = llvm::cl;

namespace {

cl::OptionCategory Category("bporcheck options");

cl::opt<std::string> Input(cl::Positional, cl::desc("<program.c | program.bc | program.ll>"),
                           cl::cat(Category));
cl::list<std::string> IncludeDirs("I", cl::Prefix, cl::desc("Include directory (for .c input)"),
                                  cl::value_desc("dir"), cl::cat(Category));
cl::list<std::string> Defines("D", cl::Prefix, cl::desc("Macro definition (for .c input)"),
                              cl::value_desc("name[=value]"), cl::cat(Category));

cl::opt<std::string> Por("por", cl::desc("Partial-order reduction: none (exhaustive search)"),
                         cl::value_desc("none"), cl::init("none"), cl::cat(Category));

cl::opt<uint64_t> MaxDepth("max-depth",
                           cl::desc("Report a livelock when an execution exceeds this many "
                                    "visible steps"),
                           cl::init(100000), cl::cat(Category));
cl::opt<uint64_t> MaxExecutions("max-executions",
                                cl::desc("Stop after this many executions (0: no limit)"),
                                cl::init(0), cl::cat(Category));
cl::opt<double> TimeLimit("time-limit", cl::desc("Stop after this many seconds (0: no limit)"),
                          cl::init(0), cl::cat(Category));
cl::opt<bool> KeepGoing("keep-going",
                        cl::desc("Go on after an error and count every error found"),
                        cl::cat(Category));
cl::opt<std::string> NondetValues(
    "nondet-values",
    cl::desc("Comma-separated values that each __VERIFIER_nondet_* call may return"),
    cl::init("-1,0,1"), cl::cat(Category));
cl::opt<std::string> SaveTrace("save-trace",
                               cl::desc("Write the schedule of the error found to this file"),
                               cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> Replay("replay", cl::desc("Re-run exactly the schedule saved in this file"),
                            cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Json("json", cl::desc("Print the result as one JSON object"), cl::cat(Category));
cl::opt<bool> PrintOutput("print-output",
                          cl::desc("Show the program's own output (printf and friends)"),
                          cl::cat(Category));
cl::opt<bool> NoProgress("no-progress", cl::desc("No progress line on stderr"),
                         cl::cat(Category));
cl::opt<unsigned> StackLimit("stack-limit",
                             cl::desc("Maximum call depth of a thread (0: the default)"),
                             cl::init(0), cl::cat(Category));
cl::opt<std::string> EmitInstrumented(
    "emit-instrumented", cl::desc("Write the instrumented module as LLVM IR to this file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ClangPath("clang", cl::desc("The clang used to compile C/C++ input"),
                               cl::init(BPOR_DEFAULT_CLANG), cl::cat(Category));

void printVersion(llvm::raw_ostream &os) {
  os << "bporcheck " << BPOR_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
}

bool usageError(const std::string &message) {
  llvm::errs() << "bporcheck: " << message << "\n";
  return false;
}

} // namespace

bool parseOptions(int argc, char **argv, Options &options) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "bporcheck: a stateless model checker for C programs with POSIX threads\n\n"
          "  Runs the program under every thread schedule (within a bound, if one is given) and\n"
          "  reports assertion failures, deadlocks, livelocks and memory errors with a trace.\n"
          "  Exit codes: 0 no error found, 1 error found, 2 bad usage or input,\n"
          "  3 unsupported construct or internal limit.\n",
          &llvm::errs()))
    return false;
  if (Input.empty())
    return usageError("no input file (try --help)");
  options.input = Input;
  for (const auto &dir : IncludeDirs)
    options.clangArgs.push_back("-I" + dir);
  for (const auto &def : Defines)
    options.clangArgs.push_back("-D" + def);

  if (Por == "none")
    options.search.por = PorMode::None;
  else
    return usageError(fmt::format("unknown --por={} (expected none)", std::string(Por)));

  options.search.maxDepth = MaxDepth;
  options.search.maxExecutions = MaxExecutions;
  if (TimeLimit < 0)
    return usageError("--time-limit must not be negative");
  options.search.timeLimitSeconds = TimeLimit;
  options.search.keepGoing = KeepGoing;
  if (MaxDepth == 0)
    return usageError("--max-depth must be at least 1");

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

  options.saveTrace = SaveTrace;
  options.replay = Replay;
  if (!options.replay.empty() && !options.saveTrace.empty())
    return usageError("--replay and --save-trace cannot be combined");
  options.json = Json;
  options.printOutput = PrintOutput;
  options.progress = !NoProgress && !Json;
  options.stackLimit = StackLimit;
  options.emitInstrumented = EmitInstrumented;
  options.clangPath = ClangPath;
  return true;
}

} // namespace bpor::tool
