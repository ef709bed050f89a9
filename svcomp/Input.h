// What SV-COMP mode and witness validation read before they look at the program: the task
// definition (or a program with --property), the property to check and the data model, and the
// compiler arguments that compile the task's input for that data model.
#pragma once

#include "core/Outcome.h"
#include "svcomp/Host.h"
#include "svcomp/Task.h"

#include <optional>
#include <string>
#include <vector>

namespace bpor::svcomp {

/// What the command line names: the input (a task definition .yml, or a program with
/// --property), and what it says of the property file, data model and compiler.
struct TaskRequest {
  std::string input;
  std::string propertyFile; // "": the task's only one
  std::string dataModel;    // "ILP32", "LP64" or "": the task's, else LP64
  std::vector<std::string> clangArgs;
};

struct Input {
  std::optional<TaskDefinition> task; // when the input is a task definition
  std::string propertyFile;
  Property property;
  std::string programFile; // the one input file
  std::string dataModel;   // ILP32 or LP64
  /// The request's clangArgs, the data model's -m32/-m64, and what the tasks' C dialect needs.
  std::vector<std::string> clangArgs;
};

/// Reads the input of --svcomp or --validate-witness. Only what bporcheck can check is
/// accepted: the unreach-call property (error function reach_error or __VERIFIER_error),
/// no-data-race or no-overflow (of a C source), with entry main, one C input file, data model
/// ILP32 or LP64. Otherwise returns nullopt and sets `problem` to one line that says why.
std::optional<Input> readInput(const TaskRequest &request, std::string &problem);

/// Sets up a model to check the input's property: data-race detection for no-data-race (where
/// reach_error is the program's own function), clang's trapping signed-overflow checks for
/// no-overflow.
void configureForProperty(const Input &input, ModelRequest &model);

/// Whether the error violates the input's property.
bool violatesProperty(const Input &input, const ErrorInfo &error);

/// The property a violation violates, as SV-COMP names it in false(...): for valid-memsafety
/// the part (valid-deref, valid-free, valid-memtrack), else the property.
std::string violatedProperty(const Input &input, const ErrorInfo &error);

/// What a violation does, for messages: "calls reach_error()", "has a data race", ...
std::string violationPhrase(const Input &input);

} // namespace bpor::svcomp
