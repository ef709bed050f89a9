// From a loaded module to a Model the checker can explore: instrument the module (passes/),
// decode it (interp/) and wrap it in an Execution (runtime/).
#pragma once

#include "core/Model.h"
#include "runtime/Execution.h"

#include "llvm/IR/Module.h"

#include <memory>
#include <string>
#include <vector>

namespace bpor::tool {

struct ModelConfig {
  std::vector<int64_t> nondetValues;
  bool printOutput = false;
  bool spinAssume = false;
  uint32_t stackLimit = 0;
  uint64_t maxLocalBranches = 0;
  uint64_t mallocLimit = 0; // ExecutionOptions::mallocLimit
  std::string emitInstrumented;      // write the instrumented IR here if not empty
  bool symbolicNondet = false;       // every nondet value, symbolically (ExecutionOptions)
  bool enumerateSmallNondet = false; // bool- and char-sized nondet: every value (SV-COMP mode)
  bool spuriousWakeups = false;      // pthread_cond_wait may wake without a signal
  bool abortStopsThread = false;     // abort() stops its thread like a failed assume (SV-COMP)
  /// A nondet result only compared with constants: one value of each class the comparisons
  /// cannot tell apart (passes/NondetDomain.h). Off only to validate it.
  bool nondetClasses = true;
  /// Report data races (ExecutionOptions::raceDetection; SV-COMP's no-data-race).
  RaceDetection raceDetection = RaceDetection::Off;
  /// Report heap memory no longer pointed to at the normal end (ExecutionOptions::detectLeaks).
  bool detectLeaks = false;
  /// A call of reach_error or __VERIFIER_error is the error, whatever its body (unreach-call);
  /// off, it runs the program's own body (passes/InstrumentOptions.h).
  bool errorFunctionsAreErrors = true;
  /// Replace loops without effects by their last iteration (passes/LoopAbstraction.h): an
  /// over-approximation, whose violations prove nothing.
  bool abstractLoops = false;
};

struct BuiltModel {
  std::shared_ptr<Model> model;         // null on failure
  Execution *execution = nullptr; // the same object as model (coverage gaps, nondet inputs)
  /// The decoded program `model` runs, and the options it runs with: another model over the
  /// same program is newExecution()'s.
  std::shared_ptr<const Program> program;
  ExecutionOptions executionOptions;

  /// A model of its own over the same program, with the same options, starting at s0: the
  /// Program is only read once built, so models over it may run on different threads at once
  /// (a parallel search gives each worker one). Null if the build failed. Location ids are the
  /// model's own: an id from one model means nothing to another (Model::sourceLocation).
  std::shared_ptr<Execution> newExecution() const;
  std::string error;                    // one line
  int exitCode = 0;                     // 2 bad input, 3 unsupported construct
  bool usesNondet = false;              // the program calls __VERIFIER_nondet_*
  /// The program may read a pthread_t value (a thread's number): see threadHandlesMayBeRead.
  bool threadHandlesRead = true;
  bool hasYields = false; // sched_yield calls or spin loops (the pass put yields in them)
  /// The program's own code has atomics or fences with memory orders weaker than seq_cst (the
  /// default memory model is then RC11).
  bool weakOrders = false;
  unsigned abstractedLoops = 0; // ModelConfig::abstractLoops
  /// "file:line" of the first instruction that may use an uninitialized local variable (an
  /// undef operand once locals are promoted), "" if none: its value is whatever the
  /// interpreter makes of undef, not every value the variable could hold.
  std::string uninitializedUse;
};

BuiltModel buildModel(std::unique_ptr<llvm::Module> module, const ModelConfig &config);

} // namespace bpor::tool
