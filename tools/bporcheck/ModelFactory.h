// From a loaded module to a Model the checker can explore: instrument the module (passes/),
// decode it (interp/) and wrap it in an Execution (runtime/).
#pragma once

#include "core/Model.h"
#include "runtime/Execution.h"
#include "runtime/ModelConfig.h"

#include "llvm/IR/Module.h"

#include <memory>
#include <string>
#include <vector>

namespace bpor::tool {

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
  bool usesNondet = false;              // __VERIFIER_nondet_* calls drawn from the domain
  /// __VERIFIER_nondet_* calls drawn from tables that cover every behaviour (value classes,
  /// an assumption's values: passes/NondetDomain.h, passes/AssumedValues.h).
  bool drawsCompleteNondet = false;
  /// The program may read a pthread_t value (a thread's number): see threadHandlesMayBeRead.
  bool threadHandlesRead = true;
  bool hasYields = false; // sched_yield calls or spin loops (the pass put yields in them)
  /// Update loops (passes/SpinLoopPass.h): compare-and-swap or exchange retry loops whose
  /// failed rounds change nothing.
  bool hasUpdateLoops = false;
  /// An input function the program calls (scanf, getchar, fgets, read, ...), "" if none: it
  /// reads the model's empty streams (inputFunctionCalled).
  std::string inputFunction;
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
