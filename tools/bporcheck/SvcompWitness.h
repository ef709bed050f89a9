// SV-COMP witnesses (GraphML, witness format 1.0): a violation witness is the path of the
// execution that calls the error function, one edge per visible event with its thread, source
// line, thread creation and the values of nondet calls; a correctness witness for TRUE is the
// trivial automaton (one entry node), which the format allows.
#pragma once

#include "checker/Explorer.h"
#include "runtime/Execution.h"

#include <string>

namespace bpor::tool {

/// Writes the witness; returns "" or a one-line problem.
std::string writeViolationWitness(const std::string &path, const Model &model,
                                  const ErrorReport &report,
                                  const std::vector<NondetValue> &nondetValues,
                                  const std::string &programFile,
                                  const std::string &propertyFile, const std::string &dataModel);
std::string writeCorrectnessWitness(const std::string &path, const std::string &programFile,
                                    const std::string &propertyFile, const std::string &dataModel);

} // namespace bpor::tool
