// Shared by the Execution tests: builds a Program from LLVM IR text written against the runtime
// ABI (exactly the calls the pass emits, runtime/bpor_abi.h), and drives an Execution through
// the Model interface: explicit schedules, and a tiny exhaustive search that does not depend on
// the checker.
#pragma once

#include "interp/Program.h"
#include "runtime/Execution.h"

#include <gtest/gtest.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace bpor::test {

/// Declarations of every ABI function and modelled libc function, prepended to each test module.
extern const char *AbiDeclarations;

struct BuiltProgram {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<Program> program;
};

/// Concatenates IR fragments.
std::string cat(std::initializer_list<std::string_view> parts);

/// Parses `body` (after AbiDeclarations) and builds its Program; fails the test on error.
BuiltProgram buildProgram(const std::string &body);

/// One maximal execution found by exhaustiveRuns.
struct RunOutcome {
  ExecStatus status = ExecStatus::Running;
  ErrorKind error = ErrorKind::None;
  bool deadlock = false; // Running with live threads, none enabled
  std::string observed;  // what the observer returned at the end
  bool operator<(const RunOutcome &o) const {
    return std::tie(status, error, deadlock, observed) <
           std::tie(o.status, o.error, o.deadlock, o.observed);
  }
};

/// Explores every schedule (and data choice) by depth-first search with restart and replay.
/// Returns the number of maximal executions; `outcomes` gets each distinct end.
uint64_t exhaustiveRuns(Execution &execution, std::set<RunOutcome> &outcomes,
                        const std::function<std::string(Execution &)> &observe = {},
                        uint64_t maxExecutions = 100000);

/// Steps `schedule` (thread ids) from a restart; each step must be enabled.
void runSchedule(Execution &execution, const std::vector<ThreadId> &schedule);

/// Steps thread 0 (main) while the execution runs, at most `maxSteps` times.
void stepMainToEnd(Execution &execution, int maxSteps = 200);

/// The value of a global's first `size` bytes in the current state.
uint64_t globalValue(const Execution &execution, const Program &program, const char *name,
                     uint64_t size = 4);

} // namespace bpor::test
