// bporcheck --help: the options by category, in the categories' order and by name within one,
// each description filled to lines of at most 100 characters beside its option, spelled as
// users type it (-j, -m32, --name=<VALUE>).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace bpor::tool {

// What the help says before the options.
inline constexpr const char *HelpOverview =
    "bporcheck: a stateless model checker for C and C++ programs with POSIX or C++ threads\n\n"
    "  Runs the program under every thread schedule (within a bound, if one is given) and\n"
    "  reports assertion failures, deadlocks, livelocks and memory errors with a trace.\n"
    "  Exit codes: 0 no error in the stated scope, 1 error found, 2 bad usage or input,\n"
    "  3 unsupported construct or internal limit, 4 no error found but the search is\n"
    "  incomplete (a limit, an interrupt, or behaviours left out); with --svcomp, 0 once an\n"
    "  answer is printed. docs/user-guide.md explains every option.\n";

/// Prints the help: the usage line (with `inputHelp`, the positional input's description), the
/// overview, then each of `categories` with its options.
void printHelp(llvm::raw_ostream &os, llvm::StringRef inputHelp,
               llvm::ArrayRef<const llvm::cl::OptionCategory *> categories);

} // namespace bpor::tool
