// What SV-COMP mode and witness validation need of the command that runs them, and no more:
// models of the task's program, the way the command shows an error and words what a search
// left out of the nondet inputs, and its progress line. The command fills a Host
// (tools/bporcheck/SvcompHost.cpp); this library includes none of the command's headers.
#pragma once

#include "checker/Explorer.h"
#include "runtime/Execution.h"
#include "runtime/ModelConfig.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bpor::svcomp {

/// One model of the task's program, as SV-COMP mode wants it: the program and how its model is
/// made (runtime/ModelConfig.h; the property's checks set by configureForProperty). The command
/// adds its own settings (the compiler, the stack and local-branch limits).
struct ModelRequest : ModelConfig {
  /// pthread_cond_wait may return without a signal, as SV-COMP's tasks allow.
  ModelRequest() { spuriousWakeups = true; }
  std::string programFile;
  /// The command's clang arguments with what the data model and the property add (Input).
  std::vector<std::string> clangArgs;
};

/// A model of the program and what SV-COMP mode reads of how it was built.
struct ProgramModel {
  std::shared_ptr<Model> model;   // null on failure
  Execution *execution = nullptr; // the same object as model
  std::string error;              // one line, on failure
  bool usesNondet = false;        // the program calls __VERIFIER_nondet_*
  /// The program may read a pthread_t value: dropping threads would renumber what it reads.
  bool threadHandlesRead = true;
  bool hasYields = false;       // sched_yield calls or spin loops
  unsigned abstractedLoops = 0; // ModelRequest::abstractLoops
  /// "file:line" of a possible use of an uninitialized local variable, "" if none.
  std::string uninitializedUse;
  /// An input function the program calls (scanf, getchar, fgets, read, ...), "" if none.
  std::string inputFunction;
};

struct Host {
  /// Compiles the program and builds a model of it.
  std::function<ProgramModel(const ModelRequest &)> buildModel;
  /// Prints a violation as the command prints an error: its trace, then the values of its
  /// nondet inputs. Returns those values (symbolic ones settled to the error's execution), for
  /// the witness.
  std::function<std::vector<NondetValue>(Model &, Execution &, ErrorReport &)> showViolation;
  /// What a search left out of the nondet inputs (`gaps`, the ones that grew during it), in
  /// words; "" if nothing.
  std::function<std::string(const Execution &, const CoverageGaps &)> describeDataGap;
  /// The progress line: updated during a search, finished after it.
  std::function<void(const Statistics &)> progress;
  std::function<void()> finishProgress;
};

} // namespace bpor::svcomp
