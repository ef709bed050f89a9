// SV-COMP witnesses (GraphML, witness format 1.0): a violation witness is the path of the
// execution that calls the error function, one edge per visible event with its thread, source
// line, thread creation and the values of nondet calls; a correctness witness for TRUE is the
// trivial automaton (one entry node), which the format allows.
#pragma once

#include "checker/Explorer.h"
#include "runtime/Execution.h"

#include <string>

namespace bpor::svcomp {

/// The task a witness is about: the program, the property file (its text is the witness's
/// specification) and the data model (ILP32 or LP64).
struct WitnessTask {
  std::string programFile;
  std::string propertyFile;
  std::string dataModel;
};

/// The violation witness of `report` (its trace as `model` describes it, the values of its
/// nondet inputs in `nondetValues`), as GraphML text.
std::string violationWitness(const Model &model, const ErrorReport &report,
                             const std::vector<NondetValue> &nondetValues,
                             const WitnessTask &task);
/// The correctness witness, as GraphML text.
std::string correctnessWitness(const WitnessTask &task);

/// Writes a witness's text to `path`; returns "" or a one-line problem.
std::string writeWitness(const std::string &path, const std::string &text);

} // namespace bpor::svcomp
