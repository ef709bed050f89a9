// What SV-COMP mode and witness validation read before they look at the program: the task
// definition (or a program with --property), the property to check and the data model, and the
// compiler arguments that compile the task's input for that data model.
#pragma once

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
/// accepted: the unreach-call property (error function reach_error or __VERIFIER_error) or
/// no-data-race, with entry main, one C input file, data model ILP32 or LP64. Otherwise returns
/// nullopt and sets `problem` to one line that says why.
std::optional<SvcompInput> readSvcompInput(const Options &options, std::string &problem);

} // namespace bpor::tool
