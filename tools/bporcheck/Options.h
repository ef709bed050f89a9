// bporcheck's command line (LLVM-style options via llvm::cl) and its validation.
#pragma once

#include "checker/graph/Axioms.h"

#include "checker/registry/SearchRegistry.h"
#include "runtime/ModelConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bpor::tool {

struct Options {
  std::string input;
  std::vector<std::string> clangArgs;
  /// --search=NAME (or --por=NAME): the name of the search in checker/registry/SearchRegistry.h;
  /// the default mode sets it once the program is known.
  std::string explorer;
  /// Whether the search is the one named (where the command picks or names a search; what a
  /// search does is asked of searchKind()).
  bool explores(std::string_view name) const { return explorer == name; }
  /// The registry's entry for `explorer` (parseOptions and the default mode set only its names).
  const SearchKind &searchKind() const;
  SearchOptions search;
  /// The options of the searches that have their own: the stateful search (--state-store,
  /// --bitstate-bits; --preemptions is its context bound), unfolding (--cutoffs,
  /// --alternatives) and PCT (--pct-depth, --seed).
  StatefulOptions statefulOptions;
  UnfoldingOptions unfoldingOptions;
  PctOptions pctOptions;
  /// Neither --por nor a bound was given: main picks the default mode once it knows whether
  /// the program spins (see chooseDefaultMode in main.cpp).
  bool defaultMode = false;
  /// --model: the memory model; unset, main picks RC11 for a program whose own atomics use
  /// orders weaker than seq_cst, else sequential consistency.
  std::optional<graph::MemoryModel> memoryModel;
  bool memoryModelExplicit = false; // given by --model
  bool weakMemory() const { return memoryModel && *memoryModel != graph::MemoryModel::SC; }
  /// -j: worker threads for the searches that divide their tree (SearchKind::parallel).
  unsigned jobs = 1;
  /// --checkpoint, --checkpoint-every, --resume: a distributed search's checkpoints
  /// (distributed/DistributedSearch.h, Distribution).
  std::string checkpointFile;
  double checkpointEvery = 60;
  std::string resume;
  /// --find-bug: hunt for an error with the strategy that finds bugs fastest (docs/results.md,
  /// "Time to the first bug"): best-first BPOR, fewest preemptions first, within a time budget.
  bool findBug = false;
  /// --max-depth was given (the default mode then keeps to it).
  bool maxDepthGiven = false;
  /// How the program's model is built (runtime/ModelConfig.h): the nondet values (the classes
  /// of passes/NondetDomain.h unless --nondet-values is given, or symbols with
  /// --nondet=symbolic), --print-output, --spin-loops, the stack, branch and malloc limits,
  /// --emit-instrumented and --spurious-wakeups. SV-COMP mode sets the rest per task.
  ModelConfig model;
  std::string saveTrace;
  std::string replay;
  /// --trace=full: every step of the text trace where it ran, library code's too (else they
  /// are folded into the program's calls).
  bool traceFull = false;
  /// --trace-html, --trace-dot: where to draw the error's trace (or the replayed one).
  std::string traceHtml;
  std::string traceDot;
  bool json = false;
  bool progress = true;
  /// --estimate: print the estimate of the search's size (tools/bporcheck/Estimate.h) and stop.
  bool estimate = false;
  /// --hash-states: count the unique local states the search reaches (dissertation, chapter 8).
  bool hashStates = false;
  /// --dump-local-states: write the hashes --hash-states counts to this file.
  std::string dumpLocalStates;
  /// --dump-traces: write each explored execution's trace hash to this file (TraceHashFile.h).
  std::string dumpTraces;
  std::string clangPath;
  /// --svcomp: input is a task definition (.yml) or a program checked against --property.
  bool svcomp = false;
  std::string propertyFile; // --property
  std::string dataModel;    // --data-model: "ILP32", "LP64" or "" (the task's, else LP64)
  std::string witness;      // --witness: where SV-COMP mode writes its witness
  std::string validateWitness; // --validate-witness: the witness to replay
};

/// Parses argv. On bad usage prints one line to stderr and returns false (exit code 2).
bool parseOptions(int argc, char **argv, Options &options);

} // namespace bpor::tool
