// What SV-COMP mode and witness validation read before they look at the program: the task
// definition (or a program with --property), the property to check and the data model, and the
// compiler arguments that compile the task's input for that data model.
#pragma once

#include "core/Model.h"
#include "tools/bporcheck/ModelFactory.h"
#include "tools/bporcheck/Options.h"
#include "tools/bporcheck/SvcompTask.h"

#include <optional>
#include <string>
#include <vector>

namespace bpor::tool {

struct SvcompInput {
  std::optional<svcomp::TaskDefinition> task; // when the input is a task definition
  std::string propertyFile;
  svcomp::Property property;
  std::string programFile; // the one input file
  std::string dataModel;   // ILP32 or LP64
  /// options.clangArgs, the data model's -m32/-m64, and what the tasks' C dialect needs.
  std::vector<std::string> clangArgs;
};

/// Reads the input of --svcomp or --validate-witness. Only what bporcheck can check is
/// accepted: the unreach-call property (error function reach_error or __VERIFIER_error),
/// no-data-race or no-overflow (of a C source), with entry main, one C input file, data model
/// ILP32 or LP64. Otherwise returns nullopt and sets `problem` to one line that says why.
std::optional<SvcompInput> readSvcompInput(const Options &options, std::string &problem);

/// Sets up a model to check the input's property: data-race detection for no-data-race (where
/// reach_error is the program's own function), clang's trapping signed-overflow checks for
/// no-overflow.
void configureForProperty(const SvcompInput &input, ModelConfig &config);

/// Whether the error violates the input's property.
bool violatesProperty(const SvcompInput &input, const ErrorInfo &error);

/// The property a violation violates, as SV-COMP names it in false(...): for valid-memsafety
/// the part (valid-deref, valid-free, valid-memtrack), else the property.
std::string violatedProperty(const SvcompInput &input, const ErrorInfo &error);

/// What a violation does, for messages: "calls reach_error()", "has a data race", ...
std::string violationPhrase(const SvcompInput &input);

} // namespace bpor::tool
